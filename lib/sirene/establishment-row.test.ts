import { describe, expect, it } from 'vitest'
import { referenceData } from '../territory/reference-data'
import { communeResolver, formerCommuneCodes } from './commune-codes'
import { joinEnseignes, mapEstablishmentRow, type EstablishmentFilter } from './establishment-row'
import { ETABLISSEMENT_HEADER, indexColumns } from './layout'

const at = indexColumns('etablissements', [...ETABLISSEMENT_HEADER], 'etab.csv')
const communes = communeResolver(referenceData().communes, formerCommuneCodes())
const all: EstablishmentFilter = { onlyActive: false, departements: null }

type Column = (typeof ETABLISSEMENT_HEADER)[number]
function row(values: Partial<Record<Column, string>>): string[] {
  const base: Partial<Record<Column, string>> = {
    siren: '812345676',
    nic: '00017',
    siret: '81234567600017',
    statutDiffusionEtablissement: 'O',
    etatAdministratifEtablissement: 'A',
    codeCommuneEtablissement: '35238',
    codePostalEtablissement: '35000',
    libelleCommuneEtablissement: 'RENNES',
    activitePrincipaleEtablissement: '10.71C',
    nomenclatureActivitePrincipaleEtablissement: 'NAFRev2',
    ...values,
  }
  return ETABLISSEMENT_HEADER.map((c) => base[c] ?? '')
}

describe('mapEstablishmentRow', () => {
  it('writes the French postal address with expanded abbreviations', () => {
    expect(
      mapEstablishmentRow(
        row({
          complementAdresseEtablissement: 'ZA DU PORT',
          numeroVoieEtablissement: '12',
          indiceRepetitionEtablissement: 'B',
          typeVoieEtablissement: 'AV',
          libelleVoieEtablissement: 'DE LA GARE',
          enseigne1Etablissement: "AU PAIN D'OR",
          enseigne2Etablissement: 'BOULANGERIE',
          denominationUsuelleEtablissement: 'DELICES',
          trancheEffectifsEtablissement: '03',
          dateCreationEtablissement: '2015-03-02',
        }),
        at,
        communes,
        all,
      ),
    ).toEqual({
      siret: '81234567600017',
      siren: '812345676',
      diffusionPartielle: false,
      enseigne: "AU PAIN D'OR BOULANGERIE",
      denominationUsuelle: 'DELICES',
      adresse: 'ZA DU PORT 12 BIS AVENUE DE LA GARE 35000 RENNES',
      codePostal: '35000',
      codeCommune: '35238',
      libelleCommune: 'Rennes',
      codeNaf: '10.71C',
      trancheEffectif: '03',
      dateCreation: '2015-03-02',
      etatAdministratif: 'A',
      communeChanged: false,
      position: null,
    })
  })

  it('reads the position of the Lambert columns when asked (no geolocation file)', () => {
    const own = { ...all, ownPositions: true }
    const lambert = {
      coordonneeLambertAbscisseEtablissement: '352286.8',
      coordonneeLambertOrdonneeEtablissement: '6788365.1',
    }
    const rennes = mapEstablishmentRow(row(lambert), at, communes, own)
    expect(rennes).toMatchObject({ position: [-1.67412, 48.10301] })
    // Not asked: the geolocation file gives the positions.
    expect(mapEstablishmentRow(row(lambert), at, communes, all)).toMatchObject({ position: null })
    // Overseas, the territory's UTM zone (here UTM 40S, La Réunion).
    const reunion = mapEstablishmentRow(
      row({
        codeCommuneEtablissement: '97411',
        coordonneeLambertAbscisseEtablissement: '338511.9',
        coordonneeLambertOrdonneeEtablissement: '7684478.7',
      }),
      at,
      communes,
      own,
    )
    expect(reunion).toMatchObject({ position: [55.447, -20.93306] })
    // Missing, hidden, unreadable: no position; partially diffusible: never placed.
    for (const values of [
      {},
      { coordonneeLambertAbscisseEtablissement: '[ND]', coordonneeLambertOrdonneeEtablissement: '[ND]' },
      { coordonneeLambertAbscisseEtablissement: 'abc', coordonneeLambertOrdonneeEtablissement: '6790000' },
      { ...lambert, statutDiffusionEtablissement: 'P' },
    ]) {
      expect(mapEstablishmentRow(row(values), at, communes, own)).toMatchObject({ position: null })
    }
  })

  it('reduces the address of a partially diffusible establishment to its commune', () => {
    const mapped = mapEstablishmentRow(
      row({
        statutDiffusionEtablissement: 'P',
        numeroVoieEtablissement: '[ND]',
        typeVoieEtablissement: '[ND]',
        libelleVoieEtablissement: 'RUE CACHEE',
        enseigne1Etablissement: '[ND]',
      }),
      at,
      communes,
      all,
    )
    expect(mapped).toMatchObject({ diffusionPartielle: true, adresse: '35000 RENNES', enseigne: '' })
  })

  it('maps a former commune code to the current commune', () => {
    expect(
      mapEstablishmentRow(
        row({ codeCommuneEtablissement: '74011', libelleCommuneEtablissement: 'ANNECY-LE-VIEUX' }),
        at,
        communes,
        all,
      ),
    ).toMatchObject({ codeCommune: '74010', libelleCommune: 'Annecy', communeChanged: true })
  })

  it('defaults a missing headcount band to NN and leaves an older NAF to the legal unit', () => {
    expect(
      mapEstablishmentRow(
        row({
          trancheEffectifsEtablissement: '',
          activitePrincipaleEtablissement: '52.4C',
          nomenclatureActivitePrincipaleEtablissement: 'NAFRev1',
          dateCreationEtablissement: '1900',
        }),
        at,
        communes,
        all,
      ),
    ).toMatchObject({ trancheEffectif: 'NN', codeNaf: null, dateCreation: null })
  })

  it('says why a row is not imported', () => {
    const cases: Array<[Partial<Record<Column, string>>, EstablishmentFilter, string]> = [
      [{ siret: '8123456760001' }, all, 'identifiant invalide'],
      [{ siren: '812345684' }, all, 'identifiant invalide'],
      [{ statutDiffusionEtablissement: 'N' }, all, 'non diffusible'],
      [{ etatAdministratifEtablissement: 'X' }, all, 'état administratif invalide'],
      [{ codeCommuneEtablissement: '', codePaysEtrangerEtablissement: '99109' }, all, 'adresse à l’étranger'],
      [{ codeCommuneEtablissement: '' }, all, 'commune absente'],
      [{ codeCommuneEtablissement: '99999' }, all, 'commune inconnue'],
      [
        { etatAdministratifEtablissement: 'F' },
        { onlyActive: true, departements: null },
        'fermé (--only-active)',
      ],
      [{}, { onlyActive: false, departements: new Set(['44']) }, 'hors départements demandés'],
    ]
    for (const [values, filter, reason] of cases)
      expect(mapEstablishmentRow(row(values), at, communes, filter)).toBe(reason)
    expect(
      mapEstablishmentRow(row({}), at, communes, { onlyActive: true, departements: new Set(['35']) }),
    ).toMatchObject({
      codeCommune: '35238',
    })
  })
})

describe('joinEnseignes', () => {
  it('joins the lines of a sign and drops repeats and blanks', () => {
    expect(joinEnseignes(['ALPES MECA', 'ALPES MECA', ''])).toBe('ALPES MECA')
    expect(joinEnseignes(['', '', ''])).toBe('')
  })
})
