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
import { ApiError, databaseUnavailable, payloadTooLarge } from '@/lib/http/api-error'
import { MAX_BODY_BYTES, parseBody, readBody } from '@/lib/http/body'
import { responseCompressor } from '@/lib/http/compression'
import { CLIENT_ROUTER_HEADERS, routeRequest } from '@/lib/http/edge'
import { clientIp } from '@/lib/http/client-ip'
import {
  newRequestContext,
  requestIdFrom,
  runInRequest,
  type RequestContext,
} from '@/lib/http/request-context'
import { sweepTempFiles } from '@/lib/files/temp-files'
import { renderProblem } from '@/lib/http/render-problem'
import { cspNonce, mergeVary, securityHeaders } from '@/lib/http/response-headers'
import { httpServerOptions } from '@/lib/http/server-options'
import { OAUTH_ROUTES } from '@/lib/oauth/constants'
import { startOAuthServer, type OAuthServer } from '@/lib/oauth/oauth-server'
import { readMigrations } from '@/lib/db/migrate'
import { methodNotAllowed, notFound, unauthorized } from '@/lib/http/api-error'
import { InFlight } from '@/lib/lifecycle/in-flight'
import { Readiness } from '@/lib/lifecycle/readiness'
import { createLogger, installLogger, logger } from '@/lib/observability/logger'
import { metrics, observeRequest, registerGauge, renderMetrics } from '@/lib/observability/metrics'
import { metricsAccess } from '@/lib/observability/metrics-access'
import { appRouteTemplates, routeMatcher } from '@/lib/observability/route-templates'
import { communeTileDir } from '@/lib/explorer/commune-tile-cache'
import { usageRecorder } from '@/lib/usage/usage'
import { VERSION } from '@/lib/version'
import { progressReporter } from './scripts/progress'

const log = (line: string) => logger().info({ component: 'server' }, line)

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
 * (Next.js and the route handlers each add theirs), naming Accept on "/" (JSON or the app page),
 * and `Connection: close` once the instance drains.
 */
