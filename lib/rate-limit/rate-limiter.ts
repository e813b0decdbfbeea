// Fixed-window rate limits (token endpoint, staff sign-in): `consume` counts an attempt and says
// whether it is allowed and, if not, when to retry (429 + Retry-After).
import type { Env } from '../env'
import { engineKind } from '../db/connection'
import { metrics } from '../observability/metrics'
import { foldKey } from '../text/email'
import { MemoryStore, type RateLimitStore } from './store'
import { PostgresStore } from './postgres-store'
import { RedisStore } from './redis-store'

export interface RateLimitDecision {
  allowed: boolean
  /** Seconds until the window resets (Retry-After); 0 when allowed. */
  retryAfterSeconds: number
  count: number
  /** The limit applied, what is left of it in this window, and seconds until the window resets. */
  limit: number
  remaining: number
  resetSeconds: number
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private key(id: string): string {
    return `${this.name}:${foldKey(id)}`
  }

  /** Counts an attempt of `id` against `limit` (default: the limiter's own). */
  async consume(id: string, limit: number = this.limit): Promise<RateLimitDecision> {
    const { count, resetAt } = await this.store.hit(this.key(id), this.windowMs)
    const resetSeconds = Math.max(1, Math.ceil((resetAt - this.now()) / 1000))
    const remaining = Math.max(0, limit - count)
    if (count <= limit) return { allowed: true, retryAfterSeconds: 0, count, limit, remaining, resetSeconds }
    metrics().rateLimitRefusals.inc({ limit: this.name })
    return { allowed: false, retryAfterSeconds: resetSeconds, count, limit, remaining, resetSeconds }
  }

  /** Gives back an attempt that should not count (e.g. a successful sign-in). */
  async refund(id: string): Promise<void> {
    await this.store.undo(this.key(id))
  }
}

/** The store the configuration calls for: Redis if REDIS_URL, memory on the embedded engine, else PostgreSQL. */
export function rateLimitStoreFor(e: Pick<Env, 'REDIS_URL' | 'DATABASE_URL'>): RateLimitStore {
  if (e.REDIS_URL) return new RedisStore(e.REDIS_URL)
  return engineKind(e) === 'embedded' ? new MemoryStore() : new PostgresStore()
}

export interface AbuseLimits {
  tokenPerClient: RateLimiter
  tokenPerIp: RateLimiter
  signInPerAccount: RateLimiter
  signInPerIp: RateLimiter
}

const MINUTE = 60_000

export function abuseLimits(
  store: RateLimitStore,
  e: Pick<
    Env,
    | 'RATE_LIMIT_TOKEN_PER_CLIENT'
    | 'RATE_LIMIT_TOKEN_PER_IP'
    | 'RATE_LIMIT_SIGNIN_PER_ACCOUNT'
    | 'RATE_LIMIT_SIGNIN_PER_IP'
  >,
): AbuseLimits {
  return {
    tokenPerClient: new RateLimiter(store, 'token-client', e.RATE_LIMIT_TOKEN_PER_CLIENT, MINUTE),
    tokenPerIp: new RateLimiter(store, 'token-ip', e.RATE_LIMIT_TOKEN_PER_IP, MINUTE),
    signInPerAccount: new RateLimiter(store, 'signin-account', e.RATE_LIMIT_SIGNIN_PER_ACCOUNT, 15 * MINUTE),
    signInPerIp: new RateLimiter(store, 'signin-ip', e.RATE_LIMIT_SIGNIN_PER_IP, 15 * MINUTE),
  }
}
