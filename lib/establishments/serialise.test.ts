import { describe, expect, it } from 'vitest'
import { NO_CONTACT, type EstablishmentContact } from './contact'
import { rowToEstablishment, type EstablishmentDetail, type EstablishmentRow } from './read-model'
import {
  establishmentDetailWireSchema,
  establishmentWireSchema,
  featureCollectionSchema,
  featureCollectionText,
  groupByPoint,
  serialiseEstablishment,
  serialiseEstablishmentDetail,
  serialiseEstablishmentRow,
} from './serialise'

const row: EstablishmentRow = {
  siret: '12002701600563',
  siren: '120027016',
  entreprise: 'Institut national de la statistique',
  enseigne: '',
  denomination_usuelle: null,
  adresse: '88 AVENUE VERDIER 92120 MONTROUGE',
  code_commune: '92049',
  libelle_commune: 'Montrouge',
  code_naf: '84.11Z',
  libelle_naf: 'Administration publique générale',
  tranche_effectif: '41',
  tranche_libelle: '500 à 999 salariés',
  tranche_mediane: 750,
  effectif_saisi: null,
  secteur_alternatif: null,
  lon: 2.3167,
  lat: 48.8166,
  date_creation: '1983-03-01',
  categorie_juridique: '7389',
  etat_administratif: 'A',
}

describe('serialiseEstablishment (spec §2.4)', () => {
  it('writes every field with its type; effectif is the band label without an entered value', () => {
    const wire = establishmentWireSchema.parse(serialiseEstablishment(rowToEstablishment(row)))
    expect(wire).toEqual({
      id: '12002701600563',
      siret: '12002701600563',
      siren: '120027016',
      entreprise: 'Institut national de la statistique',
      enseigne: '',
      denomination_usuelle: null,
      adresse: '88 AVENUE VERDIER 92120 MONTROUGE',
      code_commune: '92049',
      libelle_commune: 'Montrouge',
      effectif: '500 à 999 salariés',
      effectif_details: {
        tranche_code: '41',
        tranche_label: '500 à 999 salariés',
        tranche_median: 750,
        valeur_calculee: null,
        valeur_saisie: null,
      },
      code_naf: '84.11Z',
      libelle_naf: 'Administration publique générale',
      url: '/v0/eco/sirets/12002701600563',
    })
    expect('secteur_alternatif' in wire).toBe(false)
  })

  it('uses the entered headcount as an integer, and shows the alternative sector when present', () => {
    const wire = serialiseEstablishment(
      rowToEstablishment({
        ...row,
        effectif_saisi: 612,
        secteur_alternatif: 'Numérique',
        denomination_usuelle: 'INSEE',
      }),
    )
    expect(wire.effectif).toBe(612)
    expect(wire.effectif_details.valeur_saisie).toBe(612)
    expect(wire.secteur_alternatif).toBe('Numérique')
    expect(wire.denomination_usuelle).toBe('INSEE')
  })

  it('adds coordinates, creation date and legal nature to the full record', () => {
    const detail = establishmentDetailWireSchema.parse(serialiseEstablishmentDetail(detailOf(row)))
    expect(detail).toMatchObject({
      coordonnees: { longitude: 2.3167, latitude: 48.8166 },
      date_creation: '1983-03-01',
      nature_juridique: { code: '7389', libelle: 'Établissement public national à caractère administratif' },
      etat_administratif: 'actif',
    })
    expect(serialiseEstablishmentDetail(detailOf({ ...row, lon: null, lat: null })).coordonnees).toBeNull()
  })

  it('gives the full record its contact lists and website, empty when there is none', () => {
    const contact = {
      emails: ['contact@insee.fr'],
      telephones: ['01 87 69 50 00', '+33 6 12 34 56 78'],
      website: 'https://www.insee.fr',
    }
    const detail = establishmentDetailWireSchema.parse(serialiseEstablishmentDetail(detailOf(row, contact)))
    expect(detail.contact).toEqual(contact)
    expect(establishmentDetailWireSchema.parse(serialiseEstablishmentDetail(detailOf(row))).contact).toEqual({
      emails: [],
      telephones: [],
      website: null,
    })
    for (const telephone of ['0187695000', '01 87 69 50', '+33 01 87 69 50 00', '00 87 69 50 00'])
      expect(
        establishmentDetailWireSchema.safeParse(
          serialiseEstablishmentDetail(detailOf(row, { ...contact, telephones: [telephone] })),
        ).success,
        telephone,
      ).toBe(false)
  })
})

function detailOf(r: EstablishmentRow, contact: EstablishmentContact = NO_CONTACT): EstablishmentDetail {
  return { ...rowToEstablishment(r), contact }
}

describe('GeoJSON (spec §2.5)', () => {
  const points = [
    { siret: '00000000000001', lon: 1, lat: 2 },
    { siret: '00000000000002', lon: 3, lat: 4 },
    { siret: '00000000000003', lon: 1, lat: 2 },
  ]

  it('groups establishments sharing a point into one feature', () => {
    const features = groupByPoint(points)
    expect(featureCollectionSchema.parse({ type: 'FeatureCollection', features }).features).toHaveLength(2)
    expect(features[0]!.properties.etablissements.map((e) => e.id)).toEqual([
      '00000000000001',
      '00000000000003',
    ])
    expect(features[0]!.geometry.coordinates).toEqual([1, 2])
    expect(features[1]!.properties.etablissements[0]!.url).toBe('/v0/eco/sirets/00000000000002')
  })

  it('streams the same collection from points ordered by position', async () => {
    const ordered = [...points].sort((a, b) => a.lon - b.lon || a.lat - b.lat)
    async function* source() {
      yield* ordered
    }
    let text = ''
    for await (const chunk of featureCollectionText(source())) text += chunk
    const parsed = featureCollectionSchema.parse(JSON.parse(text))
    expect(parsed.features).toEqual(groupByPoint(ordered))
    let empty = ''
    for await (const chunk of featureCollectionText((async function* () {})())) empty += chunk
    expect(JSON.parse(empty)).toEqual({ type: 'FeatureCollection', features: [] })
  })
})

describe('serialiseEstablishmentRow', () => {
  it('writes from the row what serialiseEstablishment writes from the domain object, key order included', () => {
    const variants: EstablishmentRow[] = [
      row,
      { ...row, effectif_saisi: 612, secteur_alternatif: 'Économie sociale', denomination_usuelle: 'INSEE' },
      {
        ...row,
        lon: null,
        lat: null,
        categorie_juridique: null,
        etat_administratif: 'F',
        enseigne: 'LE "BON" COIN',
      },
    ]
    for (const variant of variants) {
      const wire = serialiseEstablishmentRow(variant)
      expect(JSON.stringify(wire)).toBe(JSON.stringify(serialiseEstablishment(rowToEstablishment(variant))))
      expect(establishmentWireSchema.parse(wire)).toEqual(wire)
    }
  })
})
