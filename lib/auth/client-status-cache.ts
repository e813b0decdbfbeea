// The API's view of client applications, for token verification: which clients are active and
// which scopes they hold now. Reloaded from the database at most every `ttlMs` (one query per
// interval and process, never one per request), so a revoked application's tokens fail within
// that delay and a scope removed from an application stops working as fast.
import type { Scope } from './scopes'

export interface ClientDirectory {
  /** Scopes the active client holds now; null when it is revoked or unknown. */
  scopesOf(clientId: string): Promise<readonly Scope[] | null>
}

export class ClientStatusCache implements ClientDirectory {
  private clients = new Map<string, readonly Scope[] | null>()
  private loadedAt = Number.NEGATIVE_INFINITY
  private loading: Promise<void> | undefined

  constructor(
    /** Every known client: its scopes when active, null when revoked. */
    private readonly load: () => Promise<Map<string, readonly Scope[] | null>>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    /**
     * A client unknown at the last load (created since) is looked up again once this is past;
     * revoked clients are known, so their tokens never trigger a load.
     */
    private readonly missRefreshMs = 100,
  ) {}

  private refresh(): Promise<void> {
    this.loading ??= this.load()
      .then((clients) => {
        this.clients = clients
        this.loadedAt = this.now()
      })
      .finally(() => {
        this.loading = undefined
      })
    return this.loading
  }

  async scopesOf(clientId: string): Promise<readonly Scope[] | null> {
    if (this.now() - this.loadedAt > this.ttlMs) await this.refresh()
    let scopes = this.clients.get(clientId)
    if (scopes === undefined && this.now() - this.loadedAt >= this.missRefreshMs) {
      await this.refresh()
      scopes = this.clients.get(clientId)
    }
    return scopes ?? null
  }
}
