import { describe, expect, it } from 'vitest'
import { expandStreetType, formatAddress, postalUpperCase } from './address'

describe('formatAddress', () => {
  it('writes the French postal form with expanded street type and repetition index', () => {
    expect(
      formatAddress({
        numero: '12',
        indiceRepetition: 'B',
        typeVoie: 'AV',
        libelleVoie: 'de la Gare',
        codePostal: '35000',
        commune: 'Rennes',
      }),
    ).toBe('12 BIS AVENUE DE LA GARE 35000 RENNES')
  })
  it('skips missing parts and extra spaces', () => {
    expect(
      formatAddress({
        typeVoie: 'LD',
        libelleVoie: '  le   Bourg ',
        codePostal: '29000',
        commune: 'Quimper',
      }),
    ).toBe('LIEU DIT LE BOURG 29000 QUIMPER')
    expect(formatAddress({})).toBe('')
  })
  it('keeps an unknown street type as written', () => {
    expect(expandStreetType('xyz')).toBe('XYZ')
  })
  it('removes diacritics and ligatures as the postal norm does', () => {
    expect(postalUpperCase('Béziers, Cœur de l’Île')).toBe("BEZIERS, COEUR DE L'ILE")
  })
})
