import { describe, expect, it } from 'vitest'
import { classifyFreeText, searchSchema, SEARCH_KEYS, toCriteria } from './search-criteria'

const parse = (input: unknown) => searchSchema.safeParse(input)

describe('searchSchema', () => {
  it('accepts a free text', () => {
    expect(toCriteria(searchSchema.parse('  Boulangerie Martin '))).toEqual({ texts: ['Boulangerie Martin'] })
    expect(toCriteria(searchSchema.parse(''))).toEqual({})
  })

  it('accepts single values and lists, deduplicated and normalised', () => {
    const parsed = searchSchema.parse({
      code_commune: ['35238', '2a004', '35238'],
      code_naf: '6201z',
      departement: '2b',
      tranche_effectif: ['11', '12'],
      zone_id: '5f0c1e7a-1d2b-5c3d-9e4f-0a1b2c3d4e5f',
      q: 'café',
    })
    expect(toCriteria(parsed)).toEqual({
      communes: ['35238', '2A004'],
      nafs: ['62.01Z'],
      departements: ['2B'],
      tranches: ['11', '12'],
      zones: ['5f0c1e7a-1d2b-5c3d-9e4f-0a1b2c3d4e5f'],
      texts: ['café'],
    })
  })

  it('lists every issue, and the accepted keys for an unknown one', () => {
    const result = parse({ siren: '12', code_commune: 35238, ville: 'Rennes', tranche_effectif: 'XX' })
    expect(result.success).toBe(false)
    const issues = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^siren: Un SIREN compte 9 chiffres/),
        expect.stringMatching(/^code_commune: /),
        expect.stringMatching(/^tranche_effectif: Tranche d’effectif inconnue/),
        expect.stringContaining(`Critères acceptés : ${SEARCH_KEYS.join(', ')}`),
      ]),
    )
  })

  it('refuses other types and empty lists', () => {
    expect(parse(42).success).toBe(false)
    expect(parse({ siren: [] }).success).toBe(false)
    expect(parse({ zone_id: 'not-a-uuid' }).success).toBe(false)
    expect(parse({ q: ' ' }).success).toBe(false)
  })
})

describe('classifyFreeText', () => {
  it('recognises SIRET and SIREN, with spaces', () => {
    expect(classifyFreeText('120 027 016 00563')).toEqual({ kind: 'siret', value: '12002701600563' })
    expect(classifyFreeText('120027016')).toEqual({ kind: 'siren', value: '120027016' })
    expect(classifyFreeText('Garage 2000')).toEqual({
      kind: 'words',
      normalised: 'GARAGE 2000',
      words: ['GARAGE', '2000'],
    })
    expect(classifyFreeText(' « … » ')).toEqual({ kind: 'words', normalised: '', words: [] })
  })
})
