// Business real-estate offers in the database: creation (with its reference YYYY-MM-NNNNN, its
// Idempotency-Key and its creating application), reads, edits and the status changes of the
// workshop, each recorded in the offer's history with who made it and when.
import { createHash } from 'node:crypto'
import type pg from 'pg'
import { pool, query, withTransaction, type Queryable } from '../db/pool'
import { conflict, notFound, unprocessable, type FieldIssue } from '../http/api-error'
import { normaliseName } from '../text/normalise'
import type { ZoneType } from '../territory/zone-id'
import type { OfferFields } from './fields'

import { OFFER_STATUSES, type OfferAction, type OfferStatus } from './statuses'

export { OFFER_STATUSES, OFFER_STATUS_VALUES, type OfferAction, type OfferStatus } from './statuses'

/** Who acts on an offer: an application through the API, a staff user in the workshop, the seed. */
export type Actor =
  | { kind: 'application'; clientId: string }
  | { kind: 'staff'; userId: string; name: string }
  | { kind: 'system'; name: string }

/** An offer as stored: its fields, status and provenance. */
export interface StoredOffer {
  reference: string
  status: OfferStatus
  rejectionReason: string | null
  clientId: string | null
  /** Name of the creating application or staff user. */
  creatorName: string | null
  fields: OfferFields
  libelleCommune: string | null
  /** The offer's own position, or its commune's point. */
  position: { lon: number; lat: number; source: 'offre' | 'commune' } | null
  /** The zones containing its commune (EPCI, department, region); none without a commune. */
  zones: OfferZone[]
  createdAt: string
  updatedAt: string
  publishedAt: string | null
}

export interface OfferEvent {
  at: string
  action: OfferAction
  status: OfferStatus
  reason: string | null
  actorKind: Actor['kind']
  actorName: string
}

export interface OfferZone {
  id: string
  type: ZoneType
  code: string
  nom: string
}

/**
 * The zones containing the commune of an offer (alias o; its commune c), EPCI, department then
 * region, as a jsonb array: those of the commune, or of the city of an arrondissement.
 */
export const OFFER_ZONES_SQL = `coalesce((SELECT jsonb_agg(jsonb_build_object('id', z.id, 'type', z.type, 'code', z.code, 'nom', z.nom)
      ORDER BY CASE z.type WHEN 'epci' THEN 1 WHEN 'departement' THEN 2 ELSE 3 END)
    FROM zone z WHERE z.id IN (SELECT zc.zone_id FROM zone_commune zc
      WHERE zc.code_commune = o.code_commune OR zc.code_commune = c.parent_code)), '[]'::jsonb)`

interface OfferRow {
  reference: string
  status: OfferStatus
  rejection_reason: string | null
  client_id: string | null
  creator_name: string | null
  fields: OfferFields
  libelle_commune: string | null
  lon: number | null
  lat: number | null
  own_position: boolean
  zones?: OfferZone[] | undefined
  created_at: Date
  updated_at: Date
  published_at: Date | null
}

/** The columns of an offer read with its commune (alias o, commune c) and creator. */
export const OFFER_SELECT = `o.reference, o.status, o.rejection_reason, o.client_id, o.fields,
  c.nom AS libelle_commune,
  coalesce(o.lon, c.lon) AS lon, coalesce(o.lat, c.lat) AS lat, (o.lon IS NOT NULL) AS own_position,
  coalesce(ca.name, su.name, o.client_id) AS creator_name,
  ${OFFER_ZONES_SQL} AS zones,
  o.created_at, o.updated_at, o.published_at`

export const OFFER_FROM = `offre o
  LEFT JOIN commune c ON c.code = o.code_commune
  LEFT JOIN client_application ca ON ca.client_id = o.client_id
  LEFT JOIN staff_user su ON su.id = o.staff_user_id`

export function toStoredOffer(row: OfferRow): StoredOffer {
  return {
    reference: row.reference,
    status: row.status,
    rejectionReason: row.rejection_reason,
    clientId: row.client_id,
    creatorName: row.creator_name,
    fields: row.fields,
    libelleCommune: row.libelle_commune,
    position:
      row.lon === null || row.lat === null
        ? null
        : { lon: row.lon, lat: row.lat, source: row.own_position ? 'offre' : 'commune' },
    zones: row.zones ?? [],
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    publishedAt: row.published_at?.toISOString() ?? null,
  }
}