function prepareResponse(
  res: ServerResponse,
  headers: Record<string, string>,
  varyOnAccept: boolean,
  closing: () => boolean,
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  res.writeHead = ((...args: unknown[]) => {
    // While draining, clients (and the balancer) open their next connection elsewhere.
    if (closing()) res.setHeader('Connection', 'close')
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

/** Paths answered here for load balancers and monitoring, before the outage gate and Next.js. */
const OPERATIONS_PATHS: ReadonlySet<string> = new Set(['/health/live', '/health/ready', '/metrics'])

async function main(): Promise<void> {
  loadDotEnv()
  const e = env()
  exportLibraryEnv(e)
  const dev = e.NODE_ENV !== 'production'
  installLogger(
    createLogger({
      level: e.LOG_LEVEL,
      format: e.LOG_FORMAT ?? (e.NODE_ENV === 'production' ? 'json' : 'text'),
    }),
  )
  const accessLog = logger().child({ component: 'http' })
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
  background.on('error', (error) =>
    logger().error({ component: 'db' }, `idle client error: ${error.message}`),
  )
  await prepareDatabase(background, {
    env: e,
    seedIfEmpty: db.kind === 'embedded',
    log,
    onSeedProgress: (event) => progress.update(event),
  }).finally(() => progress.stop())
  // Temporary files a crashed process left behind (this host's dead writers', or old enough).
  for (const dir of [fileStore().tempDir, communeTileDir(e.dataDir)]) {
    const removed = await sweepTempFiles(dir)
    if (removed.length > 0) log(`removed ${removed.length} abandoned temporary file(s) under ${dir}`)
  }
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

  // Operations: what a load balancer and a monitoring system read.
  const inFlight = new InFlight()
  let draining = false
  const expectedMigrations = readMigrations().map((m) => m.version)
  const readiness = new Readiness({
    draining: () => draining,
    pingDatabase: async () => {
      const monitor = databaseMonitor()
      if (monitor && !monitor.available) throw new Error('database known unreachable')
      // Through the request pool, under its timeouts; a failure is one the monitor hears of.
      await pool()
        .query('SELECT 1')
        .catch((error: unknown) => {
          monitor?.report(error)
          throw error
        })
    },
    expectedMigrations: () => expectedMigrations,
    appliedMigrations: async () =>
      (await pool().query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
  })
  const routeOf = routeMatcher(appRouteTemplates())
  const m = metrics()
  registerMetricSources(m, db)
  registerGauge(
    m,
    { name: 'tda_http_requests_in_flight', help: 'Requests being answered by this instance.' },
    () => [{ value: inFlight.size }],
  )

  async function answerOperations(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    onMetricsPort: boolean,
  ): Promise<void> {
    const method = req.method ?? 'GET'
    if (method !== 'GET' && method !== 'HEAD') throw methodNotAllowed(['GET', 'HEAD'])
    const json = (status: number, body: unknown) => {
      const text = JSON.stringify(body)
      res.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Length': String(Buffer.byteLength(text)),
      })
      res.end(method === 'HEAD' ? undefined : text)
    }
    if (path === '/health/live') return json(200, { status: 'live', version: VERSION })
    if (path === '/health/ready') {
      const report = await readiness.check()
      if (report.ready) return json(200, { status: 'ready', checks: report.checks })
      throw new ApiError(
        'unavailable',
        draining
          ? 'L’instance s’arrête : elle ne reçoit plus de nouvelles requêtes.'
          : 'L’instance n’est pas prête (base de données injoignable ou migrations en attente).',
        {
          headers: { 'Retry-After': '1' },
          extensions: {
            checks: report.checks,
            ...(report.pendingMigrations ? { pending_migrations: report.pendingMigrations } : {}),
          },
        },
      )
    }
    const access = metricsAccess(
      { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
      { onMetricsPort, authorization: req.headers.authorization },
    )
    if (access === 'not-found') throw notFound('Aucune ressource à cette adresse.')
    if (access === 'unauthorized')
      throw unauthorized('Les métriques demandent le jeton METRICS_TOKEN.', 'Bearer realm="metrics"')
    const { contentType, body } = await renderMetrics(m)
    res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' })
    res.end(method === 'HEAD' ? undefined : body)
  }

  const headerOptions = { publicUrl: e.publicUrl, dev, mapStyleUrl: e.MAP_STYLE_URL }
  const compress = responseCompressor()
  const server = createServer(httpServerOptions(e), (req, res) => {
    const started = performance.now()
    const instance = (req.url ?? '/').split('?')[0] ?? '/'
    const context = newRequestContext({
      id: requestIdFrom(req.headers['x-request-id']),
      path: instance,
      clientIp: clientIp(req, e.TRUST_PROXY),
    })
    const end = inFlight.begin()
    const bytesBefore = req.socket.bytesWritten
    const route = { template: routeOf(instance) }
    // A script nonce per request: Next.js reads it from the request's Content-Security-Policy
    // (never the client's: replaced here) and puts it on the page's scripts; the response's allows them.
    const everyResponse = securityHeaders({ ...headerOptions, nonce: cspNonce() })
    delete req.headers['content-security-policy-report-only']
    req.headers['content-security-policy'] = everyResponse['Content-Security-Policy']
    prepareResponse(res, everyResponse, instance === '/', () => draining)
    res.setHeader('X-Request-Id', context.id)
    // Before anything writes: every response may be compressed (lib/http/compression).
    compress(req, res, () => {})
    res.on('close', () => {
      end()
      const seconds = (performance.now() - started) / 1000
      // An answer the client did not wait for is logged as 499 (its status was never delivered).
      const status = res.writableFinished ? res.statusCode : 499
      const method = req.method ?? 'GET'
      observeRequest(m, { route: route.template, method, status, seconds })
      if (instance.startsWith('/_next/')) return
      accessLog.info(
        {
          request_id: context.id,
          method,
          route: route.template,
          // Path only: query strings may carry search terms, and never log credentials.
          path: instance,
          status,
          duration_ms: Math.round(seconds * 10_000) / 10,
          bytes: req.socket.bytesWritten - bytesBefore,
          ...(context.caller ? { caller: context.caller } : {}),
        },
        'request',
      )
    })
    void runInRequest(context, () => dispatch(req, res, instance, context, route)).catch((error: unknown) => {
      if (!res.headersSent) sendProblem(res, error, instance)
      else res.destroy()
    })
  })

  async function dispatch(
    req: IncomingMessage,
    res: ServerResponse,
    instance: string,
    context: RequestContext,
    route: { template: string },
  ): Promise<void> {
    if (OPERATIONS_PATHS.has(instance)) {
      req.resume()
      await answerOperations(req, res, instance, false)
      return
    }
    // While the database is known unreachable, every route but static assets answers 503 at once.
    const monitor = databaseMonitor()
    if (monitor && !monitor.available && !instance.startsWith('/_next/static/')) {
      monitor.countRefused()
      m.outageRefusals.inc()
      req.resume()
      // The token and revocation endpoints answer in RFC 6749's terms (temporarily_unavailable).
      if (instance === OAUTH_ROUTES.token || instance === OAUTH_ROUTES.revocation)
        authorizationServer.refuseUnavailable(res, monitor.retryAfterSeconds)
      else sendProblem(res, databaseUnavailable(monitor.retryAfterSeconds), instance)
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
    if (decision.kind === 'api') {
      for (const name of CLIENT_ROUTER_HEADERS) delete req.headers[name]
      req.url = decision.url
      route.template = routeOf(decision.url)
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
          context.body = parseBody(raw, req.headers['content-type'], {
            accepted: ['json'],
            untypedIsJson: true,
          })
        } catch (error) {
          sendProblem(res, error, instance)
          return
        }
      }
    }
    await handle(req, res)
  }

  await new Promise<void>((resolve) => server.listen(e.PORT, e.HOST, resolve))
  log(`Territorial Data API ${VERSION} listening on ${e.publicUrl} (${dev ? 'development' : 'production'})`)

  // A separate port for monitoring (METRICS_PORT): /metrics and the health checks only.
  const metricsServer =
    e.METRICS_PORT === undefined
      ? undefined
      : createServer((req, res) => {
          const path = (req.url ?? '/').split('?')[0] ?? '/'
          const context = newRequestContext({ id: requestIdFrom(req.headers['x-request-id']), path })
          res.setHeader('X-Request-Id', context.id)
          req.resume()
          void runInRequest(context, async () => {
            if (!OPERATIONS_PATHS.has(path)) throw notFound('Aucune ressource à cette adresse.')
            await answerOperations(req, res, path, true)
          }).catch((error: unknown) => {
            if (!res.headersSent) sendProblem(res, error, path)
            else res.destroy()
          })
        })
  if (metricsServer) {
    await new Promise<void>((resolve) => metricsServer.listen(e.METRICS_PORT, e.HOST, resolve))
    log(`metrics on http://${e.HOST}:${e.METRICS_PORT}/metrics`)
  }

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    const startedAt = performance.now()
    // Not ready from now on; the requests in flight finish; the connections close as they end.
    draining = true
    log(`${signal}: draining ${inFlight.size} request(s) in flight (grace ${e.SHUTDOWN_GRACE_MS} ms)`)
    server.close()
    server.closeIdleConnections()
    let graceTimer: NodeJS.Timeout | undefined
    const grace = new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, e.SHUTDOWN_GRACE_MS)))
    const settled = await inFlight.settled(grace)
    clearTimeout(graceTimer)
    if (!settled) log(`${inFlight.size} request(s) still in flight after the grace period: closing them`)
    server.closeAllConnections()
    metricsServer?.close()
    metricsServer?.closeAllConnections()
    // The usage counted since the last write.
    await usageRecorder().flush()
    // A dataset job this instance was generating goes back to the queue for another instance.
    await datasetJobs?.stop().catch((error: unknown) => log(`datasets: ${(error as Error).message}`))
    await app.close().catch(() => {})
    await oauth?.close().catch(() => {})
    await background.end().catch(() => {})
    await db.close()
    log(`stopped in ${Math.round(performance.now() - startedAt)} ms`)
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

