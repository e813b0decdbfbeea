// Applies the numbered SQL files of db/migrations in order, each in its own transaction, under an
// advisory lock so that several instances starting together apply each file once.
import fs from 'node:fs'
import path from 'node:path'
import type pg from 'pg'

const MIGRATIONS_DIR = path.resolve('db/migrations')

export interface Migration {
  version: string
  name: string
  sql: string
}

const FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sql'))
  const migrations = files.map((file) => {
    const match = FILE.exec(file)
    if (!match) throw new Error(`Migration file name must look like 0001_name.sql: ${file}`)
    return { version: match[1]!, name: match[2]!, sql: fs.readFileSync(path.join(dir, file), 'utf8') }
  })
  migrations.sort((a, b) => a.version.localeCompare(b.version))
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.version === migrations[i - 1]!.version) {
      throw new Error(`Two migrations share version ${migrations[i]!.version}`)
    }
  }
  return migrations
}

const LOCK_KEY = 727_274_001

export async function migrate(
  db: pg.Pool,
  options: { dir?: string; log?: (line: string) => void } = {},
): Promise<string[]> {
  const migrations = readMigrations(options.dir)
  const client = await db.connect()
  const applied: string[] = []
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY])
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const done = new Set(
      (await client.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    )
    for (const migration of migrations) {
      if (done.has(migration.version)) continue
      options.log?.(`applying ${migration.version}_${migration.name}`)
      await client.query('BEGIN')
      try {
        await client.query(migration.sql)
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw new Error(
          `Migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`,
          { cause: error },
        )
      }
      applied.push(`${migration.version}_${migration.name}`)
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {})
    client.release()
  }
  return applied
}