/** The columns derived from an offer's fields, searched by GET /eco/immo/offres. */
export function searchedColumns(fields: OfferFields) {
  const text = [
    fields.label,
    fields.voie,
    fields.descriptif_bien,
    fields.descriptif_surface,
    fields.descriptif_caracteristique,
    fields.acces,
    ...fields.tags,
  ]
    .filter(Boolean)
    .join(' ')
  return {
    local_type: fields.local_type,
    transaction_types: fields.transaction_types,
    surface: fields.surface,
    code_commune: fields.code_commune ?? null,
    tags: fields.tags,
    search_text: normaliseName(text),
    lon: fields.longitude ?? null,
    lat: fields.latitude ?? null,
  }
}

/**
 * The values of columns fields, local_type, transaction_types, surface, code_commune, tags,
 * search_text, lon and lat, in this order, for an offer's fields.
 */
function fieldValues(fields: OfferFields): unknown[] {
  const c = searchedColumns(fields)
  return [
    JSON.stringify(fields),
    c.local_type,
    c.transaction_types,
    c.surface,
    c.code_commune,
    c.tags,
    c.search_text,
    c.lon,
    c.lat,
  ]
}

/** An invalid offer: 422 listing each field issue (the API's rule for offers). */
const invalidOffer = (errors: FieldIssue[]) => unprocessable('L’offre contient des champs invalides.', errors)

/** The month of a reference (YYYY-MM), in Paris time as the workshop's users read dates. */
export function referenceMonth(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now)
  const get = (type: string) => parts.find((p) => p.type === type)!.value
  return `${get('year')}-${get('month')}`
}

/**
 * A reference: the month and its serial, zero-padded to five digits (YYYY-MM-00042). The serial is
 * not bounded: the 100,000th offer of a month is YYYY-MM-100000 (db/migrations/0070).
 */
export function formatReference(month: string, serial: number | bigint | string): string {
  const digits = String(serial)
  if (!/^[1-9][0-9]{0,18}$/.test(digits)) throw new RangeError(`invalid offer serial ${digits}`)
  return `${month}-${digits.padStart(5, '0')}`
}

/** The next reference of the month, inside the caller's transaction (the counter row stays locked). */
export async function nextReference(client: Queryable, now: Date): Promise<string> {
  const month = referenceMonth(now)
  // A bigint: read as text, whole whatever its size.
  const { rows } = await client.query<{ last: string }>(
    `INSERT INTO offre_reference_counter (month, last) VALUES ($1, 1)
     ON CONFLICT (month) DO UPDATE SET last = offre_reference_counter.last + 1 RETURNING last::text AS last`,
    [month],
  )
  return formatReference(month, rows[0]!.last)
}

async function checkCommune(fields: OfferFields, db: Queryable): Promise<void> {
  if (!fields.code_commune) return
  const { rows } = await db.query('SELECT 1 FROM commune WHERE code = $1', [fields.code_commune])
  if (rows.length === 0) {
    throw invalidOffer([
      {
        location: 'body',
        path: 'offre.code_commune',
        message: `Aucune commune de code ${fields.code_commune} dans le code officiel géographique.`,
        code: 'unknown_commune',
      },
    ])
  }
}

async function actorName(actor: Actor, db: Queryable): Promise<{ id: string | null; name: string }> {
  if (actor.kind === 'staff') return { id: actor.userId, name: actor.name }
  if (actor.kind === 'system') return { id: null, name: actor.name }
  const { rows } = await db.query<{ name: string }>(
    'SELECT name FROM client_application WHERE client_id = $1',
    [actor.clientId],
  )
  return { id: actor.clientId, name: rows[0]?.name ?? actor.clientId }
}

