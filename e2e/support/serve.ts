// Starts one production app instance for the end-to-end tests (Playwright's webServer) on fresh
// data: a new DATA_DIR for the embedded engine, or a new database on the local PostgreSQL server.
// Everything is removed when Playwright stops it.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { prepareDatabase } from '@/lib/bootstrap/prepare-database'
import { connectionConfig } from '@/lib/db/connection'
import { parseEnv } from '@/lib/env'
import { seedDatabase } from '@/lib/seed/seed-database'
import { createTestDatabase, dropStaleDatabases, type TestDatabase } from '@/lib/testing/local-database'
import { E2E_ADMIN, E2E_SEED, E2E_STATE_FILE, SERVERS, type Engine } from './servers'

const engine = process.argv[2] as Engine
if (!(engine in SERVERS)) throw new Error(`usage: serve.ts ${Object.keys(SERVERS).join('|')}`)
const { port, dataDir } = SERVERS[engine]
const log = (line: string) => console.log(`[e2e:${engine}] ${line}`)

fs.rmSync(dataDir, { recursive: true, force: true })
fs.mkdirSync(dataDir, { recursive: true })

const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: 'localhost',
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  SEED_ESTABLISHMENTS: String(E2E_SEED.establishments),
  SEED_PREMISES: String(E2E_SEED.premises),
  SEED_RANDOM_SEED: String(E2E_SEED.seed),
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  LOG_LEVEL: 'warn',
}
delete childEnv.DATABASE_URL

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
  } finally {
    await db.end()
  }
  log(`database ${database.name} seeded`)
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
