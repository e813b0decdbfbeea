// Where the database is: a PostgreSQL server (DATABASE_URL) or the embedded engine's socket under
// DATA_DIR. Everything above this module speaks `pg` and does not know which.
import type { PoolConfig } from 'pg'
import type { Env } from '../env'
import { embeddedPaths } from './embedded/paths'

export type EngineKind = 'postgres' | 'embedded'

export function engineKind(e: Pick<Env, 'DATABASE_URL'>): EngineKind {
  return e.DATABASE_URL ? 'postgres' : 'embedded'
}

export function connectionConfig(e: Pick<Env, 'DATABASE_URL' | 'dataDir' | 'DB_POOL_SIZE'>): PoolConfig {
  const base: PoolConfig = {
    max: e.DB_POOL_SIZE,
    idleTimeoutMillis: 30_000,
    application_name: 'territorial-data-api',
  }
  if (e.DATABASE_URL) return { ...base, connectionString: e.DATABASE_URL }
  return {
    ...base,
    host: embeddedPaths(e.dataDir).socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
  }
}