export async function recordEvent(
  db: Queryable,
  event: {
    reference: string
    at: Date
    action: OfferAction
    status: OfferStatus
    reason?: string | null
    actor: Actor
  },
): Promise<void> {
  const who = await actorName(event.actor, db)
  await db.query(
    `INSERT INTO offre_event (reference, at, action, status, reason, actor_kind, actor_id, actor_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      event.reference,
      event.at,
      event.action,
      event.status,
      event.reason ?? null,
      event.actor.kind,
      who.id,
      who.name,
    ],
  )
}

/** Digest of a creation request's fields, compared when an Idempotency-Key comes back. */
export function requestDigest(fields: OfferFields): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url')
}

export interface CreatedOffer {
  reference: string
  status: OfferStatus
  /** Whether this answer repeats an earlier request's (same Idempotency-Key and body). */
  replayed: boolean
}

async function replay(
  clientId: string,
  key: string,
  digest: string,
  db: Queryable,
): Promise<CreatedOffer | null> {
  const { rows } = await db.query<{ request_hash: string; reference: string }>(
    'SELECT request_hash, reference FROM offre_idempotency WHERE client_id = $1 AND key = $2',
    [clientId, key],
  )
  const previous = rows[0]
  if (!previous) return null
  if (previous.request_hash !== digest) {
    throw conflict(
      `La clé Idempotency-Key « ${key} » a déjà servi à une autre requête (offre ${previous.reference}) : ` +
        'utilisez une nouvelle clé pour une nouvelle offre.',
    )
  }
  // The same answer as the first time: the offer was created pending validation.
  return { reference: previous.reference, status: 'pending_validation', replayed: true }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505'

/**
 * Creates an offer pending validation. With an idempotency key (per application), the same key and
 * fields answer the first creation again, another body with the key is 409.
 */
export async function createOffer(
  fields: OfferFields,
  creator: Actor & { kind: 'application' | 'staff' },
  options: { idempotencyKey?: string; now?: Date; db?: pg.Pool } = {},
): Promise<CreatedOffer> {
  const db = options.db ?? pool()
  const now = options.now ?? new Date()
  const key = creator.kind === 'application' ? options.idempotencyKey : undefined
  const digest = requestDigest(fields)
  if (key && creator.kind === 'application') {
    const previous = await replay(creator.clientId, key, digest, db)
    if (previous) return previous
  }
  await checkCommune(fields, db)
  try {
    return await withTransaction(async (client) => {
      const reference = await nextReference(client, now)
      await client.query(
        `INSERT INTO offre (reference, status, client_id, staff_user_id, fields, local_type, transaction_types,
           surface, code_commune, tags, search_text, lon, lat, created_at, updated_at)
         VALUES ($1, 'pending_validation', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
        [
          reference,
          creator.kind === 'application' ? creator.clientId : null,
          creator.kind === 'staff' ? creator.userId : null,
          ...fieldValues(fields),
          now,
        ],
      )
      if (key && creator.kind === 'application') {
        await client.query(
          `INSERT INTO offre_idempotency (client_id, key, request_hash, reference, created_at)
           VALUES ($1, $2, $3, $4, $5)`,
          [creator.clientId, key, digest, reference, now],
        )
      }
      await recordEvent(client, {
        reference,
        at: now,
        action: 'created',
        status: 'pending_validation',
        actor: creator,
      })
      return { reference, status: 'pending_validation' as const, replayed: false }
    }, db)
  } catch (error) {
    // The same key sent twice at once: the other request created the offer first.
    if (key && creator.kind === 'application' && isUniqueViolation(error)) {
      const previous = await replay(creator.clientId, key, digest, db)
      if (previous) return previous
    }
    throw error
  }
}

/** One offer, whatever its status; null when unknown. */
export async function findOffer(reference: string, db: Queryable = pool()): Promise<StoredOffer | null> {
  const { rows } = await query<OfferRow>(
    `SELECT ${OFFER_SELECT} FROM ${OFFER_FROM} WHERE o.reference = $1`,
    [reference],
    db,
  )
  return rows[0] ? toStoredOffer(rows[0]) : null
}

/**
 * The offer GET /eco/immo/offres/:id shows `clientId`: a published offer, or one the application
 * created itself (in any status). Others are 404, as unknown references are.
 */
export async function visibleOffer(reference: string, clientId: string): Promise<StoredOffer> {
  const offer = await findOffer(reference)
  if (!offer || (offer.status !== 'published' && offer.clientId !== clientId)) {
    throw notFound(`Aucune offre publiée de référence ${reference}.`)
  }
  return offer
}

/** The history of an offer, oldest first. */
export async function offerHistory(reference: string, db: Queryable = pool()): Promise<OfferEvent[]> {
  const { rows } = await query<{
    at: Date
    action: OfferAction
    status: OfferStatus
    reason: string | null
    actor_kind: Actor['kind']
    actor_name: string
  }>(
    'SELECT at, action, status, reason, actor_kind, actor_name FROM offre_event WHERE reference = $1 ORDER BY at, id',
    [reference],
    db,
  )
  return rows.map((r) => ({
    at: r.at.toISOString(),
    action: r.action,
    status: r.status,
    reason: r.reason,
    actorKind: r.actor_kind,
    actorName: r.actor_name,
  }))
}

