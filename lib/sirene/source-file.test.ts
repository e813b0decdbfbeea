import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { readCsvRows, sniffDelimiter, SireneFileError } from './source-file'
import { writeZip } from './testing/write-zip'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-sirene-source-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

async function readAll(file: string): Promise<{ header: string[]; rows: string[][] }> {
  const csv = await readCsvRows(file)
  const rows: string[][] = []
  for await (const batch of csv.batches) rows.push(...batch)
  return { header: csv.header, rows }
}

const SAMPLE =
  'siren,denomination,ville\n812345676,"LES ""DELICES"" DU CANAL, SARL",RENNES\n812345684,"A, B\nC",LYON\n'

describe('readCsvRows', () => {
  it('reads quotes, separators and line breaks inside fields', async () => {
    const file = path.join(dir, 'plain.csv')
    fs.writeFileSync(file, SAMPLE)
    expect(await readAll(file)).toEqual({
      header: ['siren', 'denomination', 'ville'],
      rows: [
        ['812345676', 'LES "DELICES" DU CANAL, SARL', 'RENNES'],
        ['812345684', 'A, B\nC', 'LYON'],
      ],
    })
  })

  it('reads gzip files and the first .csv entry of a ZIP archive', async () => {
    const gz = path.join(dir, 'sample.csv.gz')
    fs.writeFileSync(gz, zlib.gzipSync(SAMPLE))
    const zip = path.join(dir, 'sample.zip')
    writeZip(zip, 'StockUniteLegale_utf8.csv', Buffer.from(SAMPLE))
    const plain = path.join(dir, 'plain.csv')
    fs.writeFileSync(plain, SAMPLE)
    expect(await readAll(gz)).toEqual(await readAll(plain))
    expect(await readAll(zip)).toEqual(await readAll(plain))
  })

  it('reads the semicolon-separated geolocation file', async () => {
    const file = path.join(dir, 'geo.csv')
    fs.writeFileSync(file, 'siret;x;y;epsg\n81234567600017;352286.8;6788365.1;2154\n')
    expect((await readAll(file)).rows).toEqual([['81234567600017', '352286.8', '6788365.1', '2154']])
  })

  it('keeps characters whole across the chunk boundaries of a large file', async () => {
    const file = path.join(dir, 'big.csv.gz')
    const lines = ['siret,libelle']
    for (let i = 0; i < 120_000; i++) lines.push(`${String(i).padStart(14, '0')},ÉTABLISSEMENT ŒUVRE Ä ${i}`)
    fs.writeFileSync(file, zlib.gzipSync(lines.join('\n') + '\n'))
    const csv = await readCsvRows(file)
    let n = 0
    let batches = 0
    for await (const batch of csv.batches) {
      batches++
      for (const row of batch) {
        expect(row[1]).toBe(`ÉTABLISSEMENT ŒUVRE Ä ${n}`)
        n++
      }
    }
    expect(n).toBe(120_000)
    expect(batches).toBeGreaterThan(1)
    expect(csv.bytesRead()).toBe(csv.size)
  })

  it('fails on a row whose field count differs from the header, naming it', async () => {
    const file = path.join(dir, 'corrupt.csv')
    fs.writeFileSync(file, 'a,b,c\n1,2,3\n4,5\n6,7,8\n')
    await expect(readAll(file)).rejects.toThrow(/corrupt record 3 \(2 fields where the header has 3\)/)
  })

  it('fails on an unterminated quote and on a truncated gzip file', async () => {
    const quote = path.join(dir, 'quote.csv')
    fs.writeFileSync(quote, 'a,b\n1,"open\n2,3\n')
    await expect(readAll(quote)).rejects.toThrow(SireneFileError)
    const truncated = path.join(dir, 'truncated.csv.gz')
    const lines = ['a,b', ...Array.from({ length: 50_000 }, (_, i) => `${i},${i * 7}`)].join('\n')
    const full = zlib.gzipSync(lines)
    fs.writeFileSync(truncated, full.subarray(0, Math.floor(full.length / 2)))
    await expect(readAll(truncated)).rejects.toThrow(/unexpected end of file/)
  })

  it('says when a file is missing or empty', async () => {
    await expect(readCsvRows(path.join(dir, 'absent.csv'))).rejects.toThrow(/file not found/)
    const empty = path.join(dir, 'empty.csv')
    fs.writeFileSync(empty, '')
    await expect(readCsvRows(empty)).rejects.toThrow(/empty file/)
  })
})

describe('sniffDelimiter', () => {
  it('reads the separator from the header line', () => {
    expect(sniffDelimiter('siret;x;y;qualite_xy\n1;2;3;4')).toBe(';')
    expect(sniffDelimiter('siren,nic,siret\n')).toBe(',')
  })
})
