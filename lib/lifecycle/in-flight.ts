// The requests an instance is answering, so that a shutdown can wait for them (SHUTDOWN_GRACE_MS)
// instead of cutting them off. A request counts from its arrival to the end (or abort) of its answer.
export class InFlight {
  private count = 0
  private waiters: Array<() => void> = []

  get size(): number {
    return this.count
  }

  begin(): () => void {
    this.count++
    let ended = false
    return () => {
      if (ended) return
      ended = true
      this.count--
      if (this.count === 0) for (const wake of this.waiters.splice(0)) wake()
    }
  }

  /**
   * Resolves true once no request is in flight, or false when `timeout` settles first (the
   * caller's grace period, injected so tests need no real delay).
   */
  async settled(timeout: Promise<unknown>): Promise<boolean> {
    if (this.count === 0) return true
    const idle = new Promise<true>((resolve) => this.waiters.push(() => resolve(true)))
    return Promise.race([idle, timeout.then(() => false as const)])
  }
}
