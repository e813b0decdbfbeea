// An incremental CSV reader (RFC 4180: quoted fields with separators, doubled quotes and line
// breaks inside) made for the SIRENE stock files: text arrives in chunks, complete records come
// out, and only the columns asked for are cut out of each record (the importer reads 23 of the 54
// columns of StockEtablissement, 11 of 35, 4 of 19): the others are counted, not copied. Records
// without a quote — nearly all of them — are cut with indexOf, without looking at each character.
//
// Every record must have as many fields as the header; a quote left open or followed by anything
// but a separator or the end of the line means a corrupt file. Empty lines are skipped.

export class CsvFormatError extends Error {
  override name = 'CsvFormatError'
}

/** A record longer than this is a quote left open (a SIRENE record is under 2 KB). */
const MAX_RECORD_CHARS = 1 << 20

export class CsvScanner {
  private rest = ''
  /** Records read so far, the header included (for messages). */
  records = 0
  private width = -1
  private wanted: boolean[] | null = null

  /**
   * `columnsOf` says, from the header, which columns (by position) to keep of the records after
   * it; the other positions of a row are left empty (undefined). Without it every field is kept.
   */
  constructor(
    private readonly delimiter: string,
    private readonly columnsOf?: (header: readonly string[]) => readonly number[],
  ) {}

  private header(row: readonly string[]): void {
    this.width = row.length
    if (this.columnsOf) {
      const columns = this.columnsOf(row)
      this.wanted = Array.from({ length: row.length }, (_, i) => columns.includes(i))
    }
  }

  /** Appends the complete records of `text` (with what was left of the previous chunk) to `out`. */
  push(text: string, out: string[][]): void {
    const buffer = this.rest === '' ? text : this.rest + text
    const consumed = this.scan(buffer, out, false)
    this.rest = buffer.slice(consumed)
    if (this.rest.length > MAX_RECORD_CHARS)
      throw new CsvFormatError(`record ${this.records + 1} never ends (a quote left open?)`)
  }

  /** The last record, when the file does not end with a line break. */
  end(out: string[][]): void {
    const buffer = this.rest
    this.rest = ''
    if (buffer !== '') this.scan(buffer, out, true)
  }

  /** Reads records from `buffer`; returns where the first incomplete one starts. */
  private scan(buffer: string, out: string[][], final: boolean): number {
    const d = this.delimiter
    const length = buffer.length
    let at = 0
    let nextQuote = buffer.indexOf('"')
    if (nextQuote === -1) nextQuote = length
    while (at < length) {
      let newline = buffer.indexOf('\n', at)
      if (newline === -1) {
        if (!final) return at
        newline = length
      }
      if (nextQuote < at) {
        nextQuote = buffer.indexOf('"', at)
        if (nextQuote === -1) nextQuote = length
      }
      if (nextQuote < newline) {
        // A quoted field: character by character, possibly over several lines.
        const next = this.quotedRecord(buffer, at, out, final)
        if (next === -1) return at
        at = next
        continue
      }
      let end = newline
      if (end > at && buffer.charCodeAt(end - 1) === 13) end--
      if (end > at) this.plainRecord(buffer, at, end, d, out)
      at = newline + 1
    }
    return length
  }

  private plainRecord(buffer: string, start: number, end: number, d: string, out: string[][]): void {
    this.records++
    const wanted = this.wanted
    if (wanted === null) {
      const row = buffer.slice(start, end).split(d)
      if (this.width === -1) this.header(row)
      else this.check(row.length)
      out.push(row)
      return
    }
    const row = new Array<string>(this.width)
    let field = 0
    let from = start
    for (;;) {
      let to = buffer.indexOf(d, from)
      if (to === -1 || to > end) to = end
      if (field < this.width && wanted[field]) row[field] = buffer.slice(from, to)
      field++
      if (to === end) break
      from = to + 1
    }
    this.check(field)
    out.push(row)
  }

  /**
   * A record holding quotes, from `start`: its end (after its line break), or -1 when the buffer
   * ends first (more text is needed).
   */
  private quotedRecord(buffer: string, start: number, out: string[][], final: boolean): number {
    const d = this.delimiter.charCodeAt(0)
    const length = buffer.length
    const fields: string[] = []
    let at = start
    for (;;) {
      // One field starts at `at`.
      let value: string
      if (at < length && buffer.charCodeAt(at) === 34) {
        let text = ''
        let from = at + 1
        for (;;) {
          const quote = buffer.indexOf('"', from)
          if (quote === -1) {
            if (!final) return -1
            throw new CsvFormatError(`record ${this.records + 1}: quote left open`)
          }
          if (quote + 1 < length && buffer.charCodeAt(quote + 1) === 34) {
            text += buffer.slice(from, quote + 1)
            from = quote + 2
            continue
          }
          if (quote + 1 >= length && !final) return -1
          text += buffer.slice(from, quote)
          at = quote + 1
          break
        }
        value = text
        const c = at < length ? buffer.charCodeAt(at) : 10
        const lineEnd = c === 10 || (c === 13 && (at + 1 >= length || buffer.charCodeAt(at + 1) === 10))
        if (c !== d && !lineEnd) {
          throw new CsvFormatError(`record ${this.records + 1}: characters after a closing quote`)
        }
        if (c === 13 && at + 1 >= length && !final) return -1
      } else {
        let to = at
        while (to < length) {
          const c = buffer.charCodeAt(to)
          // A quote inside an unquoted field is taken as it is.
          if (c === d || c === 10) break
          to++
        }
        if (to >= length && !final) return -1
        value = buffer.slice(at, to)
        if (value.endsWith('\r') && (to >= length || buffer.charCodeAt(to) === 10)) value = value.slice(0, -1)
        at = to
      }
      fields.push(value)
      const c = at < length ? buffer.charCodeAt(at) : 10
      if (c === d) {
        at++
        continue
      }
      // End of the record (line break, or end of the file).
      if (c === 13) at++
      at++
      break
    }
    this.records++
    const wanted = this.wanted
    if (this.width === -1) this.header(fields)
    else this.check(fields.length)
    if (wanted === null) out.push(fields)
    else {
      const row = new Array<string>(this.width)
      for (let i = 0; i < fields.length; i++) if (wanted[i]) row[i] = fields[i]!
      out.push(row)
    }
    return Math.min(at, length)
  }

  private check(count: number): void {
    if (count !== this.width) {
      throw new CsvFormatError(
        `corrupt record ${this.records} (${count} fields where the header has ${this.width})`,
      )
    }
  }
}
