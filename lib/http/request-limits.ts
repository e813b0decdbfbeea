// Limits the route handlers apply (DESIGN §9: counters in Redis, PostgreSQL or memory, the store of
// lib/rate-limit): anonymous commune tiles per client address (RATE_LIMIT_TILES_PER_IP a minute),
// offer creations per client application (RATE_LIMIT_OFFERS_PER_CLIENT a minute), and the data
// API's quotas per application (QUOTA_PER_MINUTE, QUOTA_PER_DAY or the application's own; see
// ./api-quota). Past a limit the request answers 429 with Retry-After. One set per process, kept on globalThis because route
// handlers are bundled apart from server.ts.
import { env, type Env } from '../env'
import type { Principal } from '../auth/principal'
import { tooManyRequests } from './api-error'
import { consumeQuota } from './api-quota'
import { RateLimiter, rateLimitStoreFor } from '../rate-limit/rate-limiter'
import type { RateLimitStore } from '../rate-limit/store'

const MINUTE = 60_000

export interface RequestLimits {
  tilesPerIp: RateLimiter
  offerCreationsPerClient: RateLimiter
  /** Their limits are the defaults; an application's own quota replaces them. */
  quotaPerMinute: RateLimiter
  quotaPerDay: RateLimiter
}

export function requestLimits(
  store: RateLimitStore,
  e: Pick<
    Env,
    'RATE_LIMIT_TILES_PER_IP' | 'RATE_LIMIT_OFFERS_PER_CLIENT' | 'QUOTA_PER_MINUTE' | 'QUOTA_PER_DAY'
  >,
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
    quotaPerMinute: new RateLimiter(store, 'quota-minute', e.QUOTA_PER_MINUTE, MINUTE, now),
    quotaPerDay: new RateLimiter(store, 'quota-day', e.QUOTA_PER_DAY, 24 * 60 * MINUTE, now),
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

/** Counts a data API request of the principal's application; the RateLimit fields, or 429 past its quota. */
export function enforceQuota(principal: Principal): Promise<Record<string, string>> {
  const limits = processLimits()
  return consumeQuota(
    principal,
    { minute: limits.quotaPerMinute, day: limits.quotaPerDay },
    { perMinute: limits.quotaPerMinute.limit, perDay: limits.quotaPerDay.limit },
  )
}
