// One dedicated connection that LISTENs on a channel and calls back on each notification: the way a
// process is woken by work that another connection (or another process) commits, on both engines
// (the embedded engine's wire server routes notifications too). While connected it arms no timer:
// it waits on its socket. A lost connection is re-opened with a growing delay (the only timer, armed
// only while disconnected); `onConnected` runs after each (re)connection, since notifications sent
// while disconnected are lost and the caller should look for work then.
import type pg from 'pg'

export interface ListenerTimers {
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

const realTimers: ListenerTimers = {
  set: (fn, ms) => {
    const timer = setTimeout(fn, ms)
    timer.unref()
    return timer
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

export interface ChannelListenerOptions {
  channel: string
  /** A new, unconnected client. */
  client: () => pg.Client
  onNotification: (payload: string) => void
  onConnected?: () => void
  log?: (line: string) => void
  timers?: ListenerTimers
  /** First reconnection delay, doubled at each failure up to `maxRetryMs`. */
  retryMs?: number
  maxRetryMs?: number
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/

export class ChannelListener {
  private client: pg.Client | null = null
  private retry: unknown = undefined
  private delay: number
  private closed = false
  private readonly timers: ListenerTimers

  constructor(private readonly options: ChannelListenerOptions) {
    if (!CHANNEL.test(options.channel)) throw new Error(`invalid channel name: ${options.channel}`)
    this.timers = options.timers ?? realTimers
    this.delay = options.retryMs ?? 1_000
  }

  /** True while the LISTEN connection is open. */
  get connected(): boolean {
    return this.client !== null
  }

  /** Connects and listens; on failure a retry is scheduled (resolves either way). */
  async start(): Promise<void> {
    await this.connect()
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.retry !== undefined) this.timers.clear(this.retry)
    this.retry = undefined
    const client = this.client
    this.client = null
    await client?.end().catch(() => {})
  }

  private async connect(): Promise<void> {
    if (this.closed) return
    const client = this.options.client()
    let lost = false
    const onLost = (error?: Error) => {
      if (lost) return
      lost = true
      if (this.client === client) this.client = null
      void client.end().catch(() => {})
      if (this.closed) return
      this.options.log?.(`listener on ${this.options.channel} lost: ${error?.message ?? 'connection ended'}`)
      this.scheduleRetry()
    }
    client.on('error', onLost)
    client.on('end', () => onLost())
    client.on('notification', (message) => {
      if (message.channel === this.options.channel) this.options.onNotification(message.payload ?? '')
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${this.options.channel}`)
    } catch (error) {
      onLost(error as Error)
      return
    }
    if (lost) return
    if (this.closed) {
      await client.end().catch(() => {})
      return
    }
    this.client = client
    this.delay = this.options.retryMs ?? 1_000
    this.options.onConnected?.()
  }

  private scheduleRetry(): void {
    if (this.retry !== undefined || this.closed) return
    const delay = this.delay
    this.delay = Math.min(delay * 2, this.options.maxRetryMs ?? 30_000)
    this.retry = this.timers.set(() => {
      this.retry = undefined
      void this.connect()
    }, delay)
  }
}
