import { afterAll, describe, expect, it } from 'vitest'
import { closePool } from '../db/pool'
import { engineSkipped, testEngine } from '../testing/engine'
import { PostgresStore } from './postgres-store'
import { RateLimiter } from './rate-limiter'

afterAll(() => closePool())

describe.skipIf(engineSkipped)(`rate-limit counters in the database on ${testEngine}`, () => {
  const name = () => `test-${Date.now()}-${Math.random().toString(36).slice(2)}`

  it('counts hits atomically under concurrency and refuses beyond the limit', async () => {
    const limiter = new RateLimiter(new PostgresStore(), name(), 10, 60_000)
    const decisions = await Promise.all(Array.from({ length: 15 }, () => limiter.consume('ip')))
    expect(decisions.map((d) => d.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 1),
    )
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10)
    const refused = decisions.find((d) => !d.allowed)!
    expect(refused.retryAfterSeconds).toBeGreaterThan(0)
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60)
  })

  it('takes refunded attempts back and starts a new window after the previous one', async () => {
    // An injected clock: the window ends when the test says so, however slow the machine.
    let now = Date.parse('2026-01-01T00:00:00Z')
    const clock = () => now
    const limiter = new RateLimiter(new PostgresStore(undefined, clock), name(), 1, 300, clock)
    expect((await limiter.consume('a')).allowed).toBe(true)
    await limiter.refund('a')
    expect((await limiter.consume('a')).allowed).toBe(true)
    now += 299
    expect(await limiter.consume('a')).toMatchObject({ allowed: false, retryAfterSeconds: 1 })
    now += 1
    expect(await limiter.consume('a')).toMatchObject({ allowed: true, count: 1 })
  })
})
