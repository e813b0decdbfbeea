// How does the establishment search through the API compare with the same SQL run raw? Seeds N
// synthetic establishments (default 1,000,000, seed 1) into a PostgreSQL database it creates
// (tda_bench_search_<N>, dropped at the end unless --keep), starts a production instance on it
// (one process), obtains a real token, and for each query of the mix measures in the same run:
//   (a) the floor: the bare Next.js app of bench/floor (`next start`, one route handler);
//   (b) the query through GET /v0/eco/sirets over HTTP with the Bearer token (autocannon);
//   (c) the same SQL through `pg` from this process: the statement the library writes for that
//       very request (the request parsed by the API's schema, then the library's builder).
// Sides alternate window by window (concurrency 8), each warmed up for 2 s first. For each side:
// CPU time per request (the server process for (a) and (b), this process for (c); PostgreSQL's own
// work is in none of them), throughput and p50/p95. The GeoJSON of 10,000 points (all
// establishments, and the region Île-de-France) is measured the same way (raw: the same points
// query); its target is CPU per answer ≤ 1.5 × ((a) + (c)).
// With --engine embedded the app runs on the embedded engine (seeded by its first start under a
// temporary DATA_DIR), and the raw side sends the same statements to the same engine through the
// app's socket; the engine runs inside the app's process, so (a) and (b) include its work there.
// Usage: npm run bench:search [-- --establishments 1000000 --seconds 5 --rounds 3 --keep --engine postgres|embedded --only geojson|json]
//   --keep leaves the database (or the embedded DATA_DIR <tmp>/tda-bench-search-embedded-<N>) for the
//   next run, which reuses it.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { connectionConfig } from '@/lib/db/connection'
import { parseEnv, resetEnvCache } from '@/lib/env'
import {
  alternate,
  buildApp,
  clientWindow,
  COST_HEADING,
  costRow,
  httpWindow,
  loadAverage,
  machine,
  obtainToken,
  serverVersion,
  startApp,
  warmUp,
  type Side,
} from './support/cost'
import { benchDatabase } from './support/database'
import { startBareNext } from './support/floor'
import { pickCases, statementOf } from './support/search-mix'
import { benchOptions } from './support/options'

const options = benchOptions({
  establishments: 1_000_000,
  seconds: 5,
  rounds: 3,
  port: 3129,
  engine: 'postgres',
  only: '',
  keep: false,
})
const N = options.establishments
const SECONDS = options.seconds
const ROUNDS = options.rounds
const WARMUP = 2
const CONCURRENCY = 8
const KEEP = options.keep
const PORT = options.port
const ENGINE = options.engine
if (ENGINE !== 'postgres' && ENGINE !== 'embedded') throw new Error('--engine is postgres or embedded')
const EMBEDDED = ENGINE === 'embedded'
const TARGET_MS = 0.3
const TARGET_GEOJSON_RATIO = 1.5

buildApp()
const database = EMBEDDED ? null : await benchDatabase(`tda_bench_search_${N}`, N)
const dataDir = EMBEDDED
  ? path.join(os.tmpdir(), `tda-bench-search-embedded-${N}`)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'tda-bench-search-'))
if (EMBEDDED && !fs.existsSync(dataDir))
  console.error(`seeding ${N} establishments into the embedded engine…`)
const app = await startApp(PORT, {
  DATA_DIR: dataDir,
  DB_POOL_SIZE: String(CONCURRENCY),
  ...(EMBEDDED
    ? { DATABASE_URL: '', SEED_ESTABLISHMENTS: String(N), SEED_PREMISES: '0', SEED_RANDOM_SEED: '1' }
    : { DATABASE_URL: database!.url }),
})

const bare = await startBareNext(PORT + 2)

