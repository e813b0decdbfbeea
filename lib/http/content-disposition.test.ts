import { parse } from 'content-disposition'
import { describe, expect, it } from 'vitest'
import {
  asciiFileName,
  attachmentDisposition,
  fileNameFromTitle,
  stripUnsafeCharacters,
} from './content-disposition'

describe('download names', () => {
  it('makes a file name of a title', () => {
    expect(fileNameFromTitle('Établissements de Bretagne', 'csv')).toBe('Établissements de Bretagne.csv')
    expect(fileNameFromTitle('  Lyon / Villeurbanne : 56.10A?  ', 'csv')).toBe('Lyon Villeurbanne 56.10A.csv')
    expect(fileNameFromTitle('..', 'csv')).toBe('export.csv')
    expect(fileNameFromTitle('a\u0000b\nc', 'csv')).toBe('a b c.csv')
    const long = fileNameFromTitle('é'.repeat(300), 'csv')
    expect([...long]).toHaveLength(120)
    expect(long.endsWith('é.csv')).toBe(true)
  })

  it('gives an ASCII fallback without accents or typographic signs', () => {
    expect(asciiFileName('Locaux d’Ille-et-Vilaine — « 2026 ».csv')).toBe(
      "Locaux d'Ille-et-Vilaine - _ 2026 _.csv",
    )
    expect(asciiFileName('Cœur de ville, ßtraße, 5 €, 東京.csv')).toBe(
      'Coeur de ville, sstrasse, 5 EUR, __.csv',
    )
  })

  it('writes filename and filename* (RFC 6266, RFC 5987), read back by a parser', () => {
    const header = attachmentDisposition('Établissements de Bretagne.csv')
    expect(header).toBe(
      'attachment; filename="Etablissements de Bretagne.csv"; filename*=UTF-8\'\'%C3%89tablissements%20de%20Bretagne.csv',
    )
    expect(parse(header).parameters.filename).toBe('Établissements de Bretagne.csv')
    expect(parse(header, { extended: false }).parameters.filename).toBe('Etablissements de Bretagne.csv')
    // An ASCII name needs no extended parameter.
    expect(attachmentDisposition('x-v1.csv')).toBe('attachment; filename=x-v1.csv')
    expect(/^[\x20-\x7e]*$/.test(attachmentDisposition('Cœur « 東京 ».csv'))).toBe(true)
  })
})

describe('control and bidirectional characters', () => {
  // Bidirectional controls, invisible format characters, C0, DEL, C1, line and paragraph separators.
  const unsafe = [
    '\u202e',
    '\u202d',
    '\u202a',
    '\u202b',
    '\u202c',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200e',
    '\u200f',
    '\u061c',
    '\u200b',
    '\u200d',
    '\ufeff',
    '\u00ad',
    '\u2060',
    '\u0000',
    '\u0007',
    '\u001b',
    '\u007f',
    '\u0085',
    '\u009b',
    '\u2028',
    '\u2029',
    '\r',
    '\n',
    '\t',
  ]
  const printable = (header: string) => decodeURIComponent(header.replace(/^.*filename\*=UTF-8''/, ''))

  it.each(unsafe)('never writes U+%s into a saved name', (c) => {
    const code = c.codePointAt(0)!.toString(16).padStart(4, '0')
    const title = `facture${c}fdp.exe`
    const name = fileNameFromTitle(title, 'csv')
    expect(name.includes(c), code).toBe(false)
    const header = attachmentDisposition(`Locaux ${c}é${c}.csv`)
    expect(printable(header).includes(c), code).toBe(false)
    expect(parse(header).parameters.filename).toMatch(/^Locaux ?é ?\.csv$/)
    expect(parse(attachmentDisposition(title)).parameters.filename?.includes(c)).toBe(false)
  })

  it('keeps the extension where the name ends', () => {
    expect(stripUnsafeCharacters('facture\u202Efdp.exe')).toBe('facturefdp.exe')
    expect(parse(attachmentDisposition('Rapport \u202Egpj.exe')).parameters.filename).toBe('Rapport gpj.exe')
    expect(fileNameFromTitle('\u202E\u2066', 'csv')).toBe('export.csv')
    expect(attachmentDisposition('\u202E')).toBe('attachment; filename=download')
    // Letters of every script stay.
    expect(stripUnsafeCharacters('Zürich 東京 עברית')).toBe('Zürich 東京 עברית')
  })
})
