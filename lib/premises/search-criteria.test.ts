import { describe, expect, it } from 'vitest'
import { SqlParams } from '../db/sql-params'
import { zoneId } from '../territory/zone-id'
import { premisesSearchSchema, toPremisesCriteria } from './search-criteria'
import { premisesFilter } from './search-filter'
import { communeCodesMatching } from '../territory/commune-codes-sql'

const criteria = (search: unknown) => toPremisesCriteria(premisesSearchSchema.parse(search))

describe('search of local premises', () => {
  it('takes a free text as identifiers, owner name or address words', () => {
    expect(criteria('  SCI Les Tilleuls ')).toEqual({ texts: ['SCI Les Tilleuls'] })
    expect(criteria('')).toEqual({})
  })

  it('merges codcom and its synonym code_commune, normalising codes', () => {
    expect(criteria({ codcom: '35238', code_commune: ['2a004', '35238'] })).toEqual({
      communes: ['35238', '2A004'],
    })
  })

  it('reads years as numbers or strings, one or a list', () => {
    expect(criteria({ annee: 2025 }).annees).toEqual([2025])
    expect(criteria({ annee: '2024' }).annees).toEqual([2024])
    expect(criteria({ annee: [2024, '2025', 2024] }).annees).toEqual([2024, 2025])
  })

  it('keeps zones, departments and owners', () => {
    const zone = zoneId('departement', '35')
    expect(criteria({ zone_id: zone, departement: '2b', proprietaire: ['commune de', 'sci'] })).toEqual({
      zones: [zone],
      departements: ['2B'],
      proprietaires: ['commune de', 'sci'],
    })
  })

  it.each([
    [{ codcom: '3523' }, 'codcom'],
    [{ zone_id: 'rennes' }, 'zone_id'],
    [{ annee: 1850 }, 'annee'],
    [{ annee: 'deux mille' }, 'annee'],
    [{ annee: [] }, 'annee'],
    [{ proprietaire: '' }, 'proprietaire'],
    [{ invariant: '123' }, 'invariant'],
    [{ numero: '1' }, ''],
    [42, ''],
  ])('refuses %j', (search, path) => {
    const result = premisesSearchSchema.safeParse(search)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path)
  })

  it('names the accepted keys when another is sent', () => {
    const result = premisesSearchSchema.safeParse({ nom: 'x' })
    expect(result.error?.issues[0]?.message).toMatch(
      /codcom, code_commune, zone_id, departement, annee, proprietaire, parcelle, invariant, q/,
    )
  })

  it('binds every value and matches each word of an owner text', () => {
    const params = new SqlParams(2)
    const where = premisesFilter(
      { communes: ['35238'], annees: [2025], proprietaires: ['Le Gall', 'SCI'] },
      params,
    )
    expect(params.values).toEqual([['35238'], [2025], '%LE%', '%GALL%', '%SCI%'])
    expect(where).toContain(`l.codcom IN (${communeCodesMatching('$3::text[]')})`)
    expect(where).toContain('l.annee = ANY($4::int[])')
    expect(where).toMatch(/\(\(.*\$5.* AND .*\$6.*\) OR \(.*\$7.*\)\)/)
    expect(premisesFilter({}, new SqlParams())).toBe('TRUE')
  })
})
