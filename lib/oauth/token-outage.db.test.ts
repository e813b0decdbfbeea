// The token, revocation and authorization endpoints under hostile input and database outages, on
// both engines: the database is reached through a proxy this test controls (lib/testing/tcp-proxy),
// never by stopping the machine's server. A client_id no database can store is an RFC 6749 error
// (400), the database going away is 503 temporarily_unavailable with Retry-After, and a frozen
// database is answered within the configured timeouts, never waited for.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClientApplication } from '../auth/clients'
import { classifyDatabaseError, DatabaseMonitor, installMonitor } from '../db/availability'
import { embeddedPaths } from '../db/embedded/paths'
import { TrackedPool } from '../db/origin'
import { closePool, configurePool, pool, probeDatabase } from '../db/pool'
import { connectionConfig } from '../db/connection'
import { env, resetEnvCache } from '../env'
import { MemoryStore } from '../rate-limit/store'
import { engineSkipped, testEngine } from '../testing/engine'
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy'
import { startOAuthServer, type OAuthServer } from './oauth-server'

const saved = { ...process.env }
let proxy: TcpProxy
let fakeDataDir: string | undefined
let server: http.Server
let oauthServer: OAuthServer
let url: string
let monitor: DatabaseMonitor
const lines: string[] = []
const app = { client_id: '', client_secret: '' }

/** Points the process's pool at the proxy in front of this run's database. */
async function throughProxy(): Promise<void> {
  const e = env()
  if (e.DATABASE_URL) {
    const target = new URL(e.DATABASE_URL)
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const address = proxy.address as { port: number }
    target.hostname = '127.0.0.1'
    target.port = String(address.port)
    process.env.DATABASE_URL = target.toString()
  } else {
    // The embedded engine is reached through DATA_DIR/run/.s.PGSQL.5432: a directory of our own
    // whose socket is the proxy.
    fakeDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-px-'))
    fs.mkdirSync(path.join(fakeDataDir, 'run'))
    proxy = await startTcpProxy(
      { path: embeddedPaths(e.dataDir).socketPath },
      { path: embeddedPaths(fakeDataDir).socketPath },
    )
    process.env.DATA_DIR = fakeDataDir
  }
  process.env.DB_CONNECT_TIMEOUT_MS = '500'
  process.env.DB_STATEMENT_TIMEOUT_MS = '1000'
  resetEnvCache()
  await closePool()
  configurePool({ requestTimeouts: true })
}

