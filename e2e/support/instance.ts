// An app instance a spec starts for itself, to observe what the shared test servers cannot show:
// its logs line by line, its signals and its exit. Small synthetic data; removed when stopped.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createClientApplication } from '@/lib/auth/clients'
import type { Scope } from '@/lib/auth/scopes'
import { connectionConfig } from '@/lib/db/connection'
import { openEmbedded } from '@/lib/db/embedded/host'
import { parseEnv } from '@/lib/env'
import { createTestDatabase, type TestDatabase } from '@/lib/testing/local-database'
import { instanceEnv, ownInstancePorts, type Engine } from './servers'

export interface OwnInstance {
  baseURL: string
  metricsURL: string
  process: ChildProcess
  /** Every line the instance wrote on standard output so far. */
  lines: string[]
  /** Its JSON log records so far. */
  records(): Array<Record<string, unknown>>
  exited: Promise<number | null>
  /** Runs `fn` with a connection pool to the instance's database (the embedded engine borrowed). */
  withDb<T>(fn: (db: pg.Pool) => Promise<T>): Promise<T>
  /** Registers a client application on the instance's database and returns a Bearer token of it. */
  bearer(scopes: Scope[]): Promise<{ clientId: string; authorization: string }>
  stop(): Promise<void>
}

/** Starts an instance on the ports of `slot` (one per spec file: see ownInstancePorts). */
export async function startOwnInstance(
  engine: Engine,
  slot: number,
  env: Record<string, string> = {},
): Promise<OwnInstance> {
  const { port, metricsPort } = ownInstancePorts(engine, slot)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tda-own-${engine}-`))
  let database: TestDatabase | undefined
  if (engine === 'postgres') database = await createTestDatabase('tda_e2e_own')
  const childEnv: NodeJS.ProcessEnv = {
    ...instanceEnv(port, dataDir),
    SEED_ESTABLISHMENTS: '300',
    SEED_PREMISES: '30',
    SEED_PARCELS: '300',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    METRICS_PORT: String(metricsPort),
    ...env,
  }
  if (database) childEnv.DATABASE_URL = database.url
  const tsx = path.resolve('node_modules/tsx/dist/cli.mjs')
  const child = spawn(process.execPath, [tsx, 'server.ts'], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  let pending = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8')
    const parts = pending.split('\n')
    pending = parts.pop() ?? ''
    lines.push(...parts)
  })
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const cleanup = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true })
    await database?.drop().catch(() => {})
  }
  const instance: OwnInstance = {
    baseURL: `http://localhost:${port}`,
    metricsURL: `http://localhost:${metricsPort}`,
    process: child,
    lines,
    records: () =>
      lines.flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>]
        } catch {
          return []
        }
      }),
    exited,
    async withDb(fn) {
      // As a command would: the embedded engine is borrowed from the running instance.
      const embedded = engine === 'embedded' ? await openEmbedded({ dataDir, role: 'cli' }) : undefined
      const db = new pg.Pool(connectionConfig(parseEnv(childEnv)))
      try {
        return await fn(db)
      } finally {
        await db.end()
        await embedded?.stop()
      }
    },
    async bearer(scopes) {
      const credentials = await instance.withDb(async (db) => {
        const { application, clientSecret } = await createClientApplication(
          { name: `own ${scopes.join(' ')}`, scopes, redirectUris: [] },
          db,
        )
        return { clientId: application.clientId, clientSecret }
      })
      const response = await fetch(`${instance.baseURL}/oauth/token`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      })
      if (response.status !== 200) throw new Error(`token: ${response.status} ${await response.text()}`)
      const { access_token } = (await response.json()) as { access_token: string }
      return { clientId: credentials.clientId, authorization: `Bearer ${access_token}` }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await exited
      }
      await cleanup()
    },
  }
  // Ready when its readiness check says so (first start: migrations, reference data, small seed).
  const deadline = Date.now() + 240_000
  for (;;) {
    if (child.exitCode !== null) {
      await cleanup()
      throw new Error(`the instance exited with ${child.exitCode} before it was ready:\n${lines.join('\n')}`)
    }
    const ready = await fetch(`${instance.metricsURL}/health/ready`)
      .then((r) => r.status === 200)
      .catch(() => false)
    if (ready) return instance
    if (Date.now() > deadline) {
      await instance.stop()
      throw new Error('the instance was not ready within 4 minutes')
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
