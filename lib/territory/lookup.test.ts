import { describe, expect, it } from 'vitest'
import { expandPlaceAbbreviations, parseLookupQuery } from './lookup'

describe('parseLookupQuery', () => {
  it('reads codes with digits, upper-cased, without spaces or dots', () => {
    expect(parseLookupQuery(' 35238 ')).toEqual({ code: '35238', id: null, text: '35238' })
    expect(parseLookupQuery('2a004').code).toBe('2A004')
    expect(parseLookupQuery('62.01z').code).toBe('6201Z')
    expect(parseLookupQuery('35 000').code).toBe('35000')
  })

  it('does not take a plain name for a code', () => {
    expect(parseLookupQuery('Rennes')).toEqual({ code: '', id: null, text: 'RENNES' })
    expect(parseLookupQuery('Saint-Étienne')).toEqual({ code: '', id: null, text: 'SAINT ETIENNE' })
  })

  it('recognises a zone id', () => {
    const id = 'A1B2C3D4-0000-5000-8000-000000000001'
    expect(parseLookupQuery(id).id).toBe(id.toLowerCase())
  })

  it('has nothing to match on punctuation only', () => {
    expect(parseLookupQuery(' -- ')).toEqual({ code: '', id: null, text: '' })
  })
})

describe('expandPlaceAbbreviations', () => {
  it('writes out the abbreviations of place names', () => {
    expect(expandPlaceAbbreviations('ST MALO')).toBe('SAINT MALO')
    expect(expandPlaceAbbreviations('STE MAXIME')).toBe('SAINTE MAXIME')
    expect(expandPlaceAbbreviations('LES STES MARIES DE LA MER')).toBe('LES SAINTES MARIES DE LA MER')
    expect(expandPlaceAbbreviations('MT ST MICHEL')).toBe('MONT SAINT MICHEL')
  })

  it('leaves other words, and words merely starting like an abbreviation, as they are', () => {
    expect(expandPlaceAbbreviations('STRASBOURG')).toBe('STRASBOURG')
    expect(expandPlaceAbbreviations('SAINT ETIENNE')).toBe('SAINT ETIENNE')
    expect(expandPlaceAbbreviations('')).toBe('')
  })
})
