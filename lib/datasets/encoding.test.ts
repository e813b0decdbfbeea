import { describe, expect, it } from 'vitest'
import { datasetFileName, encodingFromLabel, encodingSchema } from './encoding'

const ID = '5b1e0c3a-6f0e-4d55-9c1b-7a2d3e4f5a61'

describe('dataset encodings', () => {
  it.each([
    ['UTF-8', 'UTF-8'],
    ['utf8', 'UTF-8'],
    ['iso-8859-15', 'ISO-8859-15'],
    [' ISO-8859-15 ', 'ISO-8859-15'],
    ['latin9', 'ISO-8859-15'],
    ['Latin-9', 'ISO-8859-15'],
    ['iso-8859-1', null],
    ['windows-1252', null],
  ])('reads %j as %j', (label, expected) => expect(encodingFromLabel(label)).toBe(expected))

  it('validates with a message listing the values', () => {
    expect(encodingSchema.parse('iso-8859-15')).toBe('ISO-8859-15')
    const result = encodingSchema.safeParse('ebcdic')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toMatch(/UTF-8, ISO-8859-15/)
  })

  it('names files after the dataset, the version and, for Latin-9, the encoding', () => {
    expect(datasetFileName(ID, 1, 'UTF-8')).toBe(`${ID}-v1.csv`)
    expect(datasetFileName(ID, 12, 'ISO-8859-15')).toBe(`${ID}-v12-iso-8859-15.csv`)
  })
})
