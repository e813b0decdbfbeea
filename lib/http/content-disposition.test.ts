import { parse } from 'content-disposition'
import { describe, expect, it } from 'vitest'
import { asciiFileName, attachmentDisposition, fileNameFromTitle } from './content-disposition'

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
