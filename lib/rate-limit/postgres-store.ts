// Rate-limit counters in the rate_limit_counter table: one upsert per hit, atomic under
// concurrency (the row lock orders simultaneous hits), shared by every instance.
import { query, type Queryable } from '../db/pool'
import type { RateLimitStore } from './store'

export class PostgresStore implements RateLimitStore {
  private lastSweep = 0

  constructor(
    private readonly db?: Queryable,
    /** The clock windows are measured by; unset: the database server's (shared by every instance). */
    private readonly now?: () => number,
  ) {}

  async hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
    const at = this.now ? new Date(this.now()) : null
    const { rows } = await query<{ hits: number; resetAt: Date }>(
      `WITH clock AS (SELECT coalesce($3::timestamptz, now()) AS now)
       INSERT INTO rate_limit_counter AS c (key, hits, reset_at)
       VALUES ($1, 1, (SELECT now FROM clock) + make_interval(secs => $2::double precision / 1000))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN c.reset_at <= (SELECT now FROM clock) THEN 1 ELSE c.hits + 1 END,
         reset_at = CASE WHEN c.reset_at <= (SELECT now FROM clock) THEN EXCLUDED.reset_at ELSE c.reset_at END
       RETURNING hits, reset_at AS "resetAt"`,
      [key, windowMs, at],
      this.db,
    )
    const row = rows[0]!
    if (Date.now() - this.lastSweep > 300_000) {
      this.lastSweep = Date.now()
      await query('DELETE FROM rate_limit_counter WHERE reset_at < now()', [], this.db)
    }
    return { count: row.hits, resetAt: row.resetAt.getTime() }
  }

  async undo(key: string): Promise<void> {
    await query('UPDATE rate_limit_counter SET hits = hits - 1 WHERE key = $1 AND hits > 0', [key], this.db)
  }
}
