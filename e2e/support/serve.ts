// Starts one production app instance for the end-to-end tests (Playwright's webServer) on fresh
// data: a new DATA_DIR for the embedded engine, or a new database on the local PostgreSQL server.
// Everything is removed when Playwright stops it.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { createClientApplication } from '@/lib/auth/clients'
import { createUser } from '@/lib/auth/users'
import { prepareDatabase } from '@/lib/bootstrap/prepare-database'
import { seedDatasets } from '@/lib/datasets/seed-datasets'
import { connectionConfig } from '@/lib/db/connection'
import { openEmbedded } from '@/lib/db/embedded/host'
import { parseEnv } from '@/lib/env'
import { seedOffers } from '@/lib/offers/seed-offers'
import { seedDatabase } from '@/lib/seed/seed-database'
import { createTestDatabase, dropStaleDatabases, type TestDatabase } from '@/lib/testing/local-database'
import {
  instanceEnv,
  E2E_CLIENTS,
  E2E_CLIENTS_FILE,
  E2E_METRICS_TOKEN,
  E2E_QUOTA,
  E2E_SEED,
  E2E_STAFF,
  E2E_STATE_FILE,
  SERVERS,
  type Engine,
} from './servers'

const engine = process.argv[2] as Engine
if (!(engine in SERVERS)) throw new Error(`usage: serve.ts ${Object.keys(SERVERS).join('|')}`)
const { port, dataDir } = SERVERS[engine]
const log = (line: string) => console.log(`[e2e:${engine}] ${line}`)

fs.rmSync(dataDir, { recursive: true, force: true })
fs.mkdirSync(dataDir, { recursive: true })

const childEnv: NodeJS.ProcessEnv = {
  ...instanceEnv(port, dataDir),
  SEED_ESTABLISHMENTS: String(E2E_SEED.establishments),
  SEED_PREMISES: String(E2E_SEED.premises),
  SEED_PARCELS: String(E2E_SEED.parcels),
  SEED_RANDOM_SEED: String(E2E_SEED.seed),
  LOG_LEVEL: 'warn',
  METRICS_TOKEN: E2E_METRICS_TOKEN,
  // A whole run's requests fit the default quotas; e2e/api/quotas.spec.ts sets an application's own.
  QUOTA_PER_MINUTE: String(E2E_QUOTA.perMinute),
  QUOTA_PER_DAY: String(E2E_QUOTA.perDay),
  // Every test runs from 127.0.0.1: per-IP budgets fit a whole run; per-client and per-account
  // limits keep their defaults and are tested on dedicated clients and accounts.
  RATE_LIMIT_TOKEN_PER_IP: '5000',
  RATE_LIMIT_SIGNIN_PER_IP: '500',
  RATE_LIMIT_TILES_PER_IP: '100000',
}

/** Registers the test client applications and staff user; writes their credentials for the tests. */
async function registerTestAccounts(db: pg.Pool): Promise<void> {
  const credentials: Record<string, { client_id: string; client_secret: string; redirect_uri?: string }> = {}
  for (const [name, spec] of Object.entries(E2E_CLIENTS)) {
    const redirectUris = 'redirectUris' in spec ? [...spec.redirectUris] : []
    const { application, clientSecret } = await createClientApplication(
      { name: `e2e ${name}`, scopes: [...spec.scopes], redirectUris },
      db,
    )
    credentials[name] = {
      client_id: application.clientId,
      client_secret: clientSecret,
      ...(redirectUris[0] ? { redirect_uri: redirectUris[0] } : {}),
    }
  }
  await createUser({ ...E2E_STAFF, role: 'staff' }, db)
  fs.writeFileSync(path.join(dataDir, E2E_CLIENTS_FILE), JSON.stringify(credentials, null, 2), {
    mode: 0o600,
  })
}

let database: TestDatabase | undefined
if (engine === 'postgres') {
  await dropStaleDatabases('tda_e2e')
  database = await createTestDatabase('tda_e2e')
  childEnv.DATABASE_URL = database.url
  const e = parseEnv(childEnv)
  const db = new pg.Pool(connectionConfig(e))
  try {
    await prepareDatabase(db, { env: e, seedIfEmpty: false, log })
    await seedDatabase(db, E2E_SEED)
    await seedOffers(db, { seed: E2E_SEED.seed })
    // The first start of the embedded engine creates these; the PostgreSQL instance gets them here.
    await seedDatasets(db)
    await registerTestAccounts(db)
  } finally {
    await db.end()
  }
  log(`database ${database.name} seeded`)
} else {
  // Open the fresh embedded engine as a command would, register the accounts, then hand the data
  // directory to the app (which seeds the synthetic data on its first start).
  const e = parseEnv(childEnv)
  const embedded = await openEmbedded({ dataDir, role: 'cli' })
  const db = new pg.Pool(connectionConfig(e))
  try {
    await prepareDatabase(db, { env: e, seedIfEmpty: false, log })
    await registerTestAccounts(db)
  } finally {
    await db.end()
    await embedded.stop()
  }
}
// What tests need to run CLI commands against this instance (see e2e/support/engine.ts).
fs.writeFileSync(
  path.join(dataDir, E2E_STATE_FILE),
  JSON.stringify({ databaseUrl: childEnv.DATABASE_URL ?? null }),
)

const tsx = path.resolve('node_modules/tsx/dist/cli.mjs')
const child = spawn(process.execPath, [tsx, 'server.ts'], { env: childEnv, stdio: 'inherit' })

let stopping = false
async function stop(code: number): Promise<void> {
  if (stopping) return
  stopping = true
  if (child.exitCode === null) {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
  await database?.drop().catch((error: unknown) => log(`could not drop ${database?.name}: ${String(error)}`))
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(code)
}
child.on('exit', (code) => void stop(code ?? 1))
process.on('SIGTERM', () => void stop(0))
process.on('SIGINT', () => void stop(0))
