import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { CsvFormatError, CsvScanner } from './csv-scanner'

const TEXT = [
  'siren,nom,ville,note',
  '812345676,"DUPONT, MARTIN ET ""FILS""",RENNES,a',
  '812345684,plain,"SAINT-MALO\nCEDEX",',
  '',
  '812345692,"",NANTES,"x"\r',
  '812345700,LE "BON" COIN,"",z',
  '812345718,a,b,"ends with a quote"""',
].join('\n')

function scanInChunks(text: string, cuts: number[], columnsOf?: (h: readonly string[]) => number[]) {
  const scanner = new CsvScanner(',', columnsOf)
  const out: string[][] = []
  let from = 0
  for (const cut of [...cuts, text.length]) {
    scanner.push(text.slice(from, cut), out)
    from = cut
  }
  scanner.end(out)
  return out
}

describe('CsvScanner', () => {
  const expected = Papa.parse<string[]>(TEXT, { delimiter: ',', skipEmptyLines: true }).data

  it('reads what papaparse reads, wherever the chunks are cut', () => {
    expect(expected).toHaveLength(6)
    for (let cut = 0; cut <= TEXT.length; cut++)
      expect(scanInChunks(TEXT, [cut]), `cut at ${cut}`).toEqual(expected)
    for (let cut = 0; cut + 7 <= TEXT.length; cut += 3)
      expect(scanInChunks(TEXT, [cut, cut + 1, cut + 7])).toEqual(expected)
    expect(scanInChunks(TEXT + '\n', [])).toEqual(expected)
  })

  it('reads files whose lines end with CR LF', () => {
    const crlf = TEXT.replace(/(?<!\r)\n(?!CEDEX)/g, '\r\n')
    const expectedCrlf = Papa.parse<string[]>(crlf, { delimiter: ',', skipEmptyLines: true }).data
    expect(expectedCrlf).toEqual(expected)
    for (let cut = 0; cut <= crlf.length; cut++)
      expect(scanInChunks(crlf, [cut]), `cut at ${cut}`).toEqual(expected)
  })

  it('keeps only the columns asked for, after the header', () => {
    const rows = scanInChunks(TEXT, [50], (header) => [header.indexOf('siren'), header.indexOf('ville')])
    expect(rows[0]).toEqual(['siren', 'nom', 'ville', 'note'])
    for (const [i, row] of rows.slice(1).entries()) {
      expect(row).toHaveLength(4)
      expect(row[0]).toBe(expected[i + 1]![0])
      expect(row[2]).toBe(expected[i + 1]![2])
      expect(row[1]).toBeUndefined()
      expect(row[3]).toBeUndefined()
    }
  })

  it('refuses a record with another field count, a quote left open, text after a closing quote', () => {
    expect(() => scanInChunks('a,b,c\n1,2,3\n4,5\n', [])).toThrow(
      'corrupt record 3 (2 fields where the header has 3)',
    )
    expect(() => scanInChunks('a,b\n1,"open\n2,3\n', [])).toThrow(/record 2: quote left open/)
    expect(() => scanInChunks('a,b\n1,"x"y\n', [])).toThrow(CsvFormatError)
  })
})
