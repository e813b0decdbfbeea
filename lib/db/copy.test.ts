import { describe, expect, it } from 'vitest'
import { csvField, csvLine } from './copy'

describe('csvField', () => {
  it('writes NULL as an empty field and the empty string quoted', () => {
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
    expect(csvField('')).toBe('""')
  })
  it('quotes separators, quotes, line breaks and edge spaces', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('a\nb')).toBe('"a\nb"')
    expect(csvField(' x')).toBe('" x"')
    expect(csvField('x\t')).toBe('"x\t"')
    expect(csvField('\u00a0x')).toBe('"\u00a0x"')
    expect(csvField('x\u2009')).toBe('"x\u2009"')
    expect(csvField('plain')).toBe('plain')
    expect(csvField('Éléonore à Saint-Étienne')).toBe('Éléonore à Saint-Étienne')
    expect(csvField('\u0001x')).toBe('\u0001x')
    expect(csvField('a')).toBe('a')
  })
  it('writes numbers, booleans and arrays in PostgreSQL syntax', () => {
    expect(csvField(3.5)).toBe('3.5')
    expect(csvField(Number.NaN)).toBe('')
    expect(csvField(true)).toBe('t')
    expect(csvField(['35000', 'a"b'])).toBe('"{""35000"",""a\\""b""}"')
  })
  it('joins a line', () => {
    expect(csvLine(['a', null, 1])).toBe('a,,1\n')
    expect(csvLine(['a'])).toBe('a\n')
    expect(csvLine([])).toBe('\n')
  })
})
