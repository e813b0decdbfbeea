// Revoked access tokens (db/migrations/0011): by token id (RFC 7009 revocation of one token) or by
// grant (all the tokens of an authorization, e.g. when its code is replayed). The verifier
// (access-token-verifier.ts) consults a cached copy, reloaded at most every `ttlMs`, so a revoked
// token is refused within OAUTH_CLIENT_CACHE_TTL seconds without a query per request.
import { query, type Queryable } from '../db/pool'

export type RevocationKind = 'jti' | 'grant'

/** Lists a token id or a grant as revoked until `expiresAt` (after which its tokens expire anyway). */
export async function recordRevocation(
  kind: RevocationKind,
  id: string,
  expiresAt: Date,
  db?: Queryable,
): Promise<void> {
  await query(
    `INSERT INTO oauth_revoked_token (kind, id, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (kind, id) DO UPDATE SET expires_at = greatest(oauth_revoked_token.expires_at, EXCLUDED.expires_at)`,
    [kind, id, expiresAt],
    db,
  )
}

const key = (kind: RevocationKind, id: string) => `${kind}:${id}`

/** Every revocation still in force, as `kind:id` keys; expired ones are deleted on the way. */
export async function liveRevocations(db?: Queryable): Promise<Set<string>> {
  await query('DELETE FROM oauth_revoked_token WHERE expires_at < now()', [], db)
  const { rows } = await query<{ kind: RevocationKind; id: string }>(
    'SELECT kind, id FROM oauth_revoked_token',
    [],
    db,
  )
  return new Set(rows.map((row) => key(row.kind, row.id)))
}

export interface RevocationList {
  /** Whether the token `jti`, or the grant it was issued under, is revoked. */
  isRevoked(jti: string, grantId: string | undefined): Promise<boolean>
}

export class RevocationCache implements RevocationList {
  private revoked = new Set<string>()
  private loadedAt = Number.NEGATIVE_INFINITY
  private loading: Promise<void> | undefined

  constructor(
    private readonly load: () => Promise<Set<string>>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async isRevoked(jti: string, grantId: string | undefined): Promise<boolean> {
    if (this.now() - this.loadedAt > this.ttlMs) {
      this.loading ??= this.load()
        .then((revoked) => {
          this.revoked = revoked
          this.loadedAt = this.now()
        })
        .finally(() => {
          this.loading = undefined
        })
      await this.loading
    }
    return (
      this.revoked.has(key('jti', jti)) || (grantId !== undefined && this.revoked.has(key('grant', grantId)))
    )
  }
}
