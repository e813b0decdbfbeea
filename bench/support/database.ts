// The benchmarks' database on the local PostgreSQL server: created (or reused), migrated, loaded
// with the reference data and `establishments` synthetic establishments (seed 1) — and, when asked,
// local premises and about `parcels` cadastral parcels — analysed.
import pg from 'pg'
import { TEST_SERVER_URL, assertLocal, dropDatabase } from '@/lib/testing/local-database'

export interface BenchDatabase {
  url: string
  drop(): Promise<void>
}

export interface BenchSeed {
  /** Local premises (default 0). */
  premises?: number
  /** Cadastral parcels, about (default 0: the fewest the seed gives). */
  parcels?: number
}

export async function benchDatabase(
  name: string,
  establishments: number,
  extra: BenchSeed = {},
): Promise<BenchDatabase> {
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
    const premises = extra.premises ?? 0
    const parcels = extra.parcels ?? 0
    const { rows } = await db.query<{ n: number; l: number; p: number }>(
      `SELECT (SELECT count(*)::int FROM etablissement) AS n, (SELECT count(*)::int FROM local) AS l,
         (SELECT count(*)::int FROM parcelle) AS p`,
    )
    const seeded = rows[0]!
    // The seed gives about the parcels asked for (each commune's share rounded, a few at least).
    const parcelsMatch = parcels === 0 || Math.abs(seeded.p - parcels) <= parcels * 0.05
    if (seeded.n !== establishments || seeded.l !== premises || !parcelsMatch) {
      console.error(
        `seeding ${establishments} establishments, ${premises} premises and ${parcels ? `about ${parcels}` : 'the fewest'} parcels into ${name}…`,
      )
      const started = performance.now()
      const { seedDatabase } = await import('@/lib/seed/seed-database')
      await seedDatabase(db, { establishments, premises, parcels, seed: 1 })
      console.error(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`)
    }
    await db.query('VACUUM ANALYZE etablissement')
    if (parcels) await db.query('VACUUM ANALYZE parcelle, section_cadastrale, compte_communal, local')
  } finally {
    await db.end()
  }
  return { url: url.toString(), drop: () => dropDatabase(name) }
}
