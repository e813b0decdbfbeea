import { describe, expect, it } from 'vitest'
import { establishmentFilter, selectMatching, textWords } from './search-filter'

describe('establishmentFilter', () => {
  it('matches everything without criteria', () => {
    expect(establishmentFilter({})).toEqual({ where: 'TRUE', communes: null, values: [] })
  })

  it('numbers parameters from the given position', () => {
    const filter = establishmentFilter({ nafs: ['62.01Z'], tranches: ['11'] }, 3)
    expect(filter.where).toBe('e.code_naf = ANY($3::text[]) AND e.tranche_effectif = ANY($4::text[])')
    expect(filter.values).toEqual([['62.01Z'], ['11']])
  })

  it('ORs the free texts and ANDs their words', () => {
    const filter = establishmentFilter({ texts: ['Boulangerie d’Or', '12002701600563'] })
    expect(filter.where).toBe(
      "((e.nom_recherche LIKE '%' || tda_normalise($1) || '%' AND e.nom_recherche LIKE '%' || tda_normalise($2) || '%' AND e.nom_recherche LIKE '%' || tda_normalise($3) || '%') OR e.siret = $4)",
    )
    expect(filter.values).toEqual(['Boulangerie', 'd', 'Or', '12002701600563'])
  })

  it('resolves geographic criteria to one commune set', () => {
    expect(establishmentFilter({ communes: ['35238'] }).communes).toBe('SELECT unnest($1::text[]) AS code')
    const filter = establishmentFilter({ communes: ['35238'], departements: ['35'], zones: ['z'] })
    expect(filter.communes).toBe(
      'SELECT c.code FROM commune c WHERE c.code = ANY($1::text[]) AND c.code IN (SELECT zc.code_commune FROM zone_commune zc WHERE zc.zone_id = ANY($2::uuid[])) AND c.departement_code = ANY($3::text[])',
    )
  })

  it('builds an uncapped query for whole results', () => {
    expect(selectMatching({ communes: ['35238'] }, { select: 'e.siret', orderBy: 'e.siret' })).toEqual({
      text: 'SELECT e.siret FROM etablissement e WHERE e.code_commune IN (SELECT unnest($1::text[]) AS code) AND TRUE ORDER BY e.siret',
      values: [['35238']],
    })
  })
})

describe('textWords', () => {
  it('splits like tda_normalise', () => {
    expect(textWords("L'Étoile  d’Or-Bleu")).toEqual(['L', 'Étoile', 'd', 'Or', 'Bleu'])
  })
})
