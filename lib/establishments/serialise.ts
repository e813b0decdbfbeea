// Establishments on the wire: the JSON record of spec §2.4 (and the fuller record of
// GET /v0/eco/sirets/:id), and the GeoJSON of spec §2.5 where establishments at one point share a
// feature. The zod schemas document the shapes in OpenAPI and let tests check them.
import { z } from 'zod'
import { contactWireSchema, serialiseContact } from './contact'
import { SIREN_PATTERN, SIRET_PATTERN } from './identifiers'
import type { Establishment, EstablishmentDetail, EstablishmentRow } from './read-model'

export const establishmentUrl = (siret: string) => `/v0/eco/sirets/${siret}`

const effectifDetailsSchema = z.object({
  tranche_code: z.string(),
  tranche_label: z.string(),
  tranche_median: z.int(),
  valeur_calculee: z.null(),
  valeur_saisie: z.int().nullable(),
})

export const establishmentWireSchema = z
  .object({
    id: z.string().regex(SIRET_PATTERN),
    siret: z.string().regex(SIRET_PATTERN),
    siren: z.string().regex(SIREN_PATTERN),
    entreprise: z.string(),
    enseigne: z.string(),
    denomination_usuelle: z.string().nullable(),
    adresse: z.string(),
    code_commune: z.string(),
    libelle_commune: z.string(),
    effectif: z.union([z.int(), z.string()]).describe('Effectif saisi, sinon libellé de la tranche'),
    effectif_details: effectifDetailsSchema,
    code_naf: z.string(),
    libelle_naf: z.string(),
    secteur_alternatif: z.string().optional().describe('Présent pour certains établissements seulement'),
    url: z.string().startsWith('/v0/eco/sirets/'),
  })
  .strict()
export type EstablishmentWire = z.infer<typeof establishmentWireSchema>

export const establishmentDetailWireSchema = establishmentWireSchema
  .extend({
    coordonnees: z
      .object({ longitude: z.number(), latitude: z.number() })
      .nullable()
      .describe('Position (WGS 84) ; null quand elle est inconnue ou non diffusible'),
    date_creation: z.string().nullable().describe('Date de création (AAAA-MM-JJ)'),
    nature_juridique: z
      .object({ code: z.string(), libelle: z.string().nullable() })
      .nullable()
      .describe('Catégorie juridique INSEE'),
    etat_administratif: z.enum(['actif', 'ferme']),
    contact: contactWireSchema,
  })
  .strict()
export type EstablishmentDetailWire = z.infer<typeof establishmentDetailWireSchema>

export function serialiseEstablishment(e: Establishment): EstablishmentWire {
  return {
    id: e.siret,
    siret: e.siret,
    siren: e.siren,
    entreprise: e.entreprise,
    enseigne: e.enseigne,
    denomination_usuelle: e.denominationUsuelle,
    adresse: e.adresse,
    code_commune: e.codeCommune,
    libelle_commune: e.libelleCommune,
    effectif: e.effectifSaisi ?? e.tranche.libelle,
    effectif_details: {
      tranche_code: e.tranche.code,
      tranche_label: e.tranche.libelle,
      tranche_median: e.tranche.mediane,
      valeur_calculee: null,
      valeur_saisie: e.effectifSaisi,
    },
    code_naf: e.codeNaf,
    libelle_naf: e.libelleNaf,
    ...(e.secteurAlternatif !== null ? { secteur_alternatif: e.secteurAlternatif } : {}),
    url: establishmentUrl(e.siret),
  }
}

/**
 * The same record straight from a row of ESTABLISHMENT_SELECT: a page of the search is mapped once,
 * not through the domain object first.
 */
export function serialiseEstablishmentRow(row: EstablishmentRow): EstablishmentWire {
  return {
    id: row.siret,
    siret: row.siret,
    siren: row.siren,
    entreprise: row.entreprise,
    enseigne: row.enseigne,
    denomination_usuelle: row.denomination_usuelle,
    adresse: row.adresse,
    code_commune: row.code_commune,
    libelle_commune: row.libelle_commune,
    effectif: row.effectif_saisi ?? row.tranche_libelle,
    effectif_details: {
      tranche_code: row.tranche_effectif,
      tranche_label: row.tranche_libelle,
      tranche_median: row.tranche_mediane,
      valeur_calculee: null,
      valeur_saisie: row.effectif_saisi,
    },
    code_naf: row.code_naf,
    libelle_naf: row.libelle_naf,
    ...(row.secteur_alternatif !== null ? { secteur_alternatif: row.secteur_alternatif } : {}),
    url: establishmentUrl(row.siret),
  }
}

export function serialiseEstablishmentDetail(e: EstablishmentDetail): EstablishmentDetailWire {
  return {
    ...serialiseEstablishment(e),
    coordonnees: e.position,
    date_creation: e.dateCreation,
    nature_juridique: e.natureJuridique,
    etat_administratif: e.actif ? 'actif' : 'ferme',
    contact: serialiseContact(e.contact),
  }
}

// GeoJSON (spec §2.5) ----------------------------------------------------------------------------

const pointFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }).strict(),
    properties: z
      .object({ etablissements: z.array(z.object({ id: z.string(), url: z.string() }).strict()).min(1) })
      .strict(),
  })
  .strict()
export const featureCollectionSchema = z
  .object({ type: z.literal('FeatureCollection'), features: z.array(pointFeatureSchema) })
  .strict()
export type PointFeature = z.infer<typeof pointFeatureSchema>

/** A located establishment: what a map point needs. */
export interface PointRef {
  siret: string
  lon: number
  lat: number
}

function feature(lon: number, lat: number, sirets: string[]): PointFeature {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties: { etablissements: sirets.map((id) => ({ id, url: establishmentUrl(id) })) },
  }
}

/** Groups establishments by distinct point, in the order each point first appears. */
export function groupByPoint(points: Iterable<PointRef>): PointFeature[] {
  const byPoint = new Map<string, { lon: number; lat: number; sirets: string[] }>()
  for (const p of points) {
    const key = `${p.lon},${p.lat}`
    const group = byPoint.get(key)
    if (group) group.sirets.push(p.siret)
    else byPoint.set(key, { lon: p.lon, lat: p.lat, sirets: [p.siret] })
  }
  return [...byPoint.values()].map((g) => feature(g.lon, g.lat, g.sirets))
}

/**
 * Streams a FeatureCollection as JSON text from points ordered by (lon, lat): consecutive equal
 * points share a feature, and memory holds one feature at a time whatever the number of points.
 */
export async function* featureCollectionText(points: AsyncIterable<PointRef>): AsyncGenerator<string> {
  yield '{"type":"FeatureCollection","features":['
  let current: { lon: number; lat: number; sirets: string[] } | null = null
  let first = true
  for await (const p of points) {
    if (current && current.lon === p.lon && current.lat === p.lat) {
      current.sirets.push(p.siret)
      continue
    }
    if (current) {
      yield (first ? '' : ',') + JSON.stringify(feature(current.lon, current.lat, current.sirets))
      first = false
    }
    current = { lon: p.lon, lat: p.lat, sirets: [p.siret] }
  }
  if (current) yield (first ? '' : ',') + JSON.stringify(feature(current.lon, current.lat, current.sirets))
  yield ']}'
}
