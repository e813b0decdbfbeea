// Do anonymous commune tiles starve the API? A normal client (an API search with a Bearer token,
// 2 connections) is timed alone, then while 16 anonymous connections request zoom-8 commune tiles
// (GET /carte/communes/8/x/y, cycling over the tiles of mainland France) as fast as they can:
//   one address   the flood comes from one IP: past RATE_LIMIT_TILES_PER_IP a minute it gets 429;
//   16 addresses  each connection has its own address (X-Forwarded-For, TRUST_PROXY=true), the
//                 limit never applies: what the tile cache alone gives.
// The first flood of an instance meets an empty cache (cold); the next ones find the tiles in
// memory and under DATA_DIR/tiles (warm). Both engines: the embedded one (a fresh DATA_DIR) and
// PostgreSQL (a benchmark database). Target: under a warm flood the normal client's p95 is at most
// twice its quiet p95. In the same run, the raw engine builds a zoom-8 tile (the tile's SQL through
// `pg`, then its encoding): what every tile request cost before the cache.
// Usage: npm run bench:tiles [-- --establishments 20000 --seconds 8 --rounds 2 --engine both]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { connectionConfig } from '@/lib/db/connection'
import { parseEnv } from '@/lib/env'
import { communeTileStatement, encodeCommuneTile, tileBounds } from '@/lib/territory/commune-tiles'
import {
  buildApp,
  figures,
  httpWindow,
  loadAverage,
  machine,
  ms,
  obtainToken,
  startApp,
  type Figures,
  type Instance,
  type Window,
} from './support/cost'
import { benchDatabase } from './support/database'
import { benchOptions } from './support/options'

const options = benchOptions({
  establishments: 20_000,
  seconds: 8,
  rounds: 2,
  port: 3360,
  engine: 'both',
  tilesPerIp: 1200,
})
const SECONDS = options.seconds
const FLOOD_CONNECTIONS = 16
const CLIENT_CONNECTIONS = 2

/** The zoom-8 tiles over mainland France (x 125–133, y 87–94). */
const TILES = Array.from({ length: 9 * 8 }, (_, i) => ({ x: 125 + (i % 9), y: 87 + Math.floor(i / 9) }))

interface FloodResult {
  statuses: Map<number, number>
  latencies: number[]
  seconds: number
}

/** `connections` anonymous clients requesting tiles for `seconds`, each from its own address or not. */
async function flood(origin: string, seconds: number, ownAddresses: boolean): Promise<FloodResult> {
  const statuses = new Map<number, number>()
  const latencies: number[] = []
  let nextAddress = 1
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: origin,
        connections: FLOOD_CONNECTIONS,
        duration: seconds,
        requests: TILES.map(({ x, y }) => ({
          method: 'GET' as const,
          path: `/carte/communes/8/${x}/${y}`,
          setupRequest: (request: autocannon.Request, context: object) => {
            if (!ownAddresses) return request
            // The context is the connection's own: one address per connection.
            const connection = context as { address?: string }
            connection.address ??= `198.51.100.${nextAddress++}`
            return { ...request, headers: { ...request.headers, 'X-Forwarded-For': connection.address } }
          },
        })),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    )
    void run.on('response', (_client, status, _bytes, responseTime) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      latencies.push(responseTime)
    })
  })
  return { statuses, latencies, seconds: result.duration }
}

interface Scenario {
  name: string
  client: Figures
  flood?: { rps: number; p50: number; statuses: string }
}

/** The normal client's windows, alone or beside a flood. */
async function measure(
  app: Instance,
  clientUrl: string,
  headers: Record<string, string>,
  floodKind: 'none' | 'one address' | '16 addresses',
): Promise<{ client: Window; flood?: FloodResult }> {
  const clientRun = httpWindow({ url: clientUrl, headers, status: 200 }, app.pid, SECONDS, CLIENT_CONNECTIONS)
  if (floodKind === 'none') return { client: await clientRun }
  const floodRun = flood(app.origin, SECONDS, floodKind === '16 addresses')
  const [client, floodResult] = await Promise.all([clientRun, floodRun])
  return { client, flood: floodResult }
}