async function tokenRequest(body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  })
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    type: response.headers.get('content-type'),
    body: (await response.json()) as Record<string, unknown>,
  }
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`

describe.skipIf(engineSkipped)(
  `the authorization server under hostile input and outages (${testEngine})`,
  () => {
    beforeAll(async () => {
      const created = await createClientApplication({ name: 'outage test', scopes: ['eco'] })
      app.client_id = created.application.clientId
      app.client_secret = created.clientSecret
      await throughProxy()
      monitor = new DatabaseMonitor({
        probe: probeDatabase,
        log: (line) => lines.push(line),
        // Probes are run by the test.
        schedule: () => () => {},
        onDown: () => void pool().cutConnections(),
      })
      installMonitor(monitor)
      server = http.createServer()
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      url = `http://localhost:${(server.address() as AddressInfo).port}`
      process.env.PUBLIC_URL = url
      resetEnvCache()
      oauthServer = await startOAuthServer({
        env: env(),
        log: () => {},
        maintenance: false,
        rateLimitStore: new MemoryStore(),
      })
      server.on('request', (req, res) => {
        void oauthServer.handle(req, res).then(
          (handled) => {
            if (!handled) res.writeHead(404).end()
          },
          () => res.writeHead(599).end(),
        )
      })
    })

    afterAll(async () => {
      installMonitor(undefined)
      proxy?.setMode('forward')
      await oauthServer?.close()
      await new Promise((resolve) => server?.close(resolve))
      await closePool()
      await proxy?.close()
      if (fakeDataDir) fs.rmSync(fakeDataDir, { recursive: true, force: true })
      for (const key of [
        'DATABASE_URL',
        'DATA_DIR',
        'DB_CONNECT_TIMEOUT_MS',
        'DB_STATEMENT_TIMEOUT_MS',
        'PUBLIC_URL',
      ]) {
        if (saved[key] === undefined) delete process.env[key]
        else process.env[key] = saved[key]
      }
      resetEnvCache()
    })

    it('issues tokens through the proxy', async () => {
      const answer = await tokenRequest('grant_type=client_credentials&scope=eco', {
        authorization: basic(app.client_id, app.client_secret),
      })
      expect(answer.status).toBe(200)
    })

    it('refuses a client_id holding U+0000 or a lone surrogate with an RFC 6749 error (400), on every endpoint', async () => {
      for (const form of ['client_id=a%00b', 'client_id=%00', `client_id=${app.client_id}%00`]) {
        const inBody = await tokenRequest(`grant_type=client_credentials&${form}&client_secret=x`)
        expect(inBody.status).toBe(400)
        expect(inBody.body.error).toBe('invalid_request')
      }
      for (const id of ['a\u0000b', '\u0000', 'x\ud800', '\udc00']) {
        const json = await tokenRequest(JSON.stringify({ grant_type: 'client_credentials', client_id: id }), {
          'content-type': 'application/json',
        })
        expect(json.status).toBe(400)
        expect(json.body.error).toBe('invalid_request')
        const inBasic = await tokenRequest('grant_type=client_credentials', {
          authorization: `Basic ${Buffer.from(`${id}:secret`).toString('base64')}`,
        })
        expect([400, 401]).toContain(inBasic.status)
        expect(['invalid_request', 'invalid_client']).toContain(inBasic.body.error)
      }
      const revoke = await fetch(`${url}/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'token=abc&client_id=a%00b&client_secret=x',
      })
      expect(revoke.status).toBe(400)
      expect(((await revoke.json()) as { error: string }).error).toBe('invalid_request')
      const revokeBasic = await fetch(`${url}/oauth/revoke`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('a\u0000b:x').toString('base64')}`,
        },
        body: 'token=abc',
      })
      expect(revokeBasic.status).toBe(400)
      const authorize = await fetch(
        `${url}/oauth/authorize?client_id=a%00b&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%2Fcb&scope=eco&code_challenge=x&code_challenge_method=S256`,
        { redirect: 'manual' },
      )
      expect(authorize.status).toBe(400)
      expect(((await authorize.json()) as { error: string }).error).toBe('invalid_request')
      expect(monitor.available).toBe(true)
    })

    it('answers 503 temporarily_unavailable with Retry-After at the instant the database goes away', async () => {
      proxy.setMode('refuse')
      try {
        // Through the provider (the client's look-up), and before it (the default scope's look-up).
        for (const body of ['grant_type=client_credentials&scope=eco', 'grant_type=client_credentials']) {
          const answer = await tokenRequest(body, { authorization: basic(app.client_id, app.client_secret) })
          expect(answer.status).toBe(503)
          expect(answer.retryAfter).toMatch(/^\d+$/)
          expect(answer.body.error).toBe('temporarily_unavailable')
          expect(answer.type).toMatch(/^application\/json/)
        }
        expect(monitor.available).toBe(false)
        expect(lines.filter((l) => l.startsWith('database unreachable'))).toHaveLength(1)
        await monitor.probeNow()
        expect(monitor.available).toBe(false)
      } finally {
        proxy.setMode('forward')
      }
      await monitor.probeNow()
      expect(monitor.available).toBe(true)
      const answer = await tokenRequest('grant_type=client_credentials&scope=eco', {
        authorization: basic(app.client_id, app.client_secret),
      })
      expect(answer.status).toBe(200)
    })

    it('answers token requests within the timeouts while the database is frozen (503, never a wait for the thaw)', async () => {
      // A connection of the pool is open: the first requests meet the frozen server on it.
      expect(
        (
          await tokenRequest('grant_type=client_credentials&scope=eco', {
            authorization: basic(app.client_id, app.client_secret),
          })
        ).status,
      ).toBe(200)
      proxy.setMode('freeze')
      try {
        // The proxy stays frozen until every answer has come: none of them waited for the thaw.
        const answers = await Promise.all(
          Array.from({ length: 4 }, () =>
            tokenRequest('grant_type=client_credentials&scope=eco', {
              authorization: basic(app.client_id, app.client_secret),
            }),
          ),
        )
        for (const answer of answers) {
          expect(answer.status).toBe(503)
          expect(answer.retryAfter).toMatch(/^\d+$/)
          expect(answer.body.error).toBe('temporarily_unavailable')
        }
      } finally {
        proxy.setMode('forward')
      }
      if (!monitor.available) await monitor.probeNow()
      expect(monitor.available).toBe(true)
    })

    it('cuts the connections waiting on a frozen database when it is found unreachable', async () => {
      // A pool without any timeout: only the cut can end its query.
      const config = connectionConfig(env())
      const unbounded = new TrackedPool({ ...config, max: 2 })
      unbounded.on('error', () => {})
      try {
        await unbounded.query('SELECT 1')
        proxy.setMode('freeze')
        const waiting = unbounded.query('SELECT 1').then(
          () => null,
          (error: unknown) => error,
        )
        // Let the query reach the frozen socket, then cut.
        await new Promise((resolve) => setTimeout(resolve, 50))
        expect(unbounded.cutConnections()).toBeGreaterThanOrEqual(1)
        expect(classifyDatabaseError(await waiting)).toBe('unreachable')
      } finally {
        proxy.setMode('forward')
        await unbounded.end().catch(() => {})
      }
    })
  },
)
