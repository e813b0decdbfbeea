import { describe, expect, it } from 'vitest'
import type { Principal } from '../auth/principal'
import { RateLimiter } from '../rate-limit/rate-limiter'
import { MemoryStore } from '../rate-limit/store'
import { ApiError } from './api-error'
import { consumeQuota, rateLimitFields } from './api-quota'

function limiters(now: () => number) {
  const store = new MemoryStore(now)
  return {
    minute: new RateLimiter(store, 'quota-minute', 1, 60_000, now),
    day: new RateLimiter(store, 'quota-day', 1, 86_400_000, now),
  }
}

const principal = (clientId: string, quota?: Principal['quota']): Principal => ({
  clientId,
  scopes: new Set(['eco']),
  subject: clientId,
  ...(quota ? { quota } : {}),
})

describe('rateLimitFields', () => {
  it('writes the policy and what is left of each window', () => {
    const decision = (limit: number, remaining: number, resetSeconds: number) => ({
      allowed: true,
      retryAfterSeconds: 0,
      count: limit - remaining,
      limit,
      remaining,
      resetSeconds,
    })
    expect(rateLimitFields({ minute: decision(600, 598, 42), day: decision(100_000, 99_000, 3600) })).toEqual(
      {
        'RateLimit-Policy': '"minute";q=600;w=60, "day";q=100000;w=86400',
        RateLimit: '"minute";r=598;t=42, "day";r=99000;t=3600',
      },
    )
  })
})

describe('consumeQuota', () => {
  it('counts each application apart, against the defaults, then refuses with 429', async () => {
    let clock = 1_000_000
    const l = limiters(() => clock)
    const defaults = { perMinute: 2, perDay: 10 }
    const first = await consumeQuota(principal('a'), l, defaults)
    expect(first.RateLimit).toBe('"minute";r=1;t=60, "day";r=9;t=86400')
    await consumeQuota(principal('a'), l, defaults)
    await consumeQuota(principal('b'), l, defaults)
    const refused = await consumeQuota(principal('a'), l, defaults).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ApiError)
    const error = refused as ApiError
    expect(error.status).toBe(429)
    expect(error.headers['Retry-After']).toBe('60')
    expect(error.headers.RateLimit).toBe('"minute";r=0;t=60, "day";r=7;t=86400')
    expect(error.detail).toContain('2 requêtes par minute')
    // The next window opens a minute later.
    clock += 60_000
    await expect(consumeQuota(principal('a'), l, defaults)).resolves.toBeDefined()
  })

  it('applies the application’s own quotas over the defaults', async () => {
    const clock = 5_000_000
    const l = limiters(() => clock)
    const defaults = { perMinute: 100, perDay: 1000 }
    const own = principal('c', { perMinute: null, perDay: 1 })
    const fields = await consumeQuota(own, l, defaults)
    expect(fields['RateLimit-Policy']).toBe('"minute";q=100;w=60, "day";q=1;w=86400')
    const refused = (await consumeQuota(own, l, defaults).catch((e: unknown) => e)) as ApiError
    expect(refused.status).toBe(429)
    expect(refused.detail).toContain('1 requêtes par jour')
    expect(Number(refused.headers['Retry-After'])).toBe(86_400)
  })
})
