// The benchmarks' database on the local PostgreSQL server: created (or reused), migrated, loaded
// with the reference data and `establishments` synthetic establishments (seed 1), analysed.
import pg from 'pg'
import { TEST_SERVER_URL, assertLocal, dropDatabase } from '@/lib/testing/local-database'

export interface BenchDatabase {
  url: string
  drop(): Promise<void>
}

export async function benchDatabase(name: string, establishments: number): Promise<BenchDatabase> {
  assertLocal(TEST_SERVER_URL)
  const url = new URL(TEST_SERVER_URL)
  url.pathname = `/${name}`
  const admin = new pg.Client({ connectionString: TEST_SERVER_URL })
  await admin.connect()
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0
  if (!exists) await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()

  process.env.DATABASE_URL = url.toString()
  const { resetEnvCache, parseEnv } = await import('@/lib/env')
  resetEnvCache()
  const { connectionConfig } = await import('@/lib/db/connection')
  const { prepareDatabase } = await import('@/lib/bootstrap/prepare-database')
  const e = parseEnv(process.env)
  const db = new pg.Pool(connectionConfig(e))
  try {
    await prepareDatabase(db, { env: e, seedIfEmpty: false, log: () => {} })
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM etablissement')
    if (rows[0]!.n !== establishments) {
      console.error(`seeding ${establishments} establishments into ${name}…`)
      const started = performance.now()
      const { seedDatabase } = await import('@/lib/seed/seed-database')
      await seedDatabase(db, { establishments, premises: 0, seed: 1 })
      console.error(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`)
    }
    await db.query('VACUUM ANALYZE etablissement')
  } finally {
    await db.end()
  }
  return { url: url.toString(), drop: () => dropDatabase(name) }
}
