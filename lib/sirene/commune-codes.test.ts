import { describe, expect, it } from 'vitest'
import { referenceData } from '../territory/reference-data'
import { communeResolver, departementOfCode, formerCommuneCodes } from './commune-codes'

const resolver = communeResolver(referenceData().communes, formerCommuneCodes())

describe('communeResolver', () => {
  it('keeps current codes, municipal districts included', () => {
    expect(resolver.resolve('35238')).toEqual({
      code: '35238',
      nom: 'Rennes',
      departement: '35',
      changed: false,
    })
    expect(resolver.resolve('69383')).toMatchObject({ code: '69383', changed: false })
  })
  it('maps the code of a merged commune to the commune it belongs to now', () => {
    // Annecy-le-Vieux merged into Annecy in 2017.
    expect(resolver.resolve('74011')).toEqual({
      code: '74010',
      nom: 'Annecy',
      departement: '74',
      changed: true,
    })
  })
  it('knows nothing of a code that never existed', () => {
    expect(resolver.resolve('99999')).toBeNull()
  })
})

describe('departementOfCode', () => {
  it('reads two characters in metropolitan France and three overseas', () => {
    expect(departementOfCode('2A004')).toBe('2A')
    expect(departementOfCode('35238')).toBe('35')
    expect(departementOfCode('97411')).toBe('974')
  })
})
