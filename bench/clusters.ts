// How fast is GET /v0/eco/sirets/clusters (the explorer map's view) at 1,000,000 establishments, and
// how does it compare with the same SQL run raw? Seeds N synthetic establishments (default
// 1,000,000, seed 1) into a PostgreSQL database (tda_bench_search_<N>, shared with bench:search;
// dropped at the end unless --keep), starts a production instance on it, obtains a real token, and
// for each view measures in the same run, sides alternating window by window (concurrency 4, each
// warmed up first):
//   (a) the floor: a trivial route of this app (an unknown API path, 404);
//   (b) the view through GET /v0/eco/sirets/clusters over HTTP with the Bearer token;
//   (c) the same SQL through `pg`: the statement the library writes for that very request (the
//       request parsed by the API's schema, then searchClustersStatement).
// Prints CPU time per request, throughput, p50/p95, and whether the API's p95 meets the target
// (250 ms) for the whole-France and city views.
// Usage: npm run bench:clusters [-- --establishments 1000000 --seconds 5 --rounds 3 --keep]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { clustersRequestSchema } from '@/lib/establishments/search-contract'
import { toCriteria } from '@/lib/establishments/search-criteria'
import { searchClustersStatement } from '@/lib/establishments/search'
import { connectionConfig } from '@/lib/db/connection'
import { parseEnv, resetEnvCache } from '@/lib/env'
import { queryToObject } from '@/lib/http/query'
import type { BBox } from '@/lib/territory/geometry'
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
import { benchOptions } from './support/options'

const options = benchOptions({ establishments: 1_000_000, seconds: 5, rounds: 3, port: 3131, keep: false })
const N = options.establishments
const SECONDS = options.seconds
const ROUNDS = options.rounds
const WARMUP = 2
const CONCURRENCY = 4
const KEEP = options.keep
const PORT = options.port
const TARGET_P95_MS = 250

/** The views the explorer's map asks for: France as it first shows it, and a city at street level. */
const FRANCE = 'bbox=-5.3,41.2,9.7,51.2&zoom=5.3'
const LYON = 'bbox=4.77,45.70,4.90,45.80&zoom=12.5'
const CASES = [
  { name: 'whole France, every establishment', query: FRANCE, target: true },
  {
    name: 'whole France, one NAF activity (56.10A)',
    query: `${FRANCE}&search[code_naf]=56.10A`,
    target: true,
  },
  { name: 'city view (Lyon), every establishment', query: LYON, target: true },
  {
    name: 'city view (Lyon), restaurants of Lyon (arrondissements)',
    query: `${LYON}&search[code_commune]=69123&search[code_naf]=56.10A`,
    target: true,
  },
]

/** The statement the API runs for a clusters query string (parsed by its own schema). */
function statementOf(query: string) {
  const parsed = clustersRequestSchema.parse(queryToObject(new URLSearchParams(query)))
  return searchClustersStatement(toCriteria(parsed.search), {
    bbox: parsed.bbox as BBox,
    zoom: parsed.zoom!,
  })
}

buildApp()
const database = await benchDatabase(`tda_bench_search_${N}`, N)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-bench-clusters-'))
const app = await startApp(PORT, {
  DATA_DIR: dataDir,
  DB_POOL_SIZE: String(CONCURRENCY),
  DATABASE_URL: database.url,
})
resetEnvCache()
const raw = new pg.Pool({ ...connectionConfig(parseEnv(process.env)), max: CONCURRENCY })
try {
  const token = await obtainToken(app.origin, raw, ['eco'])
  const headers = { Accept: 'application/geo+json', Authorization: `Bearer ${token}` }
  const http =
    (url: string, status = 200): Side['window'] =>
    (seconds) =>
      httpWindow({ url: `${app.origin}${url}`, headers, status }, app.pid, seconds, CONCURRENCY)
  const floor: Side = { name: 'floor', window: http('/v0/inexistant', 404) }
  const apiSide = (query: string): Side => ({ name: 'api', window: http(`/v0/eco/sirets/clusters?${query}`) })
  await warmUp([floor, ...CASES.map((c) => apiSide(c.query))], 3)

  const rows: string[] = []
  const verdicts: string[] = []
  for (const c of CASES) {
    const statement = statementOf(c.query)
    const features = (await raw.query(statement.text, statement.values)).rowCount
    const direct: Side = {
      name: 'raw',
      window: (seconds) =>
        clientWindow(() => raw.query(statement.text, statement.values), seconds, CONCURRENCY),
    }
    const f = await alternate([floor, apiSide(c.query), direct], {
      rounds: ROUNDS,
      seconds: SECONDS,
      warmup: WARMUP,
    })
    const api = f.get('api')!
    const rawFigures = f.get('raw')!
    const row = costRow(`${c.name} (${features} features)`, f.get('floor')!, api, rawFigures)
    console.log(row)
    rows.push(row)
    verdicts.push(
      `- ${c.name}: API p95 ${api.p95.toFixed(1)} ms (raw ${rawFigures.p95.toFixed(1)} ms, ratio ${(api.p95 / rawFigures.p95).toFixed(2)}) ` +
        `${api.p95 <= TARGET_P95_MS ? '✓' : '✗'} target ≤ ${TARGET_P95_MS} ms`,
    )
  }
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${machine()}, PostgreSQL ${await serverVersion(raw)}, ` +
      `${N} establishments, concurrency ${CONCURRENCY}, ${ROUNDS} rounds of ${SECONDS} s per side, load average at the end ${loadAverage()}\n`,
  )
  console.log([...COST_HEADING, ...rows].join('\n'))
  console.log(`\n${verdicts.join('\n')}`)
} finally {
  await raw.end()
  await app.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
  if (!KEEP) await database.drop()
}
