// Client applications of the API (the spec's "administration workshop"): who may obtain tokens,
// with which scopes and flows. Secrets are shown once at creation or rotation and stored hashed.
import { z } from 'zod'
import { query, type Queryable } from '../db/pool'
import type { ClientStatus } from './client-status-cache'
import { generateClientId, generateClientSecret, hashClientSecret } from './client-secret'
import { SCOPES, type Scope } from './scopes'

export type GrantType = 'client_credentials' | 'authorization_code' | 'refresh_token'

export interface ClientApplication {
  id: string
  clientId: string
  name: string
  scopes: Scope[]
  grantTypes: GrantType[]
  redirectUris: string[]
  postLogoutRedirectUris: string[]
  firstParty: boolean
  createdAt: Date
  updatedAt: Date
  secretRotatedAt: Date | null
  lastUsedAt: Date | null
  revokedAt: Date | null
  /** Its own request quotas on the data API; null: the service's defaults. */
  quotaPerMinute: number | null
  quotaPerDay: number | null
}

/** What the authorization server needs to authenticate a client (never the secret itself). */
export interface ClientCredentialsRecord extends ClientApplication {
  secretHash: string
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Exact redirect URIs (RFC 9700 §2.1): absolute, no fragment, https except on loopback hosts. */
export const redirectUriSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => URL.canParse(value), 'Adresse de redirection invalide : URL absolue attendue.')
  .refine((value) => {
    const url = new URL(value)
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))
  }, 'Adresse de redirection invalide : https obligatoire (http seulement pour localhost).')
  .refine((value) => !value.includes('#'), 'Adresse de redirection invalide : pas de fragment (#).')

export const clientNameSchema = z.string().trim().min(1, 'Le nom est obligatoire.').max(200)
export const clientScopesSchema = z
  .array(z.enum(SCOPES, { error: `Portée inconnue : portées possibles ${SCOPES.join(', ')}.` }))
  .max(SCOPES.length)
  .transform((scopes) => SCOPES.filter((s) => scopes.includes(s)))

const newClientSchema = z.object({
  name: clientNameSchema,
  scopes: clientScopesSchema.default([]),
  redirectUris: z.array(redirectUriSchema).max(10).default([]),
})
export type NewClient = z.input<typeof newClientSchema>

/** An application's own quota: requests per minute or per day, from 1 to 100 million. */
export const clientQuotaSchema = z
  .int('Un quota est un nombre entier de requêtes.')
  .min(1, 'Un quota est d’au moins une requête.')
  .max(100_000_000, 'Un quota est d’au plus 100 000 000 requêtes.')