/** The status changes of the workshop: from which statuses each is allowed, and the resulting one. */
export const TRANSITIONS = {
  publish: { from: ['pending_validation', 'archived'], to: 'published', action: 'published' },
  reject: { from: ['pending_validation'], to: 'rejected', action: 'rejected' },
  archive: { from: ['pending_validation', 'published'], to: 'archived', action: 'archived' },
} as const satisfies Record<string, { from: readonly OfferStatus[]; to: OfferStatus; action: OfferAction }>
export type Transition = keyof typeof TRANSITIONS

const STATUS_NAMES = (statuses: readonly OfferStatus[]) =>
  statuses.map((s) => `« ${OFFER_STATUSES[s].toLowerCase()} »`).join(' ou ')

/** Applies a status change of the workshop (409 from a status it does not apply to). */
export async function changeStatus(
  reference: string,
  transition: Transition,
  actor: Actor,
  options: { reason?: string; now?: Date; db?: pg.Pool } = {},
): Promise<StoredOffer> {
  const rule = TRANSITIONS[transition]
  const now = options.now ?? new Date()
  const reason = transition === 'reject' ? (options.reason?.trim() ?? '') : null
  if (transition === 'reject' && !reason) throw new Error('a refusal needs its reason')
  return withTransaction(async (client) => {
    const { rows } = await client.query<{ status: OfferStatus }>(
      'SELECT status FROM offre WHERE reference = $1 FOR UPDATE',
      [reference],
    )
    const current = rows[0]
    if (!current) throw notFound(`Aucune offre de référence ${reference}.`)
    if (!(rule.from as readonly OfferStatus[]).includes(current.status)) {
      throw conflict(
        `L’offre ${reference} est ${OFFER_STATUSES[current.status].toLowerCase()} : cette action ne s’applique ` +
          `qu’à une offre ${STATUS_NAMES(rule.from)}.`,
      )
    }
    await client.query(
      `UPDATE offre SET status = $2, rejection_reason = $3, updated_at = $4,
         published_at = CASE WHEN $2 = 'published' THEN $4 ELSE published_at END
       WHERE reference = $1`,
      [reference, rule.to, reason, now],
    )
    await recordEvent(client, { reference, at: now, action: rule.action, status: rule.to, reason, actor })
    return (await findOffer(reference, client))!
  }, options.db)
}

/** Replaces the fields of an offer pending validation (the workshop's edit before publishing). */
export async function editOffer(
  reference: string,
  fields: OfferFields,
  actor: Actor,
  options: { now?: Date; db?: pg.Pool } = {},
): Promise<StoredOffer> {
  const now = options.now ?? new Date()
  const db = options.db ?? pool()
  await checkCommune(fields, db)
  return withTransaction(async (client) => {
    const { rows } = await client.query<{ status: OfferStatus }>(
      'SELECT status FROM offre WHERE reference = $1 FOR UPDATE',
      [reference],
    )
    if (!rows[0]) throw notFound(`Aucune offre de référence ${reference}.`)
    if (rows[0].status !== 'pending_validation') {
      throw conflict(
        `L’offre ${reference} n’est plus en cours de validation : elle ne peut plus être modifiée.`,
      )
    }
    await client.query(
      `UPDATE offre SET fields = $2, local_type = $3, transaction_types = $4, surface = $5, code_commune = $6,
         tags = $7, search_text = $8, lon = $9, lat = $10, updated_at = $11
       WHERE reference = $1`,
      [reference, ...fieldValues(fields), now],
    )
    await recordEvent(client, { reference, at: now, action: 'edited', status: 'pending_validation', actor })
    return (await findOffer(reference, client))!
  }, db)
}

/** Version of the offers, for the entity tags of their reads: any write changes it. */
/**
 * The version of one offer, for its record's entity tag: it changes when that offer changes, not
 * when another one is created or published.
 */
export async function offerVersion(reference: string, db: Queryable = pool()): Promise<string> {
  const { rows } = await query<{ updated_at: Date }>(
    'SELECT updated_at FROM offre WHERE reference = $1',
    [reference],
    db,
  )
  return `offre:${reference}:${rows[0]?.updated_at.getTime() ?? 'none'}`
}

export async function offersVersion(db: Queryable = pool()): Promise<string> {
  const { rows } = await query<{ latest: Date | null; total: number }>(
    'SELECT max(updated_at) AS latest, count(*) AS total FROM offre',
    [],
    db,
  )
  return `offres:${rows[0]?.latest?.getTime() ?? 0}:${rows[0]?.total ?? 0}`
}