function summariseFlood(results: readonly FloodResult[]) {
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b)
  const statuses = new Map<number, number>()
  for (const r of results) for (const [s, n] of r.statuses) statuses.set(s, (statuses.get(s) ?? 0) + n)
  return {
    rps: latencies.length / results.reduce((n, r) => n + r.seconds, 0),
    p50: latencies[Math.floor(latencies.length / 2)] ?? NaN,
    statuses: [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${n} × ${s}`)
      .join(', '),
  }
}

/** A zoom-8 tile built by the raw engine (its SQL through `pg`, then encoded): p50 over 10 runs, ms. */
async function rawTileMs(db: pg.Pool): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < 10; i++) {
    const { x, y } = TILES[(i * 7) % TILES.length]!
    const started = performance.now()
    const [w, s, e, n] = tileBounds(8, x, y)
    const pad = ((e - w) * 64) / 4096
    const statement = communeTileStatement([w - pad, s - pad, e + pad, n + pad])
    const { rows } = await db.query(statement.text, statement.values)
    encodeCommuneTile(rows, 8, x, y)
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[5]!
}

async function runEngine(engine: 'embedded' | 'postgres'): Promise<string[]> {
  const port = options.port + (engine === 'embedded' ? 0 : 2)
  const common = {
    TRUST_PROXY: 'true',
    RATE_LIMIT_TILES_PER_IP: String(options.tilesPerIp),
    RATE_LIMIT_TOKEN_PER_IP: '100000',
    // The normal client's own quota is not what is measured.
    QUOTA_PER_MINUTE: '10000000',
    QUOTA_PER_DAY: '100000000',
    DB_POOL_SIZE: '10',
  }
  let app: Instance
  let raw: pg.Pool
  let drop = async () => {}
  if (engine === 'embedded') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-bench-tiles-'))
    console.error(`embedded: first start in ${dataDir} (seeding ${options.establishments} establishments)…`)
    app = await startApp(port, {
      ...common,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      SEED_ESTABLISHMENTS: String(options.establishments),
      SEED_PREMISES: '0',
      SEED_PARCELS: '0',
    })
    raw = new pg.Pool({ ...connectionConfig(parseEnv({ DATA_DIR: dataDir })), max: 1 })
    drop = async () => fs.rmSync(dataDir, { recursive: true, force: true })
  } else {
    const database = await benchDatabase(`tda_bench_tiles_${options.establishments}`, options.establishments)
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-bench-tiles-pg-'))
    app = await startApp(port, { ...common, DATABASE_URL: database.url, DATA_DIR: dataDir })
    raw = new pg.Pool({ ...connectionConfig(parseEnv({ DATABASE_URL: database.url })), max: 1 })
    drop = async () => fs.rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const token = await obtainToken(app.origin, raw, ['eco'])
    const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` }
    const search = encodeURIComponent(JSON.stringify({ code_commune: ['35238'] }))
    const clientUrl = `${app.origin}/v0/eco/sirets?search=${search}&size=20`
    // The client's path compiled and warm before anything is timed.
    await httpWindow({ url: clientUrl, headers, status: 200 }, app.pid, 3, CLIENT_CONNECTIONS)

    const quiet: Window[] = []
    const cold = await measure(app, clientUrl, headers, '16 addresses')
    const warmOne: { client: Window; flood?: FloodResult }[] = []
    const warmMany: { client: Window; flood?: FloodResult }[] = []
    for (let round = 0; round < options.rounds; round++) {
      quiet.push((await measure(app, clientUrl, headers, 'none')).client)
      warmMany.push(await measure(app, clientUrl, headers, '16 addresses'))
      // The one-address flood last in a round: its address stays limited for the rest of the minute.
      warmOne.push(await measure(app, clientUrl, headers, 'one address'))
    }
    const rawMs = await rawTileMs(raw)
    const scenarios: Scenario[] = [
      { name: 'quiet', client: figures(quiet) },
      {
        name: 'cold cache, 16 addresses',
        client: figures([cold.client]),
        flood: summariseFlood([cold.flood!]),
      },
      {
        name: 'warm cache, 16 addresses',
        client: figures(warmMany.map((m) => m.client)),
        flood: summariseFlood(warmMany.map((m) => m.flood!)),
      },
      {
        name: 'warm cache, one address',
        client: figures(warmOne.map((m) => m.client)),
        flood: summariseFlood(warmOne.map((m) => m.flood!)),
      },
    ]
    const quietP95 = scenarios[0]!.client.p95
    const lines = [
      `### ${engine === 'embedded' ? 'Embedded engine (PGlite)' : 'PostgreSQL'}`,
      '',
      `Raw engine, one zoom-8 tile (SQL + encoding, p50 of 10): **${ms(rawMs, 1)} ms**.`,
      '',
      '| flood | client p50 ms | client p95 ms | p95 / quiet p95 | client req/s | tiles req/s | tile p50 ms | tile answers |',
      '|---|---|---|---|---|---|---|---|',
      ...scenarios.map(
        (s) =>
          `| ${s.name} | ${ms(s.client.p50, 1)} | ${ms(s.client.p95, 1)} | ${ms(s.client.p95 / quietP95)} × | ${ms(s.client.rps, 0)} | ${s.flood ? ms(s.flood.rps, 0) : '–'} | ${s.flood ? ms(s.flood.p50, 1) : '–'} | ${s.flood?.statuses ?? '–'} |`,
      ),
      '',
      `Served from the cache, a tile answers in ${ms(scenarios[2]!.flood!.p50, 1)} ms (p50 under the flood) against ${ms(rawMs, 1)} ms for the raw engine to build it: ${ms(scenarios[2]!.flood!.p50 / rawMs, 3)} ×.`,
      '',
    ]
    return lines
  } finally {
    await raw.end()
    await app.stop()
    await drop()
  }
}

buildApp()
const engines =
  options.engine === 'both' ? (['embedded', 'postgres'] as const) : [options.engine as 'embedded']
const report = [
  `${new Date().toISOString().slice(0, 10)}, ${machine()}, load average before: ${loadAverage()}`,
  `(${options.establishments} establishments, windows of ${SECONDS} s, ${options.rounds} rounds, flood ${FLOOD_CONNECTIONS} connections, client ${CLIENT_CONNECTIONS}, RATE_LIMIT_TILES_PER_IP=${options.tilesPerIp})`,
  '',
]
for (const engine of engines) report.push(...(await runEngine(engine)))
report.push(`Load average after: ${loadAverage()}`)
console.log(report.join('\n'))
process.exit(0)
