// Where rate-limit counters live: process memory on the embedded engine (one instance), the
// PostgreSQL database or Redis when several instances share the load (DESIGN §9).

/** A fixed-window counter: `hit` adds one and returns the window's count and end. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>
  /** Takes one hit back (an attempt that turned out legitimate). */
  undo(key: string): Promise<void>
  close?(): Promise<void>
}

export class MemoryStore implements RateLimitStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>()
  private lastSweep = 0

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
    const now = this.now()
    this.sweep(now)
    const current = this.counters.get(key)
    if (!current || current.resetAt <= now) {
      const fresh = { count: 1, resetAt: now + windowMs }
      this.counters.set(key, fresh)
      return { ...fresh }
    }
    current.count += 1
    return { ...current }
  }

  async undo(key: string): Promise<void> {
    const current = this.counters.get(key)
    if (current && current.count > 0) current.count -= 1
  }

  /** Drops expired windows now and then, so memory follows the active keys only. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return
    this.lastSweep = now
    for (const [key, value] of this.counters) if (value.resetAt <= now) this.counters.delete(key)
  }
}
