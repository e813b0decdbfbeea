// Asymmetric keys signing access tokens (RFC 9068) and ID tokens. They live in the database so that
// every instance signs with the same key and restarts keep it. The newest unretired key signs;
// rotating adds a key and retires the previous one, which stays published in the JWKS until every
// token it signed has expired, then is deleted.
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'
import type pg from 'pg'
import { query, withTransaction, type Queryable } from '../db/pool'

const SIGNING_ALG = 'ES256'

export interface SigningKey {
  kid: string
  alg: string
  privateJwk: JWK
  publicJwk: JWK
  createdAt: Date
  retiredAt: Date | null
}

const COLUMNS = `kid, alg, private_jwk AS "privateJwk", public_jwk AS "publicJwk",
  created_at AS "createdAt", retired_at AS "retiredAt"`

const LOCK_KEY = 727_274_002

async function generateSigningKey(): Promise<Pick<SigningKey, 'kid' | 'alg' | 'privateJwk' | 'publicJwk'>> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true })
  const publicJwk = await exportJWK(publicKey)
  const kid = await calculateJwkThumbprint(publicJwk)
  const common = { kid, alg: SIGNING_ALG, use: 'sig' }
  return {
    kid,
    alg: SIGNING_ALG,
    privateJwk: { ...(await exportJWK(privateKey)), ...common },
    publicJwk: { ...publicJwk, ...common },
  }
}

async function insertAndRetireOthers(client: pg.PoolClient): Promise<SigningKey> {
  const key = await generateSigningKey()
  await client.query('UPDATE oauth_signing_key SET retired_at = now() WHERE retired_at IS NULL')
  const { rows } = await client.query<SigningKey>(
    `INSERT INTO oauth_signing_key (kid, alg, private_jwk, public_jwk) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [key.kid, key.alg, key.privateJwk, key.publicJwk],
  )
  return rows[0]!
}

/**
 * Makes sure a signing key exists and is younger than maxAgeDays (replacing it otherwise), under a
 * lock so that instances starting together create one key. Returns what happened.
 */
export async function ensureSigningKey(maxAgeDays: number): Promise<'created' | 'rotated' | 'unchanged'> {
  return withTransaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY])
    const { rows } = await client.query<{ createdAt: Date }>(
      `SELECT created_at AS "createdAt" FROM oauth_signing_key WHERE retired_at IS NULL
       ORDER BY created_at DESC LIMIT 1`,
    )
    const current = rows[0]
    if (!current) {
      await insertAndRetireOthers(client)
      return 'created'
    }
    if (Date.now() - current.createdAt.getTime() > maxAgeDays * 86_400_000) {
      await insertAndRetireOthers(client)
      return 'rotated'
    }
    return 'unchanged'
  })
}

/** Adds a new signing key and retires the current one (still published until its tokens expire). */
export async function rotateSigningKey(): Promise<SigningKey> {
  return withTransaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY])
    return insertAndRetireOthers(client)
  })
}

/**
 * Keys to publish: the signing key first, then retired keys younger than retentionSeconds (the
 * longest lifetime of a token they may have signed). Older retired keys are deleted.
 */
export async function publishedSigningKeys(retentionSeconds: number, db?: Queryable): Promise<SigningKey[]> {
  await query(
    `DELETE FROM oauth_signing_key WHERE retired_at IS NOT NULL AND retired_at < now() - make_interval(secs => $1)`,
    [retentionSeconds],
    db,
  )
  const { rows } = await query<SigningKey>(
    `SELECT ${COLUMNS} FROM oauth_signing_key
     WHERE retired_at IS NULL OR retired_at >= now() - make_interval(secs => $1)
     ORDER BY retired_at IS NOT NULL, created_at DESC`,
    [retentionSeconds],
    db,
  )
  return rows
}

/** Public keys only (what resource servers verify with), same order and retention. */
export async function publicSigningKeys(retentionSeconds: number, db?: Queryable): Promise<JWK[]> {
  const { rows } = await query<{ publicJwk: JWK }>(
    `SELECT public_jwk AS "publicJwk" FROM oauth_signing_key
     WHERE retired_at IS NULL OR retired_at >= now() - make_interval(secs => $1)
     ORDER BY retired_at IS NOT NULL, created_at DESC`,
    [retentionSeconds],
    db,
  )
  return rows.map((r) => r.publicJwk)
}

/** A fingerprint of the published key set: instances rebuild their signer when it changes. */
export function keySetVersion(keys: readonly Pick<SigningKey, 'kid' | 'retiredAt'>[]): string {
  return keys.map((k) => `${k.kid}:${k.retiredAt ? 'r' : 'a'}`).join(',')
}