export const clientChangesSchema = z
  .object({
    name: clientNameSchema.optional(),
    scopes: clientScopesSchema.optional(),
    redirectUris: z.array(redirectUriSchema).max(10).optional(),
    /** null: back to the service's default. */
    quotaPerMinute: clientQuotaSchema.nullable().optional(),
    quotaPerDay: clientQuotaSchema.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Aucune modification demandée.')
export type ClientChanges = z.input<typeof clientChangesSchema>

/** Client credentials always; the Authorization Code flow (with refresh tokens) once a redirect URI exists. */
export function grantTypesFor(redirectUris: readonly string[]): GrantType[] {
  return redirectUris.length > 0
    ? ['client_credentials', 'authorization_code', 'refresh_token']
    : ['client_credentials']
}

/** Columns of client_application as a ClientApplication. */
export const CLIENT_APPLICATION_COLUMNS = `id, client_id AS "clientId", name, scopes, grant_types AS "grantTypes",
  redirect_uris AS "redirectUris", post_logout_redirect_uris AS "postLogoutRedirectUris",
  first_party AS "firstParty", created_at AS "createdAt", updated_at AS "updatedAt",
  secret_rotated_at AS "secretRotatedAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt",
  quota_per_minute AS "quotaPerMinute", quota_per_day AS "quotaPerDay"`

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Matches an application by its id (UUID) or its client_id, both bound as $1. */
export function whereApplicationId(id: string): string {
  return UUID.test(id) ? '(id = ($1::text)::uuid OR client_id = $1::text)' : 'client_id = $1'
}

export async function createClientApplication(
  input: NewClient,
  db?: Queryable,
): Promise<{ application: ClientApplication; clientSecret: string }> {
  const client = newClientSchema.parse(input)
  const clientSecret = generateClientSecret()
  const { rows } = await query<ClientApplication>(
    `INSERT INTO client_application (client_id, name, secret_hash, scopes, grant_types, redirect_uris)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${CLIENT_APPLICATION_COLUMNS}`,
    [
      generateClientId(),
      client.name,
      hashClientSecret(clientSecret),
      client.scopes,
      grantTypesFor(client.redirectUris),
      client.redirectUris,
    ],
    db,
  )
  return { application: rows[0]!, clientSecret }
}

/** Third-party applications, newest first (the app's own client is managed at start-up). */
export async function listClientApplications(db?: Queryable): Promise<ClientApplication[]> {
  const { rows } = await query<ClientApplication>(
    `SELECT ${CLIENT_APPLICATION_COLUMNS} FROM client_application WHERE NOT first_party ORDER BY created_at DESC, client_id`,
    [],
    db,
  )
  return rows
}

/** The active (not revoked) client with this client_id, with its secret hash; null otherwise. */
export async function findActiveClient(
  clientId: string,
  db?: Queryable,
): Promise<ClientCredentialsRecord | null> {
  const { rows } = await query<ClientCredentialsRecord>(
    `SELECT ${CLIENT_APPLICATION_COLUMNS}, secret_hash AS "secretHash" FROM client_application
     WHERE client_id = $1 AND revoked_at IS NULL`,
    [clientId],
    db,
  )
  return rows[0] ?? null
}

/**
 * Registers (or updates) the browser app as its own first client: Authorization Code only, no API
 * scope, its exact callback and post-sign-out addresses. Called at every start, so a new
 * PUBLIC_URL or secret takes effect at once.
 */
export async function ensureFirstPartyClient(
  input: {
    clientId: string
    name: string
    secret: string
    redirectUri: string
    postLogoutRedirectUri: string
  },
  db?: Queryable,
): Promise<void> {
  await query(
    `INSERT INTO client_application
       (client_id, name, secret_hash, scopes, grant_types, redirect_uris, post_logout_redirect_uris, first_party)
     VALUES ($1, $2, $3, '{}', '{authorization_code}', $4, $5, true)
     ON CONFLICT (client_id) DO UPDATE SET
       name = EXCLUDED.name, secret_hash = EXCLUDED.secret_hash, scopes = '{}',
       grant_types = EXCLUDED.grant_types, redirect_uris = EXCLUDED.redirect_uris,
       post_logout_redirect_uris = EXCLUDED.post_logout_redirect_uris, first_party = true,
       revoked_at = NULL, updated_at = now()
     WHERE client_application.secret_hash IS DISTINCT FROM EXCLUDED.secret_hash
        OR client_application.redirect_uris IS DISTINCT FROM EXCLUDED.redirect_uris
        OR client_application.post_logout_redirect_uris IS DISTINCT FROM EXCLUDED.post_logout_redirect_uris
        OR client_application.name IS DISTINCT FROM EXCLUDED.name
        OR NOT client_application.first_party
        OR client_application.revoked_at IS NOT NULL`,
    [
      input.clientId,
      input.name,
      hashClientSecret(input.secret),
      [input.redirectUri],
      [input.postLogoutRedirectUri],
    ],
    db,
  )
}

/**
 * Every application's status for the API's cached view: the scopes an active client holds now,
 * null for a revoked one.
 */
export async function clientStatuses(db?: Queryable): Promise<Map<string, ClientStatus | null>> {
  const { rows } = await query<{
    clientId: string
    scopes: Scope[]
    revoked: boolean
    perMinute: number | null
    perDay: number | null
  }>(
    `SELECT client_id AS "clientId", scopes, revoked_at IS NOT NULL AS revoked,
            quota_per_minute AS "perMinute", quota_per_day AS "perDay"
     FROM client_application`,
    [],
    db,
  )
  return new Map(
    rows.map((r) => [
      r.clientId,
      r.revoked ? null : { scopes: r.scopes, quota: { perMinute: r.perMinute, perDay: r.perDay } },
    ]),
  )
}

/** Notes that a client obtained a token (at most one write per client and minute). */
export async function recordClientUse(clientId: string, db?: Queryable): Promise<void> {
  await query(
    `UPDATE client_application SET last_used_at = now()
     WHERE client_id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [clientId],
    db,
  )
}

/** Wire form for the admin BFF and the CLI (snake_case, as OAuth client metadata). */
export function serialiseClientApplication(application: ClientApplication) {
  return {
    id: application.id,
    client_id: application.clientId,
    client_name: application.name,
    scopes: application.scopes,
    grant_types: application.grantTypes,
    redirect_uris: application.redirectUris,
    created_at: application.createdAt.toISOString(),
    updated_at: application.updatedAt.toISOString(),
    secret_rotated_at: application.secretRotatedAt?.toISOString() ?? null,
    last_used_at: application.lastUsedAt?.toISOString() ?? null,
    revoked_at: application.revokedAt?.toISOString() ?? null,
    revoked: application.revokedAt !== null,
    /** Its own quotas; null: the service's defaults (QUOTA_PER_MINUTE, QUOTA_PER_DAY). */
    quota_per_minute: application.quotaPerMinute,
    quota_per_day: application.quotaPerDay,
  }
}
export type ClientApplicationWire = ReturnType<typeof serialiseClientApplication>
