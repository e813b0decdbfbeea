import { describe, expect, it } from 'vitest'
import { NO_CONTACT, type EstablishmentContact } from './contact'
import { rowToEstablishment, type EstablishmentDetail, type EstablishmentRow } from './read-model'
import {
  establishmentDetailWireSchema,
  establishmentWireSchema,
  featureCollectionSchema,
  featureCollectionJson,
  featureCollectionText,
  type PointRef,
  serialiseEstablishment,
  serialiseEstablishmentDetail,
  serialiseEstablishmentRow,
} from './serialise'
import { SIRET_PATTERN } from './identifiers'

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

/** The serialiser this one replaced: a Map keyed by "lon,lat", then a second pass, then JSON.stringify. */
function previousGeoJson(points: readonly PointRef[]): string {
  const byPoint = new Map<string, { lon: number; lat: number; sirets: string[] }>()
  for (const p of points) {
    const key = `${p.lon},${p.lat}`
    const group = byPoint.get(key)
    if (group) group.sirets.push(p.siret)
    else byPoint.set(key, { lon: p.lon, lat: p.lat, sirets: [p.siret] })
  }
  const features = [...byPoint.values()].map((g) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [g.lon, g.lat] },
    properties: { etablissements: g.sirets.map((id) => ({ id, url: `/v0/eco/sirets/${id}` })) },
  }))
  return JSON.stringify({ type: 'FeatureCollection', features })
}

/** Points as the statement orders them: (lon, lat, siret). */
const byPosition = (points: PointRef[]) =>
  [...points].sort((a, b) => a.lon - b.lon || a.lat - b.lat || (a.siret < b.siret ? -1 : 1))

async function streamed(points: readonly PointRef[]): Promise<string> {
  async function* source() {
    yield* points
  }
  let text = ''
  for await (const chunk of featureCollectionText(source())) text += chunk
  return text
}

describe('GeoJSON (spec §2.5)', () => {
  const siret = (n: number) => String(n).padStart(14, '0')
  const cases: Record<string, PointRef[]> = {
    empty: [],
    'a single point': [{ siret: siret(1), lon: 2.35, lat: 48.85 }],
    'shared points': byPosition([
      { siret: siret(1), lon: 1, lat: 2 },
      { siret: siret(2), lon: 3, lat: 4 },
      { siret: siret(3), lon: 1, lat: 2 },
      { siret: siret(4), lon: 1, lat: 2.5 },
      { siret: siret(5), lon: 3, lat: 4 },
    ]),
    'every point shared': [1, 2, 3].map((n) => ({ siret: siret(n), lon: -1.5, lat: 47.25 })),
    'negative zero beside zero, and close positions': [
      { siret: siret(1), lon: -0, lat: 0 },
      { siret: siret(2), lon: 0, lat: -0 },
      { siret: siret(3), lon: 0, lat: 1e-12 },
      { siret: siret(4), lon: 5e-324, lat: 1e-12 },
    ],
    'identifiers to escape, beyond ASCII': [
      { siret: 'a"b\\c', lon: 1, lat: 1 },
      { siret: siret(2), lon: 1, lat: 1 },
      { siret: 'é€😀', lon: 2, lat: 1 },
    ],
    'many points': byPosition(
      Array.from({ length: 5000 }, (_, i) => ({
        siret: siret(i * 7919),
        lon: -5 + ((i * 37) % 97) / 10,
        lat: 42 + ((i * 53) % 89) / 10,
      })),
    ),
  }

  it.each(Object.entries(cases))('writes what the previous serialiser wrote: %s', async (_, points) => {
    const text = featureCollectionJson(points).toString('utf8')
    expect(text).toBe(previousGeoJson(points))
    expect(await streamed(points)).toBe(text)
    const parsed = JSON.parse(text) as unknown
    if (points.every((p) => SIRET_PATTERN.test(p.siret))) featureCollectionSchema.parse(parsed)
  })

  it('groups establishments sharing a point into one feature, in order', () => {
    const parsed = featureCollectionSchema.parse(
      JSON.parse(featureCollectionJson(cases['shared points']!).toString('utf8')),
    )
    expect(parsed.features.map((f) => f.geometry.coordinates)).toEqual([
      [1, 2],
      [1, 2.5],
      [3, 4],
    ])
    expect(parsed.features[0]!.properties.etablissements).toEqual([
      { id: siret(1), url: `/v0/eco/sirets/${siret(1)}` },
      { id: siret(3), url: `/v0/eco/sirets/${siret(3)}` },
    ])
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
