// Storage of the authorization server's state (oidc-provider's adapter interface) in the database,
// so that codes, grants, sessions, interactions and refresh tokens survive restarts and are shared
// by every instance. Plain SQL with bound parameters: the same on PostgreSQL and the embedded
// engine. Clients are not artifacts: they come from the client_application table.
import { query } from '../db/pool'
import { findActiveClient } from '../auth/clients'
import { recordRevocation } from '../auth/revoked-tokens'
import { clientMetadata } from './client-metadata'

/** What oidc-provider stores per artifact: a JSON object with a few indexed members. */
export interface AdapterPayload {
  [key: string]: unknown
  grantId?: string
  uid?: string
  userCode?: string
  consumed?: number
}

export interface Adapter {
  upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>
  find(id: string): Promise<AdapterPayload | undefined>
  findByUid(uid: string): Promise<AdapterPayload | undefined>
  findByUserCode(userCode: string): Promise<AdapterPayload | undefined>
  consume(id: string): Promise<void>
  destroy(id: string): Promise<void>
  revokeByGrantId(grantId: string): Promise<void>
}

type Row = { payload: AdapterPayload; consumed: number | null }

const SELECT = `SELECT payload, extract(epoch FROM consumed_at)::bigint AS consumed FROM oauth_artifact`
const LIVE = '(expires_at IS NULL OR expires_at > now())'

function toPayload(row: Row | undefined): AdapterPayload | undefined {
  if (!row) return undefined
  return row.consumed === null ? row.payload : { ...row.payload, consumed: Number(row.consumed) }
}

class ArtifactAdapter implements Adapter {
  constructor(readonly kind: string) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await query(
      `INSERT INTO oauth_artifact (kind, id, payload, grant_id, uid, user_code, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::integer IS NULL THEN NULL ELSE now() + make_interval(secs => $7::integer) END)
       ON CONFLICT (kind, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         uid = EXCLUDED.uid, user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
      [
        this.kind,
        id,
        payload,
        payload.grantId ?? null,
        payload.uid ?? null,
        payload.userCode ?? null,
        expiresIn ?? null,
      ],
    )
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const { rows } = await query<Row>(`${SELECT} WHERE kind = $1 AND id = $2 AND ${LIVE}`, [this.kind, id])
    return toPayload(rows[0])
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const { rows } = await query<Row>(`${SELECT} WHERE kind = $1 AND uid = $2 AND ${LIVE}`, [this.kind, uid])
    return toPayload(rows[0])
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const { rows } = await query<Row>(`${SELECT} WHERE kind = $1 AND user_code = $2 AND ${LIVE}`, [
      this.kind,
      userCode,
    ])
    return toPayload(rows[0])
  }

  async consume(id: string): Promise<void> {
    await query('UPDATE oauth_artifact SET consumed_at = now() WHERE kind = $1 AND id = $2', [this.kind, id])
  }

  async destroy(id: string): Promise<void> {
    await query('DELETE FROM oauth_artifact WHERE kind = $1 AND id = $2', [this.kind, id])
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await query('DELETE FROM oauth_artifact WHERE grant_id = $1', [grantId])
  }
}

/**
 * Access tokens are JWTs, not stored: revoking them by grant (a replayed code, a revoked refresh
 * token) lists the grant as revoked, which verifiers read (lib/auth/revoked-tokens.ts). The JWTs
 * carry their grant id (claim `gid`, provider.ts).
 */
class AccessTokenAdapter extends ArtifactAdapter {
  constructor(private readonly maxLifetimeSeconds: number) {
    super('AccessToken')
  }

  override async revokeByGrantId(grantId: string): Promise<void> {
    await super.revokeByGrantId(grantId)
    await recordRevocation('grant', grantId, new Date(Date.now() + this.maxLifetimeSeconds * 1000))
  }
}

/** Clients are read from the applications table; the provider cannot create or change them. */
class ClientAdapter implements Adapter {
  async find(id: string): Promise<AdapterPayload | undefined> {
    const client = await findActiveClient(id)
    return client ? clientMetadata(client) : undefined
  }
  async upsert(): Promise<void> {
    throw new Error('client applications are managed through the CLI and the admin routes')
  }
  async destroy(): Promise<void> {
    throw new Error('client applications are managed through the CLI and the admin routes')
  }
  async findByUid(): Promise<undefined> {
    return undefined
  }
  async findByUserCode(): Promise<undefined> {
    return undefined
  }
  async consume(): Promise<void> {}
  async revokeByGrantId(): Promise<void> {}
}

/** The adapter factory oidc-provider calls once per model name. */
export function adapterFactory(accessTokenLifetimeSeconds: number): (kind: string) => Adapter {
  return (kind) =>
    kind === 'Client'
      ? new ClientAdapter()
      : kind === 'AccessToken'
        ? new AccessTokenAdapter(accessTokenLifetimeSeconds)
        : new ArtifactAdapter(kind)
}

/** Deletes expired artifacts (the provider ignores them already); returns how many. */
export async function deleteExpiredArtifacts(): Promise<number> {
  const { rowCount } = await query('DELETE FROM oauth_artifact WHERE expires_at < now()')
  return rowCount ?? 0
}
