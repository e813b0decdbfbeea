// The custom HTTP server that `npm start` and `npm run dev` run (DESIGN §1). It prepares the
// database and mounts the OAuth 2.0 authorization server (/oauth/*, /.well-known/*), then hands
// every other request to Next.js after the decisions Next cannot make: API paths with or without
// /v0, path extensions as Accept, "/" as status JSON or app page, and the JSON body of GET
// requests (which Next drops), passed to route handlers through an unforgeable channel. Responses
// are compressed here, once for every kind (lib/http/compression; Next's own is turned off).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import next from 'next'
import { prepareDatabase } from '@/lib/bootstrap/prepare-database'
import { startDatasetJobs, type DatasetJobRunner } from '@/lib/datasets/job-runner'
import { startDatabase, type DatabaseHandle } from '@/lib/db/engine'
import { DatabaseMonitor, databaseMonitor, installMonitor } from '@/lib/db/availability'
import { connectionConfig } from '@/lib/db/connection'
import { TrackedPool } from '@/lib/db/origin'
import { configurePool, pool, probeDatabase } from '@/lib/db/pool'
import { env, EnvError, exportLibraryEnv, loadDotEnv } from '@/lib/env'
import { fileStore } from '@/lib/files'
import { databaseUnavailable, payloadTooLarge, type ApiError } from '@/lib/http/api-error'
import { MAX_BODY_BYTES, parseBody, readBody } from '@/lib/http/body'
import { responseCompressor } from '@/lib/http/compression'
import { routeRequest } from '@/lib/http/edge'
import { runWithGetBody, type GetBody } from '@/lib/http/get-body'
import { renderProblem } from '@/lib/http/render-problem'
import { mergeVary, securityHeaders } from '@/lib/http/response-headers'
import { httpServerOptions } from '@/lib/http/server-options'
import { startOAuthServer, type OAuthServer } from '@/lib/oauth/oauth-server'
import { VERSION } from '@/lib/version'
import { progressReporter } from './scripts/progress'

const log = (line: string) => console.log(`[server] ${line}`)

function sendProblem(res: ServerResponse, error: unknown, instance: string, close = false): void {
  const { status, headers, body } = renderProblem(error, instance)
  res.writeHead(status, { ...headers, ...(close ? { Connection: 'close' } : {}) })
  res.end(body)
}

/**
 * A page for requests of the app refused before routing (API paths get a problem instead): an
 * address that cannot be decoded (400), a write method on a page (405).
 */
function sendRefusalPage(res: ServerResponse, error: ApiError): void {
  const title = error.status === 405 ? 'Méthode non acceptée' : 'Adresse invalide'
  res.writeHead(error.status, {
    ...error.headers,
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
  })
  res.end(
    `<!doctype html><html lang="fr"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${escapeHtml(error.detail)}</p><p><a href="/">Accueil</a></p></html>`,
  )
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * Sets the headers every response carries, and makes the response end with one Vary header
 * (Next.js and the route handlers each add theirs), naming Accept on "/" (JSON or the app page).
 */
function prepareResponse(res: ServerResponse, headers: Record<string, string>, varyOnAccept: boolean): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  res.writeHead = ((...args: unknown[]) => {
    const values: string[] = varyOnAccept ? ['Accept'] : []
    const current = res.getHeader('vary')
    if (current !== undefined) values.push(...(Array.isArray(current) ? current : [String(current)]))
    const given = args.find(
      (arg): arg is Record<string, unknown> => typeof arg === 'object' && arg !== null && !Array.isArray(arg),
    )
    if (given) {
      for (const key of Object.keys(given)) {
        if (key.toLowerCase() !== 'vary') continue
        const value = given[key]
        values.push(...(Array.isArray(value) ? value.map(String) : [String(value)]))
        delete given[key]
      }
    }
    if (values.length > 0) res.setHeader('Vary', mergeVary(values))
    return writeHead(...args)
  }) as typeof res.writeHead
}

let database: DatabaseHandle | undefined
let oauth: OAuthServer | undefined
let datasetJobs: DatasetJobRunner | undefined

