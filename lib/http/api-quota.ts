// Per-application quotas on the data API: requests per minute and per day for each client
// application, the service's defaults (QUOTA_PER_MINUTE, QUOTA_PER_DAY) unless an administrator set
// the application's own on the applications page. Every answer to an authenticated request carries
// the RateLimit-Policy and RateLimit fields (IETF httpapi draft "RateLimit header fields for HTTP");
// past a quota the request answers 429 with Retry-After. Counters live in the rate-limit store
// (Redis, PostgreSQL or memory), so the quota holds across instances.
import type { Principal } from '../auth/principal'
import type { RateLimitDecision, RateLimiter } from '../rate-limit/rate-limiter'
import { ApiError } from './api-error'

export interface QuotaDefaults {
  perMinute: number
  perDay: number
}

export interface QuotaLimiters {
  minute: RateLimiter
  day: RateLimiter
}

const WINDOW_SECONDS = { minute: 60, day: 86_400 } as const

type Decisions = Record<keyof typeof WINDOW_SECONDS, RateLimitDecision>

/** The RateLimit-Policy and RateLimit fields of these decisions. */
export function rateLimitFields(decisions: Decisions): Record<string, string> {
  const names = Object.keys(WINDOW_SECONDS) as Array<keyof typeof WINDOW_SECONDS>
  return {
    'RateLimit-Policy': names
      .map((name) => `"${name}";q=${decisions[name].limit};w=${WINDOW_SECONDS[name]}`)
      .join(', '),
    RateLimit: names
      .map((name) => `"${name}";r=${decisions[name].remaining};t=${decisions[name].resetSeconds}`)
      .join(', '),
  }
}

/**
 * Counts one request of the principal's application in both windows. Returns the fields every
 * answer carries; throws 429 (with them and Retry-After) past either quota.
 */
export async function consumeQuota(
  principal: Principal,
  limiters: QuotaLimiters,
  defaults: QuotaDefaults,
): Promise<Record<string, string>> {
  const [minute, day] = await Promise.all([
    limiters.minute.consume(principal.clientId, principal.quota?.perMinute ?? defaults.perMinute),
    limiters.day.consume(principal.clientId, principal.quota?.perDay ?? defaults.perDay),
  ])
  const fields = rateLimitFields({ minute, day })
  const refused = [minute, day].filter((d) => !d.allowed)
  if (refused.length === 0) return fields
  const retryAfter = Math.max(...refused.map((d) => d.retryAfterSeconds))
  throw new ApiError(
    'too-many-requests',
    !day.allowed
      ? `Quota quotidien de l’application atteint (${day.limit} requêtes par jour) ; réessayez dans ${retryAfter} s.`
      : `Quota de l’application atteint (${minute.limit} requêtes par minute) ; réessayez dans ${retryAfter} s.`,
    { headers: { ...fields, 'Retry-After': String(retryAfter) } },
  )
}
