// The process-wide connection pool and the two helpers every module uses: `query` with bound
// parameters and `withTransaction`. Cached on globalThis so `next dev` reloads do not leak pools.
import pg from 'pg'
import { env } from '../env'
import { classifyDatabaseError, databaseMonitor } from './availability'
import { connectionConfig, type ConnectionOptions } from './connection'
import { TrackedClient, TrackedPool } from './origin'

// DATE stays a 'YYYY-MM-DD' string (no time-zone shift); int8 (count(*)) becomes a number, since
// our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v)
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))

export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>

const KEY = Symbol.for('tda.db.pool')
const OPTIONS = Symbol.for('tda.db.pool.options')
type Holder = typeof globalThis & { [KEY]?: TrackedPool; [OPTIONS]?: ConnectionOptions }

/** How the process pool is created (server.ts: with the requests' timeouts); before its first use. */
export function configurePool(options: ConnectionOptions): void {
  ;(globalThis as Holder)[OPTIONS] = options
}

export function pool(): TrackedPool {
  const g = globalThis as Holder
  if (!g[KEY]) {
    const created = new TrackedPool(connectionConfig(env(), g[OPTIONS]))
    // An idle client losing its server must not crash the process; the next query reconnects.
    // During a known outage the monitor has said it once (lib/db/availability.ts).
    created.on('error', (error) => {
      if (databaseMonitor()?.available !== false) console.error('[db] idle client error:', error.message)
    })
    g[KEY] = created
  }
  return g[KEY]
}

/**
 * Whether the database answers `SELECT 1` on a connection of its own, opened and answered within
 * DB_CONNECT_TIMEOUT_MS (the monitor's probe while the database is down: never through the pool,
 * whose connections may hang on a frozen server).
 */
export async function probeDatabase(): Promise<void> {
  const config = connectionConfig(env(), (globalThis as Holder)[OPTIONS])
  const limit = config.connectionTimeoutMillis ?? 5_000
  const client = new TrackedClient({ ...config, query_timeout: limit })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('SELECT 1')
  } catch (error) {
    ;(client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy()
    throw error
  }
  await client.end().catch(() => {})
}

export async function query<R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values?: unknown[],
  db: Queryable = pool(),
): Promise<pg.QueryResult<R>> {
  return db.query<R>(text, values)
}

/**
 * Runs `fn` in a transaction: its own on a pool (default: the process pool), or the caller's when
 * given a client (the caller then owns BEGIN and COMMIT).
 */
export async function withTransaction<T>(
  fn: (client: pg.PoolClient) => Promise<T>,
  db?: pg.Pool | pg.PoolClient,
): Promise<T> {
  if (db && 'release' in db) return fn(db)
  const client = await (db ?? pool()).connect()
  let failed: unknown
  try {
    await client.query('BEGIN')
    const result = await fn(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    failed = error
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    // A connection that timed out or broke is discarded, not given to the next request.
    client.release(failed !== undefined && classifyDatabaseError(failed) !== null)
  }
}

export async function closePool(): Promise<void> {
  const g = globalThis as Holder
  const current = g[KEY]
  g[KEY] = undefined
  await current?.end()
}
