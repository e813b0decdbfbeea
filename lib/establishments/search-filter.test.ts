import { describe, expect, it } from 'vitest'
import { SqlParams } from '../db/sql-params'
import { communeCodesMatching } from '../territory/commune-codes-sql'
import { classifyTexts, establishmentFilter, selectMatching } from './search-filter'

describe('establishmentFilter', () => {
  it('matches everything without criteria', () => {
    const params = new SqlParams()
    expect(establishmentFilter({}, params)).toEqual({ where: 'TRUE', communes: null })
    expect(params.values).toEqual([])
  })

  it('numbers parameters after those the caller took', () => {
    const params = new SqlParams(2)
    const filter = establishmentFilter({ nafs: ['62.01Z'], tranches: ['11'] }, params)
    expect(filter.where).toBe('e.code_naf = ANY($3::text[]) AND e.tranche_effectif = ANY($4::text[])')
    expect(params.values).toEqual([['62.01Z'], ['11']])
  })

  it('ORs the free texts and ANDs their normalised words', () => {
    const params = new SqlParams()
    const filter = establishmentFilter({ texts: ['Boulangerie d’Or', '12002701600563'] }, params)
    expect(filter.where).toBe(
      '((e.nom_recherche LIKE $1 AND e.nom_recherche LIKE $2 AND e.nom_recherche LIKE $3) OR e.siret = $4)',
    )
    expect(params.values).toEqual(['%BOULANGERIE%', '%D%', '%OR%', '12002701600563'])
  })

  it('uses the classification it is given instead of classifying again', () => {
    const criteria = { texts: ['Café Œuvre'] }
    const texts = classifyTexts(criteria)
    expect(texts).toEqual([{ kind: 'words', normalised: 'CAFE OEUVRE', words: ['CAFE', 'OEUVRE'] }])
    const params = new SqlParams()
    establishmentFilter(criteria, params, [{ kind: 'siren', value: '120027016' }])
    expect(params.values).toEqual(['120027016'])
  })

  it('matches everything for a text without letters or digits', () => {
    expect(establishmentFilter({ texts: [' -- '] }, new SqlParams()).where).toBe('TRUE')
  })

  it('resolves geographic criteria to one commune set', () => {
    expect(establishmentFilter({ communes: ['35238'] }, new SqlParams()).communes).toBe(
      communeCodesMatching('$1::text[]'),
    )
    const filter = establishmentFilter(
      { communes: ['35238'], departements: ['35'], zones: ['z'] },
      new SqlParams(),
    )
    expect(filter.communes).toBe(
      `SELECT c.code FROM commune c WHERE c.code IN (${communeCodesMatching('$1::text[]')}) AND ` +
        'c.code IN (SELECT zc.code_commune FROM zone_commune zc WHERE zc.zone_id = ANY($2::uuid[])) AND c.departement_code = ANY($3::text[])',
    )
  })

  it('builds an uncapped query for whole results', () => {
    expect(selectMatching({ communes: ['35238'] }, { select: 'e.siret', orderBy: 'e.siret' })).toEqual({
      text: `SELECT e.siret FROM etablissement e WHERE e.code_commune IN (${communeCodesMatching('$1::text[]')}) AND TRUE ORDER BY e.siret`,
      values: [['35238']],
    })
    expect(selectMatching({ nafs: ['62.01Z'] }, { select: '$1::bigint, e.siret', firstParam: 2 })).toEqual({
      text: 'SELECT $1::bigint, e.siret FROM etablissement e WHERE e.code_naf = ANY($2::text[])',
      values: [['62.01Z']],
    })
  })
})