/** Values read at each scrape: pool use and wait, the embedded engine's queue, jobs, outage state. */
function registerMetricSources(m: ReturnType<typeof metrics>, db: DatabaseHandle): void {
  registerGauge(
    m,
    {
      name: 'tda_db_pool_connections',
      help: 'Connections of the request pool: total, idle, and requests waiting for one.',
      labelNames: ['state'],
    },
    () => {
      const p = pool()
      return [
        { labels: { state: 'total' }, value: p.totalCount },
        { labels: { state: 'idle' }, value: p.idleCount },
        { labels: { state: 'waiting' }, value: p.waitingCount },
      ]
    },
  )
  if (db.stats) {
    const stats = db.stats
    registerGauge(
      m,
      {
        name: 'tda_embedded_engine',
        help: 'The embedded engine: connections, and statements queued for its single backend.',
        labelNames: ['figure'],
      },
      async () => {
        const { connections, queued } = await stats()
        return [
          { labels: { figure: 'connections' }, value: connections },
          { labels: { figure: 'queued' }, value: queued },
        ]
      },
    )
  }
  registerGauge(
    m,
    {
      name: 'tda_database_available',
      help: '1 while the database answers, 0 during an outage (requests then get 503 at once).',
    },
    () => [{ value: databaseMonitor()?.available === false ? 0 : 1 }],
  )
  registerGauge(
    m,
    {
      name: 'tda_dataset_jobs',
      help: 'Dataset file versions by state (pending, generating, ready, failed), all instances.',
      labelNames: ['state'],
    },
    async () =>
      (
        await pool().query<{ status: string; n: number }>(
          'SELECT status, count(*)::int AS n FROM dataset_version WHERE file_deleted_at IS NULL GROUP BY status',
        )
      ).rows.map((r) => ({ labels: { state: r.status }, value: r.n })),
  )
}

main().catch(async (error: unknown) => {
  if (error instanceof EnvError) console.error(error.message)
  else logger().fatal({ component: 'server', err: error }, 'failed to start')
  await datasetJobs?.stop().catch(() => {})
  await database?.close().catch(() => {})
  process.exit(1)
})
