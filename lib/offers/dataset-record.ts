// Offers as records of a dataset (model `offre`, lib/datasets/models): the contents a dataset
// version keeps of each published offer (db/migrations/0013: a version keeps its records as they
// were), built in SQL from the offer, its commune and its position; read back into the record of
// GET /eco/immo/offres/:id, its CSV columns, and its point for GeoJSON.
import { z } from 'zod'
import { CONTACT_TYPES, type OfferFields } from './fields'
import { OFFER_ZONES_SQL, toStoredOffer, type StoredOffer } from './offer-store'
import { offerFeatures } from './serialise'

/**
 * The stored contents of an offer (alias o, its commune c): the offer's columns, its commune's name,
 * and its position (its own, else its commune's) with where it comes from.
 */
export const OFFER_RECORD_SQL = `jsonb_build_object(
    'reference', o.reference, 'status', o.status, 'rejection_reason', o.rejection_reason,
    'client_id', o.client_id, 'fields', o.fields, 'libelle_commune', c.nom,
    'lon', coalesce(o.lon, c.lon), 'lat', coalesce(o.lat, c.lat), 'own_position', o.lon IS NOT NULL,
    'created_at', o.created_at, 'updated_at', o.updated_at, 'published_at', o.published_at,
    'zones', ${OFFER_ZONES_SQL})`

/** What OFFER_RECORD_SQL holds, as jsonb gives it back. */
export const offerRecordSchema = z.object({
  reference: z.string(),
  status: z.enum(['pending_validation', 'published', 'rejected', 'archived']),
  rejection_reason: z.string().nullable(),
  client_id: z.string().nullable(),
  fields: z.custom<OfferFields>((v) => typeof v === 'object' && v !== null),
  libelle_commune: z.string().nullable(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  own_position: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
  /** Captured since 0.14.0; records of older versions have none. */
  zones: z
    .array(
      z.object({
        id: z.string(),
        type: z.enum(['epci', 'departement', 'region']),
        code: z.string(),
        nom: z.string(),
      }),
    )
    .default([]),
})
export type OfferRecord = z.infer<typeof offerRecordSchema>

/** The stored offer of a dataset record (its creator is not part of a published record). */
export function offerFromRecord(value: unknown): StoredOffer {
  const r = offerRecordSchema.parse(value)
  return toStoredOffer({
    ...r,
    creator_name: null,
    created_at: new Date(r.created_at),
    updated_at: new Date(r.updated_at),
    published_at: r.published_at === null ? null : new Date(r.published_at),
  })
}

const field = (name: string) => `r.record->'fields'->>'${name}'`
const list = (name: string) =>
  `array_to_string(ARRAY(SELECT jsonb_array_elements_text(r.record->'fields'->'${name}')), ', ')`
const isoTimestamp = (expression: string) =>
  `to_char((${expression})::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const contactTypes = Object.entries(CONTACT_TYPES)
  .map(([type, label]) => `WHEN '${type}' THEN '${label}'`)
  .join(' ')

/**
 * The CSV columns of an offer record (alias r of dataset_record): the fields of its JSON record in
 * the same forms (dates DD-MM-YYYY, instants in ISO 8601 UTC), lists joined with ", ", the contacts
 * as « Type : name, e-mail, phone » joined with " | ", the position in two columns and its source.
 */
export const OFFER_CSV_SELECT_LIST = `r.record->>'reference' AS id, r.record->>'reference' AS reference,
    ${field('local_type')} AS local_type, ${field('label')} AS label, ${field('code_commune')} AS code_commune,
    r.record->>'libelle_commune' AS libelle_commune, (${field('surface')})::int AS surface,
    ${list('transaction_types')} AS transaction_types, ${list('tags')} AS tags,
    nullif(trim(concat_ws(' ', ${field('number')}, ${field('voie')})), '') AS address,
    ${field('number')} AS number, ${field('voie')} AS voie, ${field('website')} AS website,
    ${field('annee_de_construction')} AS annee_de_construction, ${field('parking_number')} AS parking_number,
    to_char(to_date(${field('disponibilite')}, 'YYYY-MM-DD'), 'DD-MM-YYYY') AS disponibilite,
    ${field('descriptif_bien')} AS descriptif_bien, ${field('descriptif_surface')} AS descriptif_surface,
    ${field('descriptif_caracteristique')} AS descriptif_caracteristique, ${field('acces')} AS acces,
    ${field('descriptif_tarif')} AS descriptif_tarif, ${field('prix_de_vente')} AS prix_de_vente,
    ${field('taxe_fonciere')} AS taxe_fonciere,
    ${field('charges_mensuelles_copropriete')} AS charges_mensuelles_copropriete,
    ${field('loyer_mensuel')} AS loyer_mensuel, ${field('charges_locatives')} AS charges_locatives,
    ${field('divisible_at')} AS divisible_at,
    array_to_string(ARRAY(
      SELECT concat(CASE k->>'type' ${contactTypes} ELSE k->>'type' END, ' : ',
                    concat_ws(', ', k->>'name', k->>'email', k->>'phone'))
        FROM jsonb_array_elements(r.record->'fields'->'contact_offers_attributes') k), ' | ') AS contacts,
    (r.record->>'lon')::numeric AS longitude, (r.record->>'lat')::numeric AS latitude,
    CASE WHEN r.record->>'lon' IS NULL THEN NULL
         WHEN (r.record->>'own_position')::boolean THEN 'offre' ELSE 'commune' END AS position_source,
    ${isoTimestamp(`r.record->>'published_at'`)} AS published_at,
    '/v0/eco/immo/offres/' || (r.record->>'reference') AS url`

export const OFFER_CSV_COLUMNS = [
  'id',
  'reference',
  'local_type',
  'label',
  'code_commune',
  'libelle_commune',
  'surface',
  'transaction_types',
  'tags',
  'address',
  'number',
  'voie',
  'website',
  'annee_de_construction',
  'parking_number',
  'disponibilite',
  'descriptif_bien',
  'descriptif_surface',
  'descriptif_caracteristique',
  'acces',
  'descriptif_tarif',
  'prix_de_vente',
  'taxe_fonciere',
  'charges_mensuelles_copropriete',
  'loyer_mensuel',
  'charges_locatives',
  'divisible_at',
  'contacts',
  'longitude',
  'latitude',
  'position_source',
  'published_at',
  'url',
] as const

/** The points of a dataset's offers (geo_rank order) as the offers' GeoJSON: one point per position. */
export async function* offerFeatureCollectionText(
  points: AsyncIterable<{ reference: string; label: string | null; lon: number; lat: number }>,
): AsyncGenerator<string> {
  yield '{"type":"FeatureCollection","features":['
  let group: Array<{ reference: string; label: string | null; lon: number; lat: number }> = []
  let first = true
  const flush = function* () {
    if (group.length === 0) return
    const [feature] = offerFeatures(group).features
    yield (first ? '' : ',') + JSON.stringify(feature)
    first = false
    group = []
  }
  for await (const point of points) {
    const last = group[group.length - 1]
    if (last && (last.lon !== point.lon || last.lat !== point.lat)) yield* flush()
    group.push(point)
  }
  yield* flush()
  yield ']}'
}
