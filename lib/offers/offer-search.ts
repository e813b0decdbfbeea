// Searches over offers: the published offers of GET /eco/immo/offres (criteria of `search`, newest
// publication first, positions for GeoJSON), the tags in use, an application's own offers
// (/statuts, newest first) and the workshop's list by status.
import { z } from 'zod'
import { pool, query, type Queryable } from '../db/pool'
import { SqlParams } from '../db/sql-params'
import { oneOrMany, searchParameterSchema } from '../http/schemas'
import { communeCodeSchema, searchTextSchema, zoneIdSchema } from '../territory/code-schemas'
import { communeCodesMatching } from '../territory/commune-codes-sql'
import { searchWords } from '../text/normalise'
import { LOCAL_TYPE_VALUES, TRANSACTION_TYPE_VALUES } from './fields'
import {
  OFFER_FROM,
  OFFER_SELECT,
  OFFER_STATUS_VALUES,
  toStoredOffer,
  type OfferStatus,
  type StoredOffer,
} from './offer-store'

const enumValue = <T extends string>(values: readonly [T, ...T[]], what: string) =>
  z
    .string()
    .trim()
    .pipe(z.enum(values, { error: `${what} inconnu ; valeurs acceptées : ${values.join(', ')}.` }))

const surfaceParam = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: `${name} : attendu un nombre entier de m².` })
      .int(`${name} : attendu un nombre entier de m².`)
      .min(0, `${name} : au moins 0.`),
  )

const offerCriteriaShape = {
  code_commune: oneOrMany(communeCodeSchema, 1000)
    .optional()
    .describe('Code commune INSEE (Paris, Lyon et Marseille comprennent leurs arrondissements)'),
  zone_id: oneOrMany(zoneIdSchema, 100)
    .optional()
    .describe('Identifiant (UUID) d’une zone : EPCI, département ou région'),
  local_type: oneOrMany(enumValue(LOCAL_TYPE_VALUES, 'Type de local'), 20)
    .optional()
    .describe(`Type de local : ${LOCAL_TYPE_VALUES.join(', ')}`),
  transaction_type: oneOrMany(enumValue(TRANSACTION_TYPE_VALUES, 'Type de transaction'), 2)
    .optional()
    .describe('Type de transaction : acheter, louer'),
  surface_min: surfaceParam('surface_min').optional().describe('Surface minimale (m²)'),
  surface_max: surfaceParam('surface_max').optional().describe('Surface maximale (m²)'),
  tags: oneOrMany(z.string().trim().min(1, 'Mot-clé vide.').max(60, 'Au plus 60 caractères.'), 20)
    .optional()
    .describe('Mots-clés (l’un d’eux), sans accents ni casse'),
  q: oneOrMany(searchTextSchema, 20)
    .optional()
    .describe('Texte libre : libellé, voie, descriptions, mots-clés'),
}

/** `search` of GET /eco/immo/offres: a free text, or criteria combined with AND. */
export const offerSearchSchema = searchParameterSchema(offerCriteriaShape, {
  description: 'libellé, voie, descriptions, mots-clés',
})
export type OfferSearch = z.output<typeof offerSearchSchema>

/** The search in domain terms; each present list restricts the results ("any of"). */
export interface OfferCriteria {
  communes?: string[]
  zones?: string[]
  localTypes?: string[]
  transactionTypes?: string[]
  surfaceMin?: number
  surfaceMax?: number
  tags?: string[]
  texts?: string[]
  statuses?: OfferStatus[]
  clientId?: string
}

export function toOfferCriteria(search: OfferSearch | undefined): OfferCriteria {
  if (search === undefined) return {}
  if (typeof search === 'string') return search.trim() === '' ? {} : { texts: [search.trim()] }
  const criteria: OfferCriteria = {}
  if (search.code_commune) criteria.communes = search.code_commune
  if (search.zone_id) criteria.zones = search.zone_id
  if (search.local_type) criteria.localTypes = search.local_type
  if (search.transaction_type) criteria.transactionTypes = search.transaction_type
  if (search.surface_min !== undefined) criteria.surfaceMin = search.surface_min
  if (search.surface_max !== undefined) criteria.surfaceMax = search.surface_max
  if (search.tags) criteria.tags = search.tags
  if (search.q) criteria.texts = search.q
  return criteria
}

