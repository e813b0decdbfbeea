// Where the database is: a PostgreSQL server (DATABASE_URL) or the embedded engine's socket under
// DATA_DIR. Everything above this module speaks `pg` and does not know which.
import type { PoolConfig } from 'pg'
import type { Env } from '../env'
import { embeddedPaths } from './embedded/paths'

export type EngineKind = 'postgres' | 'embedded'

export function engineKind(e: Pick<Env, 'DATABASE_URL'>): EngineKind {
  return e.DATABASE_URL ? 'postgres' : 'embedded'
}

export interface ConnectionOptions {
  /**
   * Limits for the requests' pool: statements end after DB_STATEMENT_TIMEOUT_MS on the server, and
   * a little later on the client (a frozen server answers nothing). Background work (migrations,
   * imports, dataset files) runs without them.
   */
  requestTimeouts?: boolean
}

type ConnectionEnv = Pick<Env, 'DATABASE_URL' | 'dataDir' | 'DB_POOL_SIZE'> &
  Partial<Pick<Env, 'DB_CONNECT_TIMEOUT_MS' | 'DB_STATEMENT_TIMEOUT_MS'>>

export function connectionConfig(e: ConnectionEnv, options: ConnectionOptions = {}): PoolConfig {
  const base: PoolConfig = {
    max: e.DB_POOL_SIZE,
    idleTimeoutMillis: 30_000,
    application_name: 'territorial-data-api',
    connectionTimeoutMillis: e.DB_CONNECT_TIMEOUT_MS ?? 5_000,
  }
  const statementMs = e.DB_STATEMENT_TIMEOUT_MS ?? 0
  if (e.DATABASE_URL) {
    return {
      ...base,
      connectionString: e.DATABASE_URL,
      ...(options.requestTimeouts && statementMs > 0
        ? { statement_timeout: statementMs, query_timeout: statementMs + 2_000 }
        : {}),
    }
  }
  return {
    ...base,
    // The embedded engine has no server-side statement timeout: the client's bounds the wait.
    ...(options.requestTimeouts && statementMs > 0 ? { query_timeout: statementMs + 2_000 } : {}),
    host: embeddedPaths(e.dataDir).socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
  }
}
