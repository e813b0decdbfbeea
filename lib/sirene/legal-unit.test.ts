import { describe, expect, it } from 'vitest'
import { indexColumns, UNITE_LEGALE_HEADER } from './layout'
import {
  capitaliseFirstName,
  mapLegalUnitRow,
  NOM_NON_DIFFUSIBLE,
  NOM_NON_RENSEIGNE,
  personName,
} from './legal-unit'

const at = indexColumns('unitesLegales', [...UNITE_LEGALE_HEADER], 'ul.csv')
function row(values: Partial<Record<(typeof UNITE_LEGALE_HEADER)[number], string>>): string[] {
  return UNITE_LEGALE_HEADER.map((c) => values[c] ?? '')
}

describe('personName', () => {
  it('writes the first name capitalised and the name in use in capitals', () => {
    expect(personName({ prenomUsuel: 'JEAN-PIERRE', prenom1: 'JEAN', nom: 'le goff', nomUsage: '' })).toBe(
      'Jean-Pierre LE GOFF',
    )
  })
  it('adds the birth name when the name in use differs', () => {
    expect(personName({ prenomUsuel: '', prenom1: 'MARIE', nom: 'DUPONT', nomUsage: 'MARTIN' })).toBe(
      'Marie MARTIN (DUPONT)',
    )
    expect(personName({ prenomUsuel: 'MARIE', prenom1: 'MARIE', nom: 'DUPONT', nomUsage: 'DUPONT' })).toBe(
      'Marie DUPONT',
    )
  })
  it('has no name without a surname', () => {
    expect(personName({ prenomUsuel: 'MARIE', prenom1: 'MARIE', nom: '', nomUsage: '' })).toBeNull()
  })
  it('capitalises compound and elided first names', () => {
    expect(capitaliseFirstName("MARIE-ÉLODIE D'ARC")).toBe("Marie-Élodie D'Arc")
  })
})

describe('mapLegalUnitRow', () => {
  it('takes the denomination of a company, its category and NAF rév. 2 activity', () => {
    expect(
      mapLegalUnitRow(
        row({
          siren: '812345676',
          statutDiffusionUniteLegale: 'O',
          denominationUniteLegale: 'LES "DELICES" DU CANAL, SARL',
          denominationUsuelle1UniteLegale: 'DELICES',
          categorieJuridiqueUniteLegale: '5499',
          activitePrincipaleUniteLegale: '10.71C',
          nomenclatureActivitePrincipaleUniteLegale: 'NAFRev2',
        }),
        at,
      ),
    ).toEqual({
      siren: '812345676',
      entreprise: 'LES "DELICES" DU CANAL, SARL',
      denominationUsuelle: 'DELICES',
      categorieJuridique: '5499',
      codeNaf: '10.71C',
    })
  })
  it('names a sole proprietor after the person and ignores older nomenclatures', () => {
    expect(
      mapLegalUnitRow(
        row({
          siren: '812345684',
          statutDiffusionUniteLegale: 'O',
          nomUniteLegale: 'DUPONT',
          prenom1UniteLegale: 'LUC',
          categorieJuridiqueUniteLegale: '1000',
          activitePrincipaleUniteLegale: '52.4C',
          nomenclatureActivitePrincipaleUniteLegale: 'NAFRev1',
        }),
        at,
      ),
    ).toMatchObject({ entreprise: 'Luc DUPONT', categorieJuridique: '1000', codeNaf: null })
  })
  it('never shows the hidden names of a partially diffusible unit', () => {
    const hidden = mapLegalUnitRow(
      row({
        siren: '812345692',
        statutDiffusionUniteLegale: 'P',
        nomUniteLegale: '[ND]',
        nomUsageUniteLegale: '[ND]',
        prenom1UniteLegale: '[ND]',
        prenomUsuelUniteLegale: 'PAUL',
        categorieJuridiqueUniteLegale: '1000',
      }),
      at,
    )
    expect(hidden).toMatchObject({ entreprise: NOM_NON_DIFFUSIBLE })
    expect(JSON.stringify(hidden)).not.toContain('PAUL')
    expect(mapLegalUnitRow(row({ siren: '812345692', statutDiffusionUniteLegale: 'O' }), at)).toMatchObject({
      entreprise: NOM_NON_RENSEIGNE,
    })
  })
  it('rejects a malformed SIREN', () => {
    expect(mapLegalUnitRow(row({ siren: '81234' }), at)).toBe('identifiant invalide')
  })
})
