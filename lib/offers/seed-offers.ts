// Replaces the synthetic offers (those the seed wrote before; offers created through the API or in
// the workshop stay) with a deterministic set, their history included, in one transaction.
import type pg from 'pg'
import { withTransaction } from '../db/pool'
import { referenceData } from '../territory/reference-data'
import { generateOffers, type GeneratedOffer } from './generate-offers'
import { searchedColumns } from './offer-store'

/** Offers the seed writes by default (the issue of the workshop asks for about 300). */
export const SEED_OFFERS = 300

function offerRecord(offer: GeneratedOffer) {
  const columns = searchedColumns(offer.fields)
  return {
    reference: offer.reference,
    status: offer.status,
    rejection_reason: offer.rejectionReason,
    client_id: offer.clientId,
    fields: offer.fields,
    ...columns,
    created_at: offer.createdAt.toISOString(),
    updated_at: offer.updatedAt.toISOString(),
    published_at: offer.publishedAt?.toISOString() ?? null,
  }
}

export async function seedOffers(db: pg.Pool, options: { count?: number; seed: number }): Promise<number> {
  const offers = [
    ...generateOffers({
      count: options.count ?? SEED_OFFERS,
      seed: options.seed,
      communes: referenceData().communes,
    }),
  ]
  const events = offers.flatMap((o) =>
    o.events.map((e) => ({
      reference: o.reference,
      at: e.at.toISOString(),
      action: e.action,
      status: e.status,
      reason: e.reason,
      actor_kind: e.actorKind,
      actor_name: e.actorName,
    })),
  )
  await withTransaction(async (client) => {
    await client.query('DELETE FROM offre WHERE seeded')
    await client.query(
      `INSERT INTO offre (reference, status, rejection_reason, client_id, fields, local_type, transaction_types,
         surface, code_commune, tags, search_text, lon, lat, created_at, updated_at, published_at, seeded)
       SELECT reference, status, rejection_reason, client_id, fields, local_type, transaction_types,
         surface, code_commune, tags, search_text, lon, lat, created_at, updated_at, published_at, true
       FROM jsonb_to_recordset($1::jsonb) AS x(reference text, status text, rejection_reason text, client_id text,
         fields jsonb, local_type text, transaction_types text[], surface integer, code_commune text, tags text[],
         search_text text, lon double precision, lat double precision, created_at timestamptz,
         updated_at timestamptz, published_at timestamptz)`,
      [JSON.stringify(offers.map(offerRecord))],
    )
    await client.query(
      `INSERT INTO offre_event (reference, at, action, status, reason, actor_kind, actor_name)
       SELECT reference, at, action, status, reason, actor_kind, actor_name
       FROM jsonb_to_recordset($1::jsonb) AS x(reference text, at timestamptz, action text, status text,
         reason text, actor_kind text, actor_name text)`,
      [JSON.stringify(events)],
    )
    // Later references of these months continue after the seeded ones.
    await client.query(
      `INSERT INTO offre_reference_counter (month, last)
       SELECT substr(reference, 1, 7), max(substr(reference, 9)::int) FROM offre GROUP BY 1
       ON CONFLICT (month) DO UPDATE SET last = GREATEST(offre_reference_counter.last, EXCLUDED.last)`,
    )
  }, db)
  return offers.length
}

export async function hasOffers(db: pg.Pool): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM offre LIMIT 1')
  return rows.length > 0
}
