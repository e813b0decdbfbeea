// Administration of the client applications (the applications page of the browser app, its BFF
// routes app/bff/applications/** and the `clients` command): reading one, editing, rotating its
// secret, revoking it, and the BFF contracts. Wire names follow OAuth client metadata
// (client_name, scopes, redirect_uris); the secret is returned once, by create and rotate-secret.
import { z } from 'zod'
import { generateClientSecret, hashClientSecret } from '../auth/client-secret'
import {
  CLIENT_APPLICATION_COLUMNS,
  clientChangesSchema,
  clientNameSchema,
  clientQuotaSchema,
  clientScopesSchema,
  grantTypesFor,
  redirectUriSchema,
  serialiseClientApplication,
  whereApplicationId,
  type ClientApplication,
  type ClientChanges,
} from '../auth/clients'
import { query, type Queryable } from '../db/pool'
import { conflict, notFound } from '../http/api-error'
import type { BffContract } from '../http/bff-route'
import { USAGE_RETENTION_DAYS, usageOf, type UsageRow } from '../usage/usage'

const applicationId = z.object({ id: z.uuid('Identifiant d’application invalide.') })

export const listApplicationsContract = { role: 'admin' } satisfies BffContract

export const createApplicationContract = {
  role: 'admin',
  body: z
    .object({
      client_name: clientNameSchema,
      scopes: clientScopesSchema.default([]),
      redirect_uris: z.array(redirectUriSchema).max(10).default([]),
    })
    .strict()
    .transform((b) => ({ name: b.client_name, scopes: b.scopes, redirectUris: b.redirect_uris })),
} satisfies BffContract

export const updateApplicationContract = {
  role: 'admin',
  params: applicationId,
  body: z
    .object({
      client_name: clientNameSchema.optional(),
      scopes: clientScopesSchema.optional(),
      redirect_uris: z.array(redirectUriSchema).max(10).optional(),
      quota_per_minute: clientQuotaSchema.nullable().optional(),
      quota_per_day: clientQuotaSchema.nullable().optional(),
    })
    .strict()
    .refine((b) => Object.values(b).some((v) => v !== undefined), 'Aucune modification demandée.')
    .transform((b) => ({
      name: b.client_name,
      scopes: b.scopes,
      redirectUris: b.redirect_uris,
      quotaPerMinute: b.quota_per_minute,
      quotaPerDay: b.quota_per_day,
    })),
} satisfies BffContract

export const applicationActionContract = { role: 'admin', params: applicationId } satisfies BffContract

export const applicationUsageContract = {
  role: 'admin',
  params: applicationId,
  query: z
    .object({
      days: z.coerce
        .number()
        .int('Nombre de jours entier attendu.')
        .min(1, 'Au moins un jour.')
        .max(USAGE_RETENTION_DAYS, `Au plus ${USAGE_RETENTION_DAYS} jours (durée de conservation).`)
        .default(30),
      format: z.enum(['json', 'csv'], 'Format json ou csv.').default('json'),
    })
    .strict(),
} satisfies BffContract

/** An application's usage of the API over its last `days` days, for the applications page. */
export async function applicationUsage(id: string, days: number, db?: Queryable) {
  const application = await getClientApplicationOrThrow(id, db)
  return { application, usage: await usageOf(application.clientId, days, db) }
}

export function serialiseUsage(rows: readonly UsageRow[]) {
  return rows.map((r) => ({
    day: r.day,
    operation: r.operation,
    status_class: r.statusClass,
    requests: r.requests,
  }))
}

export function applicationResponse(application: ClientApplication, clientSecret?: string) {
  return {
    application: serialiseClientApplication(application),
    ...(clientSecret ? { client_secret: clientSecret } : {}),
  }
}

export async function getClientApplicationOrThrow(id: string, db?: Queryable): Promise<ClientApplication> {
  const { rows } = await query<ClientApplication>(
    `SELECT ${CLIENT_APPLICATION_COLUMNS} FROM client_application WHERE ${whereApplicationId(id)} AND NOT first_party`,
    [id],
    db,
  )
  if (!rows[0]) throw notFound(`Aucune application « ${id} ».`)
  return rows[0]
}

export async function rotateClientSecret(
  id: string,
  db?: Queryable,
): Promise<{ application: ClientApplication; clientSecret: string }> {
  const current = await getClientApplicationOrThrow(id, db)
  if (current.revokedAt) throw conflict('Application révoquée : son secret ne peut plus être renouvelé.')
  const clientSecret = generateClientSecret()
  const { rows } = await query<ClientApplication>(
    `UPDATE client_application SET secret_hash = $2, secret_rotated_at = now(), updated_at = now()
     WHERE id = $1 RETURNING ${CLIENT_APPLICATION_COLUMNS}`,
    [current.id, hashClientSecret(clientSecret)],
    db,
  )
  return { application: rows[0]!, clientSecret }
}

/**
 * Revokes an application for good: it can no longer authenticate, and the API refuses the tokens
 * it already holds as soon as its cached client status refreshes (OAUTH_CLIENT_CACHE_TTL).
 */
export async function revokeClientApplication(id: string, db?: Queryable): Promise<ClientApplication> {
  const current = await getClientApplicationOrThrow(id, db)
  const { rows } = await query<ClientApplication>(
    `UPDATE client_application SET revoked_at = coalesce(revoked_at, now()), updated_at = now()
     WHERE id = $1 RETURNING ${CLIENT_APPLICATION_COLUMNS}`,
    [current.id],
    db,
  )
  // Refresh tokens and grants of the application's users go with it.
  await query(`DELETE FROM oauth_artifact WHERE payload->>'clientId' = $1`, [current.clientId], db)
  return rows[0]!
}

export async function updateClientApplication(
  id: string,
  changes: ClientChanges,
  db?: Queryable,
): Promise<ClientApplication> {
  const parsed = clientChangesSchema.parse(changes)
  const current = await getClientApplicationOrThrow(id, db)
  if (current.revokedAt) throw conflict('Application révoquée : elle ne peut plus être modifiée.')
  const redirectUris = parsed.redirectUris ?? current.redirectUris
  const { rows } = await query<ClientApplication>(
    `UPDATE client_application
     SET name = $2, scopes = $3, redirect_uris = $4, grant_types = $5, quota_per_minute = $6,
         quota_per_day = $7, updated_at = now()
     WHERE id = $1 RETURNING ${CLIENT_APPLICATION_COLUMNS}`,
    [
      current.id,
      parsed.name ?? current.name,
      parsed.scopes ?? current.scopes,
      redirectUris,
      grantTypesFor(redirectUris),
      parsed.quotaPerMinute === undefined ? current.quotaPerMinute : parsed.quotaPerMinute,
      parsed.quotaPerDay === undefined ? current.quotaPerDay : parsed.quotaPerDay,
    ],
    db,
  )
  return rows[0]!
}
