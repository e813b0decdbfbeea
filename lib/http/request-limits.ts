// Limits the route handlers apply (DESIGN §9: counters in Redis, PostgreSQL or memory, the store of
// lib/rate-limit): anonymous commune tiles per client address (RATE_LIMIT_TILES_PER_IP a minute),
// offer creations per client application (RATE_LIMIT_OFFERS_PER_CLIENT a minute). Past a limit the
// request answers 429 with Retry-After. One set per process, kept on globalThis because route
// handlers are bundled apart from server.ts.
import { env, type Env } from '../env'
import { tooManyRequests } from './api-error'
import { RateLimiter, rateLimitStoreFor } from '../rate-limit/rate-limiter'
import type { RateLimitStore } from '../rate-limit/store'

const MINUTE = 60_000

export interface RequestLimits {
  tilesPerIp: RateLimiter
  offerCreationsPerClient: RateLimiter
}

export function requestLimits(
  store: RateLimitStore,
  e: Pick<Env, 'RATE_LIMIT_TILES_PER_IP' | 'RATE_LIMIT_OFFERS_PER_CLIENT'>,
  now?: () => number,
): RequestLimits {
  return {
    tilesPerIp: new RateLimiter(store, 'tiles-ip', e.RATE_LIMIT_TILES_PER_IP, MINUTE, now),
    offerCreationsPerClient: new RateLimiter(
      store,
      'offers-client',
      e.RATE_LIMIT_OFFERS_PER_CLIENT,
      MINUTE,
      now,
    ),
  }
}

const KEY = Symbol.for('tda.rate-limit.request-limits')
type Holder = typeof globalThis & { [KEY]?: RequestLimits }

/** The process's limits, on the store the configuration calls for. */
export function processLimits(): RequestLimits {
  const g = globalThis as Holder
  return (g[KEY] ??= requestLimits(rateLimitStoreFor(env()), env()))
}

/** Replaces the process's limits (tests). */
export function setProcessLimits(limits: RequestLimits | undefined): void {
  ;(globalThis as Holder)[KEY] = limits
}

/** Counts one request of `id`; past the limit, throws 429 with Retry-After and `detail`. */
export async function enforceLimit(limiter: RateLimiter, id: string, detail: string): Promise<void> {
  const decision = await limiter.consume(id)
  if (!decision.allowed) throw tooManyRequests(detail, decision.retryAfterSeconds)
}