/** The conditions of `criteria` on alias `o`, joined with AND, their values bound in `params`. */
export function offerFilter(criteria: OfferCriteria, params: SqlParams): string {
  const conditions: string[] = []
  if (criteria.statuses) conditions.push(`o.status = ANY(${params.add(criteria.statuses, '::text[]')})`)
  if (criteria.clientId) conditions.push(`o.client_id = ${params.add(criteria.clientId)}`)
  if (criteria.communes) {
    conditions.push(`o.code_commune IN (${communeCodesMatching(params.add(criteria.communes, '::text[]'))})`)
  }
  if (criteria.zones) {
    conditions.push(
      `o.code_commune IN (SELECT zc.code_commune FROM zone_commune zc WHERE zc.zone_id = ANY(${params.add(criteria.zones, '::uuid[]')}))`,
    )
  }
  if (criteria.localTypes)
    conditions.push(`o.local_type = ANY(${params.add(criteria.localTypes, '::text[]')})`)
  if (criteria.transactionTypes) {
    conditions.push(`o.transaction_types && ${params.add(criteria.transactionTypes, '::text[]')}`)
  }
  if (criteria.surfaceMin !== undefined) conditions.push(`o.surface >= ${params.add(criteria.surfaceMin)}`)
  if (criteria.surfaceMax !== undefined) conditions.push(`o.surface <= ${params.add(criteria.surfaceMax)}`)
  if (criteria.tags) {
    // Tags are free texts: compared without accents, case or punctuation.
    const wanted = criteria.tags.map((t) => searchWords(t).join(' '))
    conditions.push(
      `EXISTS (SELECT 1 FROM unnest(o.tags) t WHERE tda_normalise(t) = ANY(${params.add(wanted, '::text[]')}))`,
    )
  }
  if (criteria.texts) {
    const alternatives = criteria.texts.map((text) => {
      const words = searchWords(text)
      if (words.length === 0) return 'TRUE'
      return `(${words.map((w) => `o.search_text LIKE ${params.add(`%${w}%`)}`).join(' AND ')})`
    })
    conditions.push(alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`)
  }
  return conditions.length > 0 ? conditions.join(' AND ') : 'TRUE'
}

type Order = 'published' | 'created'
const ORDER_BY: Record<Order, string> = {
  published: 'o.published_at DESC, o.reference DESC',
  created: 'o.created_at DESC, o.reference DESC',
}

/** A page of the offers matching `criteria`, in `order` (newest first), and their exact number. */
export async function findOffers(
  criteria: OfferCriteria,
  page: { page: number; size: number; order: Order },
  db: Queryable = pool(),
): Promise<{ total: number; offers: StoredOffer[] }> {
  const params = new SqlParams()
  const where = offerFilter(criteria, params)
  const countParams = [...params.values]
  const limit = params.add(page.size)
  const offset = params.add((page.page - 1) * page.size)
  const [count, rows] = await Promise.all([
    query<{ total: number }>(`SELECT count(*) AS total FROM offre o WHERE ${where}`, countParams, db),
    query(
      `SELECT ${OFFER_SELECT} FROM ${OFFER_FROM} WHERE ${where} ORDER BY ${ORDER_BY[page.order]} LIMIT ${limit} OFFSET ${offset}`,
      params.values,
      db,
    ),
  ])
  return {
    total: count.rows[0]!.total,
    offers: rows.rows.map((r) => toStoredOffer(r as Parameters<typeof toStoredOffer>[0])),
  }
}

/** Positions of the offers matching `criteria` (own position, else the commune's), at most `limit`. */
export async function offerPoints(
  criteria: OfferCriteria,
  limit: number,
  db: Queryable = pool(),
): Promise<Array<{ reference: string; label: string | null; lon: number; lat: number }>> {
  const params = new SqlParams()
  const where = offerFilter(criteria, params)
  const { rows } = await query<{ reference: string; label: string | null; lon: number; lat: number }>(
    `SELECT o.reference, o.fields->>'label' AS label, coalesce(o.lon, c.lon) AS lon, coalesce(o.lat, c.lat) AS lat
     FROM offre o LEFT JOIN commune c ON c.code = o.code_commune
     WHERE ${where} AND coalesce(o.lon, c.lon) IS NOT NULL
     ORDER BY ${ORDER_BY.published} LIMIT ${params.add(limit)}`,
    params.values,
    db,
  )
  return rows
}

/** The tags of published offers with the number of offers carrying each, most used first. */
export async function publishedTags(db: Queryable = pool()): Promise<Array<{ tag: string; count: number }>> {
  const { rows } = await query<{ tag: string; count: number }>(
    `SELECT t AS tag, count(*) AS count FROM offre o, unnest(o.tags) t
     WHERE o.status = 'published' GROUP BY t ORDER BY count(*) DESC, t`,
    [],
    db,
  )
  return rows
}

/** The number of offers in each status (every status present, 0 included). */
export async function countByStatus(db: Queryable = pool()): Promise<Record<OfferStatus, number>> {
  const { rows } = await query<{ status: OfferStatus; count: number }>(
    'SELECT status, count(*) AS count FROM offre GROUP BY status',
    [],
    db,
  )
  const counts = Object.fromEntries(OFFER_STATUS_VALUES.map((s) => [s, 0])) as Record<OfferStatus, number>
  for (const row of rows) counts[row.status] = row.count
  return counts
}
