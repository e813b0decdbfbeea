// Everything a database needs before the app serves from it: migrations, the reference territory,
// the bootstrap administrator and, on a first start of the embedded engine, the synthetic data.
import type pg from 'pg'
import { ensureAdminUser } from '../auth/users'
import { seedDatasets } from '../datasets/seed-datasets'
import { migrate } from '../db/migrate'
import { clusterCellsMissing, refreshClusterCells } from '../establishments/cluster-cells'
import type { Env } from '../env'
import { hasOffers, seedOffers } from '../offers/seed-offers'
import { hasEstablishments, seedDatabase, type SeedOptions } from '../seed/seed-database'
import { ensureReferenceData } from '../territory/load-reference'

export interface PrepareOptions {
  env: Pick<
    Env,
    | 'ADMIN_EMAIL'
    | 'ADMIN_PASSWORD'
    | 'SEED_ESTABLISHMENTS'
    | 'SEED_PREMISES'
    | 'SEED_PARCELS'
    | 'SEED_RANDOM_SEED'
  >
  /** Seed synthetic data when the database holds no establishments (first start, embedded engine). */
  seedIfEmpty: boolean
  log: (line: string) => void
  onSeedProgress?: SeedOptions['onProgress']
}

export async function prepareDatabase(db: pg.Pool, options: PrepareOptions): Promise<void> {
  const { env, log } = options
  const applied = await migrate(db, { log: (line) => log(`migrations: ${line}`) })
  if (applied.length === 0) log('migrations: schema up to date')
  await ensureReferenceData(db, log)
  const admin = await ensureAdminUser(env.ADMIN_EMAIL, env.ADMIN_PASSWORD, db)
  if (admin !== 'unchanged') log(`administrator ${env.ADMIN_EMAIL} ${admin}`)
  if (options.seedIfEmpty && !(await hasEstablishments(db))) {
    log(
      `first start: generating ${env.SEED_ESTABLISHMENTS} synthetic establishments, ${env.SEED_PREMISES} local premises and about ${env.SEED_PARCELS} parcels…`,
    )
    const result = await seedDatabase(db, {
      establishments: env.SEED_ESTABLISHMENTS,
      premises: env.SEED_PREMISES,
      parcels: env.SEED_PARCELS,
      seed: env.SEED_RANDOM_SEED,
      ...(options.onSeedProgress ? { onProgress: options.onSeedProgress } : {}),
    })
    log(
      `seeded ${result.establishments} establishments, ${result.premises} premises and ${result.parcels} parcels in ${(result.milliseconds / 1000).toFixed(1)} s`,
    )
    const datasets = await seedDatasets(db)
    if (datasets.length > 0)
      log(`example datasets: ${datasets.join(', ')} (files generated in the background)`)
  }
  // A database migrated in place: the map's cells counted once from its establishments.
  if (await clusterCellsMissing(db)) {
    log('counting the located establishments in map cells…')
    await refreshClusterCells(db)
  }
  // Synthetic offers on the embedded engine's first start, and on a database that has none yet.
  if (options.seedIfEmpty && !(await hasOffers(db))) {
    const offers = await seedOffers(db, { seed: env.SEED_RANDOM_SEED })
    log(`seeded ${offers} business real-estate offers`)
  }
}
