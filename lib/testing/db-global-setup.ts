// Vitest global setup of the database test projects: one prepared database per run, on the engine
// named by TEST_ENGINE. PostgreSQL: a fresh database on the local server, dropped at the end.
// Embedded: the engine opened in this process on a fresh DATA_DIR; test workers reach it through
// its socket, exactly as the CLI reaches a running app.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { prepareDatabase } from '../bootstrap/prepare-database'
import { connectionConfig } from '../db/connection'
import { openEmbedded } from '../db/embedded/host'
import { parseEnv } from '../env'
import { createTestDatabase, dropStaleDatabases, serverAvailable, TEST_SERVER_URL } from './local-database'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
    dataDir: string
    engineSkipped: string
  }
}

/** Whether an unreachable PostgreSQL server fails the run (CI) instead of skipping its suites. */
export function requireServer(environment: Record<string, string | undefined> = process.env): boolean {
  const ci = environment.CI
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false'
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = project.config.env.TEST_ENGINE === 'embedded' ? 'embedded' : 'postgres'
  const log = (line: string) => console.log(`[db-setup:${engine}] ${line}`)
  project.provide('engineSkipped', '')
  project.provide('databaseUrl', '')
  project.provide('dataDir', '')

  if (engine === 'postgres') {
    if (!(await serverAvailable())) {
      // In CI a missing server is a broken run, never a silently smaller one.
      if (requireServer()) {
        throw new Error(
          `No PostgreSQL server answers at ${TEST_SERVER_URL}: the PostgreSQL tests cannot run (CI is set; unset CI to skip them locally).`,
        )
      }
      const message = `No PostgreSQL server answers at ${TEST_SERVER_URL}: PostgreSQL tests are SKIPPED.`
      console.warn(`\n${'!'.repeat(message.length)}\n${message}\n${'!'.repeat(message.length)}\n`)
      project.provide('engineSkipped', message)
      return async () => {}
    }
    await dropStaleDatabases('tda_test')
    const database = await createTestDatabase('tda_test')
    project.provide('databaseUrl', database.url)
    log(`database ${database.name}`)
    const e = parseEnv({ ...process.env, DATABASE_URL: database.url, DATA_DIR: undefined })
    const db = new pg.Pool(connectionConfig(e))
    try {
      await prepareDatabase(db, { env: e, seedIfEmpty: false, log })
    } finally {
      await db.end()
    }
    return () => database.drop()
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-test-'))
  project.provide('dataDir', dataDir)
  log(`data directory ${dataDir}`)
  const e = parseEnv({ ...process.env, DATABASE_URL: undefined, DATA_DIR: dataDir })
  const handle = await openEmbedded({ dataDir, role: 'app' })
  const db = new pg.Pool(connectionConfig(e))
  try {
    await prepareDatabase(db, { env: e, seedIfEmpty: false, log })
  } finally {
    await db.end()
  }
  return async () => {
    await handle.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
