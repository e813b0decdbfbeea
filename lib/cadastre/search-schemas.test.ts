// The cadastre's search parameters: rules between keys (contenance bounds), lists of values.
import { describe, expect, it } from 'vitest'
import { accountSearchSchema } from './accounts'
import { parcelSearchSchema } from './parcels'

describe('parcel search', () => {
  it('takes contenance bounds as numbers or digits, the minimum at most the maximum', () => {
    expect(parcelSearchSchema.parse({ contenance_min: '200', contenance_max: 1500.5 })).toEqual({
      contenance_min: 200,
      contenance_max: 1500.5,
    })
    expect(parcelSearchSchema.parse({ contenance_min: 700, contenance_max: 700 })).toEqual({
      contenance_min: 700,
      contenance_max: 700,
    })
    const inverted = parcelSearchSchema.safeParse({ contenance_min: 2000, contenance_max: '1000' })
    expect(inverted.success).toBe(false)
    expect(inverted.error!.issues.map((i) => [i.path, i.message])).toEqual([
      [['contenance_min'], 'contenance_min (2000 m²) dépasse contenance_max (1000 m²).'],
    ])
    expect(parcelSearchSchema.safeParse({ contenance_min: -1 }).success).toBe(false)
    expect(parcelSearchSchema.safeParse({ contenance_max: 'grand' }).success).toBe(false)
  })

  it('refuses unknown keys naming the accepted ones', () => {
    const result = parcelSearchSchema.safeParse({ commune: '35238' })
    expect(result.error!.issues[0]!.message).toBe(
      'Critère inconnu : commune. Critères acceptés : codcom, section, zone_id, proprietaire, contenance_min, contenance_max, q.',
    )
  })
})

describe('account search', () => {
  it('takes personne as one value or a list of them', () => {
    expect(accountSearchSchema.parse({ personne: 'morale' })).toEqual({ personne: ['morale'] })
    expect(accountSearchSchema.parse({ personne: ['physique', 'morale'] })).toEqual({
      personne: ['physique', 'morale'],
    })
    expect(accountSearchSchema.parse({ personne: ['morale', 'morale'] })).toEqual({ personne: ['morale'] })
    expect(accountSearchSchema.safeParse({ personne: 'autre' }).success).toBe(false)
    expect(accountSearchSchema.safeParse({ personne: [] }).success).toBe(false)
  })
})
