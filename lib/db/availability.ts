// Whether the database answers, as the HTTP layer needs to know it. Errors that mean "the database
// cannot be reached" (refused or lost connections, a server shutting down, a connection or read
// timeout) are told apart from the others: routes answer them 503 (504 for a statement that ran out
// of time) instead of 500. Only errors raised by the database connection count (lib/db/origin.ts
// marks them where the driver hands them back): a client that closes its own request mid-body
// raises ECONNRESET too, and must not take the service down.
//
// The monitor records the state. While the database is healthy it runs nothing: failures are
// detected from the requests' real errors. At the first failure it logs one line, starts probing
// (SELECT 1 after 1 s, then doubling up to a cap) and server.ts answers 503 at once; during the
// outage it logs one summary line per 10 s at most; at the first successful probe it logs one
// line with the counts, and traffic resumes.

import { isMarkedDatabaseError } from './origin'

export type DatabaseFailure = 'unreachable' | 'timeout'

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'ENOENT',
  'EAI_AGAIN',
  // SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
])

const CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Connection refused/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
]

function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = []
  let current = error
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    chain.push(current)
    if (current instanceof AggregateError) chain.push(...current.errors)
    current = (current as { cause?: unknown }).cause
  }
  return chain
}

/** What a database error means for availability, or null when it is some other error. */
export function classifyDatabaseError(error: unknown): DatabaseFailure | null {
  const chain = errorChain(error)
  if (!chain.some(isMarkedDatabaseError)) return null
  for (const link of chain) {
    const { code, message } = link as { code?: unknown; message?: unknown }
    // query_canceled: statement_timeout (or a cancel) — the database is there but too slow.
    if (code === '57014' || message === 'Query read timeout') return 'timeout'
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08')))
      return 'unreachable'
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message)))
      return 'unreachable'
  }
  return null
}

export interface MonitorOptions {
  /** One cheap query (SELECT 1); resolves when the database answers. */
  probe: () => Promise<unknown>
  log: (line: string) => void
  now?: () => number
  /** Schedules the next probe; returns a cancel function (tests drive it by hand). */
  schedule?: (fn: () => void, ms: number) => () => void
  /** Delay before the first probe of an outage (1 s); doubled after each failed probe… */
  firstProbeMs?: number
  /** …up to this delay (16 s). */
  maxProbeMs?: number
  /** During an outage, at most one summary line per this period (10 s). */
  summaryEveryMs?: number
  /** Called once when the database is found unreachable (e.g. to fail the queries in flight). */
  onDown?: () => void
}

const defaultSchedule = (fn: () => void, ms: number) => {
  const timer = setTimeout(fn, ms)
  timer.unref()
  return () => clearTimeout(timer)
}

export class DatabaseMonitor {
  private down = false
  private since = 0
  private lastSummary = 0
  private refused = 0
  private failures = 0
  private probes = 0
  private delay: number
  private cancelProbe: (() => void) | undefined
  private readonly now: () => number
  private readonly schedule: NonNullable<MonitorOptions['schedule']>
  readonly firstProbeMs: number
  readonly maxProbeMs: number
  readonly summaryEveryMs: number

  constructor(private readonly options: MonitorOptions) {
    this.now = options.now ?? Date.now
    this.schedule = options.schedule ?? defaultSchedule
    this.firstProbeMs = options.firstProbeMs ?? 1000
    this.maxProbeMs = Math.max(this.firstProbeMs, options.maxProbeMs ?? 16_000)
    this.summaryEveryMs = options.summaryEveryMs ?? 10_000
    this.delay = this.firstProbeMs
  }

  get available(): boolean {
    return !this.down
  }

  /** Whether a probe is scheduled (never while the database is healthy). */
  get probing(): boolean {
    return this.cancelProbe !== undefined
  }

  /** Delay before the next probe, in milliseconds. */
  get nextProbeMs(): number {
    return this.delay
  }

  /** Seconds a client should wait before retrying (Retry-After): until the next probe. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.down ? this.delay : this.firstProbeMs) / 1000))
  }

  /** A request refused without trying the database, while it is known down. */
  countRefused(): void {
    this.refused++
  }

  /** Reports an error; the failure it means (counted, maybe a state change), or null for another error. */
  report(error: unknown): DatabaseFailure | null {
    const failure = classifyDatabaseError(error)
    if (failure !== 'unreachable') return failure
    this.failures++
    if (!this.down) {
      this.down = true
      this.since = this.now()
      this.lastSummary = this.since
      this.refused = 0
      this.failures = 1
      this.probes = 0
      this.delay = this.firstProbeMs
      const message = error instanceof Error ? error.message : String(error)
      this.options.log(`database unreachable (${message}): answering 503 until it answers again`)
      this.options.onDown?.()
      this.probeLater()
    }
    return failure
  }

  private probeLater(): void {
    this.cancelProbe = this.schedule(() => {
      this.cancelProbe = undefined
      void this.probeNow()
    }, this.delay)
  }

  private counts(): string {
    return `${this.failures} failed requests, ${this.refused} refused with 503, ${this.probes} probes`
  }

  /** Probes once (the scheduler calls this); the database is back at the first success. */
  async probeNow(): Promise<void> {
    if (!this.down) return
    this.cancelProbe?.()
    this.cancelProbe = undefined
    this.probes++
    try {
      await this.options.probe()
    } catch {
      const now = this.now()
      if (now - this.lastSummary >= this.summaryEveryMs) {
        this.lastSummary = now
        this.options.log(
          `database still unreachable after ${((now - this.since) / 1000).toFixed(1)} s (${this.counts()})`,
        )
      }
      this.delay = Math.min(this.maxProbeMs, this.delay * 2)
      this.probeLater()
      return
    }
    const seconds = ((this.now() - this.since) / 1000).toFixed(1)
    this.options.log(`database reachable again after ${seconds} s (${this.counts()})`)
    this.down = false
    this.delay = this.firstProbeMs
  }

  stop(): void {
    this.cancelProbe?.()
    this.cancelProbe = undefined
  }
}

const KEY = Symbol.for('tda.db.monitor')
type Holder = typeof globalThis & { [KEY]?: DatabaseMonitor }

/** The process's monitor (shared by server.ts and the route bundles), created by `installMonitor`. */
export function databaseMonitor(): DatabaseMonitor | undefined {
  return (globalThis as Holder)[KEY]
}

export function installMonitor(monitor: DatabaseMonitor | undefined): void {
  const g = globalThis as Holder
  g[KEY]?.stop()
  g[KEY] = monitor
}
