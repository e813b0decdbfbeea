// Usage of the data API per client application: requests per day, operation and status class
// (2xx, 3xx, 4xx, 5xx), kept 90 days, for the applications page (chart, table, CSV).
//
// Requests are counted in the process and written in batches, one statement per batch: a batch is
// written a second after its first request (a timer exists only while counts wait to be written,
// never when the instance is idle), and at shutdown; days past the retention are deleted once a
// day. Days are UTC days.
import { query, type Queryable } from '../db/pool'
import { logger } from '../observability/logger'

export const USAGE_RETENTION_DAYS = 90

export interface UsageRow {
  day: string
  operation: string
  statusClass: number
  requests: number
}

export interface UsageRecorderOptions {
  write: (rows: Array<UsageRow & { clientId: string }>) => Promise<void>
  /** Forgets days past the retention: once per UTC day and process, with that day's first write. */
  prune?: () => Promise<void>
  /** Delay between a batch's first request and its write (ms). */
  delayMs?: number
  now?: () => number
  schedule?: (fn: () => void, ms: number) => { cancel(): void }
  onError?: (error: unknown) => void
}

const defaultSchedule = (fn: () => void, ms: number) => {
  const timer = setTimeout(fn, ms)
  timer.unref()
  return { cancel: () => clearTimeout(timer) }
}

export class UsageRecorder {
  private pending = new Map<string, number>()
  private scheduled: { cancel(): void } | null = null
  private writing: Promise<void> = Promise.resolve()
  private prunedDay: string | undefined

  constructor(private readonly options: UsageRecorderOptions) {}

  /** Counts one answered request. */
  record(clientId: string, operation: string, status: number): void {
    const day = new Date((this.options.now ?? Date.now)()).toISOString().slice(0, 10)
    const key = JSON.stringify([clientId, day, operation, Math.min(5, Math.max(1, Math.floor(status / 100)))])
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1)
    this.scheduled ??= (this.options.schedule ?? defaultSchedule)(
      () => void this.flush(),
      this.options.delayMs ?? 1000,
    )
  }

  /** Writes what is counted now (the scheduled write, and shutdown). */
  flush(): Promise<void> {
    this.scheduled?.cancel()
    this.scheduled = null
    if (this.pending.size === 0) return this.writing
    const batch = this.pending
    this.pending = new Map()
    const rows = [...batch].map(([key, requests]) => {
      const [clientId, day, operation, statusClass] = JSON.parse(key) as [string, string, string, number]
      return { clientId, day, operation, statusClass, requests }
    })
    const day = rows[0]!.day
    const prune = this.options.prune && this.prunedDay !== day ? this.options.prune : undefined
    this.prunedDay = day
    this.writing = this.writing
      .then(() => this.options.write(rows))
      .then(() => prune?.())
      .catch((error: unknown) => this.options.onError?.(error))
    return this.writing
  }
}

/** Adds a batch of counts in one statement. */
export async function writeUsage(
  rows: Array<UsageRow & { clientId: string }>,
  db?: Queryable,
): Promise<void> {
  await query(
    `INSERT INTO api_usage AS u (client_id, day, operation, status_class, requests)
     SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::smallint[], $5::bigint[])
     ON CONFLICT (client_id, day, operation, status_class) DO UPDATE SET requests = u.requests + EXCLUDED.requests`,
    [
      rows.map((r) => r.clientId),
      rows.map((r) => r.day),
      rows.map((r) => r.operation),
      rows.map((r) => r.statusClass),
      rows.map((r) => r.requests),
    ],
    db,
  )
}

/** Deletes the days past the retention (cheap with the index on day). */
export async function pruneUsage(db?: Queryable): Promise<void> {
  await query(`DELETE FROM api_usage WHERE day < current_date - $1::int`, [USAGE_RETENTION_DAYS], db)
}

/** An application's usage over its last `days` days (today included), oldest first. */
export async function usageOf(clientId: string, days: number, db?: Queryable): Promise<UsageRow[]> {
  const { rows } = await query<UsageRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, operation, status_class AS "statusClass", requests
     FROM api_usage
     WHERE client_id = $1 AND day > current_date - $2::int
     ORDER BY day, operation, status_class`,
    [clientId, days],
    db,
  )
  return rows
}

const KEY = Symbol.for('tda.usage.recorder')
type Holder = typeof globalThis & { [KEY]?: UsageRecorder }

/** The process's recorder (route handlers are bundled apart from server.ts: shared on globalThis). */
export function usageRecorder(): UsageRecorder {
  const g = globalThis as Holder
  return (g[KEY] ??= new UsageRecorder({
    write: (rows) => writeUsage(rows),
    prune: () => pruneUsage(),
    onError: (error) =>
      logger().error({ component: 'usage', err: error }, 'usage counts could not be written'),
  }))
}

const CSV_HEADER = 'jour,operation,classe_statut,requetes'

/**
 * The usage as CSV (UTF-8, comma, header line): day, operation, status class (« 2xx »…) and
 * requests. Every cell is one of ours (dates, operation ids, counts): nothing a spreadsheet runs.
 */
export function usageCsv(rows: readonly UsageRow[]): string {
  const lines = rows.map((r) => `${r.day},${r.operation},${r.statusClass}xx,${r.requests}`)
  return `${[CSV_HEADER, ...lines].join('\r\n')}\r\n`
}