async function main(): Promise<void> {
  loadDotEnv()
  const e = env()
  exportLibraryEnv(e)
  const dev = e.NODE_ENV !== 'production'
  // Requests run under connection and statement timeouts; start-up and background work do not.
  configurePool({ requestTimeouts: true })
  // Nothing runs while the database is healthy: the requests' own errors tell when it is not.
  installMonitor(
    new DatabaseMonitor({
      probe: probeDatabase,
      log: (line) => log(`db: ${line}`),
      // The requests waiting on a frozen or lost server answer 503 now, not at their own timeout.
      onDown: () => void pool().cutConnections(),
    }),
  )
  database = await startDatabase('app', (holder) =>
    log(`waiting for the command running as pid ${holder.pid} to release the embedded database…`),
  )
  const db = database
  log(`database: ${db.kind === 'embedded' ? `embedded (${e.dataDir})` : 'PostgreSQL (DATABASE_URL)'}`)
  const progress = progressReporter()
  const background = new TrackedPool(connectionConfig(e))
  background.on('error', (error) => console.error('[db] idle client error:', error.message))
  await prepareDatabase(background, {
    env: e,
    seedIfEmpty: db.kind === 'embedded',
    log,
    onSeedProgress: (event) => progress.update(event),
  }).finally(() => progress.stop())
  oauth = await startOAuthServer({ env: e, log })
  const authorizationServer = oauth
  // CSV files of datasets are generated in the background, never at request time.
  if (e.DATASET_JOBS) {
    datasetJobs = startDatasetJobs({
      db: background,
      store: fileStore(),
      engine: db.kind,
      log: (line) => log(`datasets: ${line}`),
    })
  }

  const app = next({ dev, dir: process.cwd(), hostname: e.HOST, port: e.PORT })
  await app.prepare()
  const handle = app.getRequestHandler()

  const everyResponse = securityHeaders({ publicUrl: e.publicUrl, dev, mapStyleUrl: e.MAP_STYLE_URL })
  const compress = responseCompressor()
  const server = createServer(httpServerOptions(e), (req, res) => {
    const started = performance.now()
    const instance = (req.url ?? '/').split('?')[0] ?? '/'
    prepareResponse(res, everyResponse, instance === '/')
    // Before anything writes: every response may be compressed (lib/http/compression).
    compress(req, res, () => {})
    if (e.LOG_LEVEL === 'debug' || e.LOG_LEVEL === 'info') {
      res.on('finish', () => {
        // Path only: query strings may carry search terms, and never log credentials.
        const ms = (performance.now() - started).toFixed(1)
        if (!instance.startsWith('/_next/'))
          console.log(`${req.method} ${instance} ${res.statusCode} ${ms}ms`)
      })
    }
    void dispatch(req, res, instance).catch((error: unknown) => {
      if (!res.headersSent) sendProblem(res, error, instance)
      else res.destroy()
    })
  })

  async function dispatch(req: IncomingMessage, res: ServerResponse, instance: string): Promise<void> {
    // While the database is known unreachable, every route but static assets answers 503 at once.
    const monitor = databaseMonitor()
    if (monitor && !monitor.available && !instance.startsWith('/_next/static/')) {
      monitor.countRefused()
      req.resume()
      sendProblem(res, databaseUnavailable(monitor.retryAfterSeconds), instance)
      return
    }
    const decision = routeRequest({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      accept: req.headers.accept,
      rsc: req.headers.rsc === '1',
      hasBody:
        Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined,
    })
    if (decision.kind === 'reject') {
      if (decision.page) sendRefusalPage(res, decision.error)
      else sendProblem(res, decision.error, instance)
      return
    }
    if (await authorizationServer.handle(req, res)) return
    let body: GetBody = { present: false }
    if (decision.kind === 'api') {
      req.url = decision.url
      if (decision.accept) req.headers.accept = decision.accept
      if (decision.readBody) {
        const declared = req.headers['content-length']
        const raw = await readBody(req, MAX_BODY_BYTES, declared === undefined ? undefined : Number(declared))
        if (raw === null) {
          // The rest of the body is drained, not read: close the connection after the answer.
          sendProblem(res, payloadTooLarge(MAX_BODY_BYTES), instance, true)
          return
        }
        try {
          body = parseBody(raw, req.headers['content-type'], { accepted: ['json'], untypedIsJson: true })
        } catch (error) {
          sendProblem(res, error, instance)
          return
        }
      }
    }
    await runWithGetBody(body, () => handle(req, res), instance)
  }

  await new Promise<void>((resolve) => server.listen(e.PORT, e.HOST, resolve))
  log(`Territorial Data API ${VERSION} listening on ${e.publicUrl} (${dev ? 'development' : 'production'})`)

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log(`${signal}: shutting down`)
    server.close()
    server.closeIdleConnections()
    setTimeout(() => server.closeAllConnections(), 5_000).unref()
    void app
      .close()
      .catch(() => {})
      .then(() => datasetJobs?.stop())
      .then(() => oauth?.close())
      .then(() => background.end())
      .then(() => db.close())
      .then(() => process.exit(0))
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch(async (error: unknown) => {
  if (error instanceof EnvError) console.error(error.message)
  else console.error('[server] failed to start:', error)
  await datasetJobs?.stop().catch(() => {})
  await database?.close().catch(() => {})
  process.exit(1)
})
