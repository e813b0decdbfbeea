// A streaming UTF-8 → ISO-8859-15 (Latin-9) encoder for dataset files. Characters Latin-9 cannot hold
// become "?" (one per character) and are counted.
//
// The character table comes from iconv-lite's ISO-8859-15 codec; the conversion itself works on the
// UTF-8 bytes directly. Decoding each chunk to a string, encoding it with iconv-lite and counting
// the replacements in a second pass ran at about a fifth of this speed on export data (bench/RESULTS.md),
// which would make the Latin-9 export the bottleneck of a dataset generation.
import { Transform, type TransformCallback } from 'node:stream'
import iconv from 'iconv-lite'

const REPLACEMENT = 0x3f // "?"
/** Latin-9 holds code points up to U+20AC (the euro sign); everything above is replaced. */
const TABLE_SIZE = 0x20ad

/** Latin-9 byte of each code point below TABLE_SIZE, -1 where Latin-9 has none. */
const TABLE: Int16Array = (() => {
  const table = new Int16Array(TABLE_SIZE).fill(-1)
  for (let codePoint = 0; codePoint < TABLE_SIZE; codePoint++) {
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue
    const bytes = iconv.encode(String.fromCharCode(codePoint), 'iso-8859-15')
    const byte = bytes[0]!
    if (bytes.length === 1 && (byte !== REPLACEMENT || codePoint === REPLACEMENT)) table[codePoint] = byte
  }
  return table
})()

/** Length of the UTF-8 sequence starting with `lead` (1 for stray continuation bytes). */
function sequenceLength(lead: number): number {
  if (lead >= 0xf0 && lead <= 0xf7) return 4
  if (lead >= 0xe0) return lead <= 0xef ? 3 : 1
  if (lead >= 0xc0) return 2
  return 1
}

/** The conversion state of one stream: call `convert` per chunk, then `end`. */
export class Latin9Converter {
  /** Characters replaced by "?" so far. */
  replaced = 0
  private pending: Buffer | null = null

  convert(chunk: Buffer): Buffer {
    let input = chunk
    if (this.pending) {
      input = Buffer.concat([this.pending, chunk])
      this.pending = null
    }
    // An incomplete sequence at the end waits for the next chunk.
    let end = input.length
    for (let back = 1; back <= 3 && back <= input.length; back++) {
      const byte = input[input.length - back]!
      if (byte < 0x80) break
      if (byte >= 0xc0) {
        if (sequenceLength(byte) > back) end = input.length - back
        break
      }
    }
    if (end < input.length) this.pending = Buffer.from(input.subarray(end))
    return this.encode(input, end)
  }

  /** The rest of the stream: a sequence truncated at the very end is one character replaced. */
  end(): Buffer {
    if (!this.pending) return Buffer.alloc(0)
    this.pending = null
    this.replaced += 1
    return Buffer.from([REPLACEMENT])
  }

  private encode(src: Buffer, end: number): Buffer {
    const out = Buffer.allocUnsafe(end)
    let o = 0
    let replaced = 0
    for (let i = 0; i < end;) {
      const byte = src[i]!
      if (byte < 0x80) {
        out[o++] = byte
        i++
        continue
      }
      const length = sequenceLength(byte)
      let codePoint = -1
      if (length === 2) codePoint = ((byte & 0x1f) << 6) | (src[i + 1]! & 0x3f)
      else if (length === 3)
        codePoint = ((byte & 0x0f) << 12) | ((src[i + 1]! & 0x3f) << 6) | (src[i + 2]! & 0x3f)
      i += length
      const mapped = codePoint >= 0 && codePoint < TABLE_SIZE ? TABLE[codePoint]! : -1
      if (mapped < 0) {
        replaced++
        out[o++] = REPLACEMENT
      } else out[o++] = mapped
    }
    this.replaced += replaced
    return out.subarray(0, o)
  }
}

/** The converter as a stream stage. */
export class Latin9Encoder extends Transform {
  readonly converter = new Latin9Converter()

  get replaced(): number {
    return this.converter.replaced
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    callback(null, this.converter.convert(chunk))
  }

  override _flush(callback: TransformCallback): void {
    const rest = this.converter.end()
    callback(null, rest.length > 0 ? rest : undefined)
  }
}

/** Encodes a whole UTF-8 text or buffer at once (tests, small texts). */
export function encodeLatin9(utf8: Buffer | string): { bytes: Buffer; replaced: number } {
  const converter = new Latin9Converter()
  const bytes = Buffer.concat([converter.convert(Buffer.from(utf8)), converter.end()])
  return { bytes, replaced: converter.replaced }
}
