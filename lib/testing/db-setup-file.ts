// Runs in every database test worker before its tests: points the process at the run's database
// (PostgreSQL URL or the embedded engine's data directory) prepared by the global setup.
import { inject } from 'vitest'
import { resetEnvCache } from '../env'

const databaseUrl = inject('databaseUrl')
const dataDir = inject('dataDir')
if (databaseUrl) {
  process.env.DATABASE_URL = databaseUrl
  delete process.env.DATA_DIR
} else if (dataDir) {
  process.env.DATA_DIR = dataDir
  delete process.env.DATABASE_URL
}
resetEnvCache()
