// The API's view of client applications, for token verification: which clients are active, which
// scopes they hold now and their own request quotas, if the administrator set any. Reloaded from the database at most every `ttlMs` (one query per
// interval and process, never one per request), so a revoked application's tokens fail within
// that delay and a scope removed from an application stops working as fast.
import type { Scope } from './scopes'

/** An application's own request quotas; null: the service's default (QUOTA_PER_MINUTE/DAY). */
export interface ClientQuota {
  perMinute: number | null
  perDay: number | null
}

export const DEFAULT_QUOTA: ClientQuota = { perMinute: null, perDay: null }

export interface ClientStatus {
  scopes: readonly Scope[]
  quota: ClientQuota
}

export interface ClientDirectory {
  /** The active client's scopes and quotas now; null when it is revoked or unknown. */
  statusOf(clientId: string): Promise<ClientStatus | null>
}

export class ClientStatusCache implements ClientDirectory {
  private clients = new Map<string, ClientStatus | null>()
  private loadedAt = Number.NEGATIVE_INFINITY
  private loading: Promise<void> | undefined

  constructor(
    /** Every known client: its status when active, null when revoked. */
    private readonly load: () => Promise<Map<string, ClientStatus | null>>,
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

  async statusOf(clientId: string): Promise<ClientStatus | null> {
    if (this.now() - this.loadedAt > this.ttlMs) await this.refresh()
    let status = this.clients.get(clientId)
    if (status === undefined && this.now() - this.loadedAt >= this.missRefreshMs) {
      await this.refresh()
      status = this.clients.get(clientId)
    }
    return status ?? null
  }

  async scopesOf(clientId: string): Promise<readonly Scope[] | null> {
    return (await this.statusOf(clientId))?.scopes ?? null
  }
}
