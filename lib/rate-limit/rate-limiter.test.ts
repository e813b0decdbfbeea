import { createClient } from '@redis/client'
import { afterAll, describe, expect, it } from 'vitest'
import { RateLimiter } from './rate-limiter'
import { RedisStore } from './redis-store'
import { MemoryStore, type RateLimitStore } from './store'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

async function redisAvailable(): Promise<boolean> {
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 1000, reconnectStrategy: false } })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.ping()
    return true
  } catch {
    return false
  } finally {
    if (client.isOpen) await client.close()
  }
}

function behaviour(name: string, makeStore: () => RateLimitStore, skip = false) {
  describe.skipIf(skip)(`rate limiter on ${name}`, () => {
    const stores: RateLimitStore[] = []
    const store = () => {
      const created = makeStore()
      stores.push(created)
      return created
    }
    afterAll(async () => {
      for (const s of stores) await s.close?.()
    })
    const unique = () => `test-${Date.now()}-${Math.random().toString(36).slice(2)}`

    it('allows up to the limit, then refuses with a Retry-After within the window', async () => {
      const limiter = new RateLimiter(store(), unique(), 3, 60_000)
      for (let i = 1; i <= 3; i++)
        expect(await limiter.consume('client')).toMatchObject({ allowed: true, count: i })
      const refused = await limiter.consume('client')
      expect(refused.allowed).toBe(false)
      expect(refused.retryAfterSeconds).toBeGreaterThan(0)
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60)
      // Another identity has its own budget; identities are case-insensitive.
      expect((await limiter.consume('other')).allowed).toBe(true)
      expect((await limiter.consume('CLIENT')).allowed).toBe(false)
    })

    it('gives back refunded attempts', async () => {
      const limiter = new RateLimiter(store(), unique(), 2, 60_000)
      await limiter.consume('a')
      await limiter.consume('a')
      await limiter.refund('a')
      expect((await limiter.consume('a')).allowed).toBe(true)
      expect((await limiter.consume('a')).allowed).toBe(false)
    })
  })
}

behaviour('memory', () => new MemoryStore())

describe('rate limiter windows (injected clock)', () => {
  it('starts a new window once the previous one is over, not before', async () => {
    let now = 1_000_000
    const clock = () => now
    const limiter = new RateLimiter(new MemoryStore(clock), 'window', 1, 50, clock)
    expect((await limiter.consume('w')).allowed).toBe(true)
    now += 49
    expect(await limiter.consume('w')).toMatchObject({ allowed: false, retryAfterSeconds: 1 })
    now += 1
    expect(await limiter.consume('w')).toMatchObject({ allowed: true, count: 1 })
  })
})
behaviour('redis', () => new RedisStore(REDIS_URL, 'tda-test:rl:'), !(await redisAvailable()))
