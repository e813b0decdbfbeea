// Test support: a throw-away database per test run on the local PostgreSQL server. Refuses any
// server that is not on this machine, so a stray DATABASE_URL can never be dropped.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export const TEST_SERVER_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export function assertLocal(url: string): void {
  const host = new URL(url).hostname
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`Refusing to run tests against a non-local database server (${host}).`)
  }
}

export async function serverAvailable(url = TEST_SERVER_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

export interface TestDatabase {
  name: string
  url: string
  drop(): Promise<void>
}

/** Creates an empty database named `<prefix>_<time>_<random>` and returns its URL. */
export async function createTestDatabase(prefix: string, serverUrl = TEST_SERVER_URL): Promise<TestDatabase> {
  assertLocal(serverUrl)
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: () => dropDatabase(name, serverUrl),
  }
}

export async function dropDatabase(name: string, serverUrl = TEST_SERVER_URL): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected database name: ${name}`)
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  } finally {
    await admin.end()
  }
}

/** Drops databases left by interrupted runs (older than a day) with the given prefix. */
export async function dropStaleDatabases(prefix: string, serverUrl = TEST_SERVER_URL): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${prefix}\\_%`],
    )
    const dayAgo = Date.now() - 24 * 3600 * 1000
    for (const { datname } of rows) {
      const stamp = parseInt(datname.slice(prefix.length + 1).split('_')[0] ?? '', 36)
      if (Number.isFinite(stamp) && stamp < dayAgo)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
    }
  } finally {
    await admin.end()
  }
}
