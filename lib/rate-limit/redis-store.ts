// Rate-limit counters in Redis (REDIS_URL): INCR with the window set on the first hit, in one
// atomic script.
import { createClient } from '@redis/client'
import type { RateLimitStore } from './store'

const HIT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`

const UNDO = `local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`

export class RedisStore implements RateLimitStore {
  private readonly client
  private connecting: Promise<unknown> | undefined

  constructor(
    url: string,
    private readonly prefix = 'tda:rl:',
  ) {
    this.client = createClient({ url })
    // A lost connection must not crash the process; the next hit reconnects or fails loudly.
    this.client.on('error', (error: Error) => console.error('[rate-limit] redis:', error.message))
  }

  private async ready() {
    if (!this.client.isOpen) this.connecting ??= this.client.connect()
    await this.connecting
    return this.client
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
    const client = await this.ready()
    const [count, ttl] = (await client.eval(HIT, {
      keys: [this.prefix + key],
      arguments: [String(windowMs)],
    })) as [number, number]
    return { count, resetAt: Date.now() + ttl }
  }

  async undo(key: string): Promise<void> {
    const client = await this.ready()
    await client.eval(UNDO, { keys: [this.prefix + key], arguments: [] })
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close()
  }
}
