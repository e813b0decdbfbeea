// Verification of access tokens presented to the API (the route wrapper calls this): the process's
// verifier, configured from the environment, with keys and client statuses cached in memory and
// shared by every route bundle of the process.
import { env } from '../env'
import { createAccessTokenVerifier } from './access-token-verifier'
import { ClientStatusCache } from './client-status-cache'
import { clientStatuses } from './clients'
import type { Principal } from './principal'
import { liveRevocations, RevocationCache } from './revoked-tokens'
import { publicSigningKeys } from './signing-keys'
import { apiResourceFor, keyRetentionSeconds } from './tokens'

type Verify = (token: string) => Promise<Principal>
const KEY = Symbol.for('tda.auth.access-token-verifier')
const CLOCK = Symbol.for('tda.auth.access-token-verifier.clock')
type Holder = typeof globalThis & { [KEY]?: Verify; [CLOCK]?: () => number }

function processVerifier(): Verify {
  const g = globalThis as Holder
  if (!g[KEY]) {
    const e = env()
    const now = g[CLOCK] ?? Date.now
    g[KEY] = createAccessTokenVerifier({
      issuer: e.publicUrl,
      audience: apiResourceFor(e.publicUrl),
      loadKeys: () => publicSigningKeys(keyRetentionSeconds(e.OAUTH_ACCESS_TOKEN_TTL)),
      clients: new ClientStatusCache(clientStatuses, e.OAUTH_CLIENT_CACHE_TTL * 1000, now),
      revocations: new RevocationCache(() => liveRevocations(), e.OAUTH_CLIENT_CACHE_TTL * 1000, now),
      now,
    })
  }
  return g[KEY]
}

export async function verifyAccessToken(token: string): Promise<Principal> {
  return processVerifier()(token)
}

/** Forgets the cached verifier (tests that change the environment or inject a clock). */
export function resetAccessTokenVerifier(now?: () => number): void {
  const g = globalThis as Holder
  delete g[KEY]
  if (now) g[CLOCK] = now
  else delete g[CLOCK]
}