// The raw side: the same database (on the embedded engine, through the app's socket).
if (EMBEDDED) {
  delete process.env.DATABASE_URL
  process.env.DATA_DIR = dataDir
}
resetEnvCache()
const raw = new pg.Pool({ ...connectionConfig(parseEnv(process.env)), max: CONCURRENCY })
try {
  const token = await obtainToken(app.origin, raw, ['eco'])
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` }
  const http = (url: string, status = 200): Side['window'] => {
    return (seconds) =>
      httpWindow({ url: `${app.origin}${url}`, headers, status }, app.pid, seconds, CONCURRENCY)
  }
  const floor: Side = {
    name: 'floor',
    window: (seconds) =>
      httpWindow({ url: `${bare.origin}/v0/floor`, headers, status: 200 }, bare.pid, seconds, CONCURRENCY),
  }
  const region = (
    await raw.query<{ id: string }>(`SELECT id FROM zone WHERE type = 'region' AND code = '11'`)
  ).rows[0]!.id

  const cases = [
    ...(await pickCases(raw)).map((c) => ({
      ...c,
      url: `/v0/eco/sirets?${c.query}`,
      format: 'json' as const,
    })),
    {
      name: 'GeoJSON, 10,000 points (all establishments)',
      query: '',
      lookup: false,
      url: '/v0/eco/sirets.geojson',
      format: 'geojson' as const,
    },
    {
      name: 'GeoJSON, 10,000 points (region Île-de-France)',
      query: `search=${encodeURIComponent(JSON.stringify({ zone_id: region }))}`,
      lookup: false,
      url: `/v0/eco/sirets.geojson?search=${encodeURIComponent(JSON.stringify({ zone_id: region }))}`,
      format: 'geojson' as const,
    },
  ]
  if (options.only && options.only !== 'json' && options.only !== 'geojson')
    throw new Error('--only is json or geojson')
  const measured = options.only ? cases.filter((c) => c.format === options.only) : cases
  const geojsonHeaders = { Authorization: `Bearer ${token}` }
  const apiSide = (c: (typeof cases)[number]): Side => ({
    name: 'api',
    window:
      c.format === 'json'
        ? http(c.url)
        : (seconds) =>
            httpWindow(
              { url: `${app.origin}${c.url}`, headers: geojsonHeaders, status: 200 },
              app.pid,
              seconds,
              CONCURRENCY,
            ),
  })
  // The app's first requests compile its code: run every path once for a while before measuring.
  await warmUp([floor, ...measured.map(apiSide)], 3)

  const rows: string[] = []
  const ratios: string[] = []
  for (const c of measured) {
    const statement = statementOf(c.query, c.format)
    const direct: Side = {
      name: 'raw',
      window: (seconds) =>
        clientWindow(() => raw.query(statement.text, statement.values), seconds, CONCURRENCY),
    }
    const f = await alternate([floor, apiSide(c), direct], {
      rounds: ROUNDS,
      seconds: SECONDS,
      warmup: WARMUP,
    })
    const row = costRow(
      c.name,
      f.get('floor')!,
      f.get('api')!,
      f.get('raw')!,
      c.lookup ? TARGET_MS : undefined,
    )
    console.log(row)
    rows.push(row)
    if (c.format === 'geojson') {
      const ratio = f.get('api')!.cpu / (f.get('floor')!.cpu + f.get('raw')!.cpu)
      ratios.push(
        `- ${c.name}: ${ratio.toFixed(2)} × ((a) + (c))${ratio <= TARGET_GEOJSON_RATIO ? ' ✓' : ' ✗'}`,
      )
    }
  }
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${machine()}, ${EMBEDDED ? 'embedded engine' : `PostgreSQL ${await serverVersion(raw)}`}, ` +
      `${N} establishments, concurrency ${CONCURRENCY}, ${ROUNDS} rounds of ${SECONDS} s per side, load average at the end ${loadAverage()}\n`,
  )
  console.log([...COST_HEADING, ...rows].join('\n'))
  console.log(`\nTarget for the index lookups (✓/✗): (b) − (a) − (c) ≤ ${TARGET_MS} ms.`)
  console.log(
    `GeoJSON, CPU per answer (target ≤ ${TARGET_GEOJSON_RATIO} × ((a) + (c))):\n${ratios.join('\n')}`,
  )
} finally {
  await raw.end()
  await app.stop()
  await bare.stop()
  if (!EMBEDDED || !KEEP) fs.rmSync(dataDir, { recursive: true, force: true })
  if (database && !KEEP) await database.drop()
}
