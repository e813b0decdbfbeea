// Whether the database answers, as the HTTP layer needs to know it. Errors that mean "the database
// cannot be reached" (refused or lost connections, a server shutting down, a connection or read
// timeout) are told apart from the others: routes answer them 503 (504 for a statement that ran out
// of time) instead of 500. The monitor records the state: at the first such error it logs one line
// and starts probing (SELECT 1 every second); meanwhile server.ts answers 503 at once; at the first
// successful probe it logs one line with the count of requests refused, and traffic resumes.

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
  for (const link of errorChain(error)) {
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
  probeEveryMs?: number
}

const defaultSchedule = (fn: () => void, ms: number) => {
  const timer = setTimeout(fn, ms)
  timer.unref()
  return () => clearTimeout(timer)
}

export class DatabaseMonitor {
  private down = false
  private since = 0
  private refused = 0
  private failures = 0
  private cancelProbe: (() => void) | undefined
  private readonly now: () => number
  private readonly schedule: NonNullable<MonitorOptions['schedule']>
  readonly probeEveryMs: number

  constructor(private readonly options: MonitorOptions) {
    this.now = options.now ?? Date.now
    this.schedule = options.schedule ?? defaultSchedule
    this.probeEveryMs = options.probeEveryMs ?? 1000
  }

  get available(): boolean {
    return !this.down
  }

  /** Seconds a client should wait before retrying (Retry-After). */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.probeEveryMs / 1000))
  }

  /** A request refused without trying the database, while it is known down. */
  countRefused(): void {
    this.refused++
  }

  /** Reports an error; true when it was a database failure (counted, maybe a state change). */
  report(error: unknown): DatabaseFailure | null {
    const failure = classifyDatabaseError(error)
    if (failure !== 'unreachable') return failure
    this.failures++
    if (!this.down) {
      this.down = true
      this.since = this.now()
      this.refused = 0
      this.failures = 1
      const message = error instanceof Error ? error.message : String(error)
      this.options.log(`database unreachable (${message}): answering 503 until it answers again`)
      this.probeLater()
    }
    return failure
  }

  private probeLater(): void {
    this.cancelProbe = this.schedule(() => void this.probeNow(), this.probeEveryMs)
  }

  /** Probes once (the scheduler calls this); the database is back at the first success. */
  async probeNow(): Promise<void> {
    if (!this.down) return
    try {
      await this.options.probe()
    } catch {
      this.probeLater()
      return
    }
    const seconds = ((this.now() - this.since) / 1000).toFixed(1)
    this.options.log(
      `database reachable again after ${seconds} s (${this.failures} failed requests, ${this.refused} refused with 503)`,
    )
    this.down = false
  }

  stop(): void {
    this.cancelProbe?.()
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
