// What does the request pipeline cost on top of the framework's floor? CPU time per request,
// measured in the same run on PostgreSQL (a fresh database of N synthetic establishments):
//   node   a plain node:http server answering a constant (Node's own floor, for reference);
//   (a)    the floor: the bare Next.js app of bench/floor (`next start`, one route handler answering
//          a constant JSON document), built once into its own .next by the benchmark;
//   404    this app's cheapest answer: an unknown API path, answered 404 by the catch-all route
//          through apiRoute, with no database (target: ≤ (a) + 0.1 ms);
//   (b)    each index lookup of the search (SIREN, median commune, median EPCI zone) through
//          GET /v0/eco/sirets with a Bearer token: CPU of the server process;
//   (c)    the same SQL through `pg` (the library's own statement for that request): CPU of the
//          client process only — PostgreSQL's work is in neither (b) nor (c).
// Target: (b) ≤ (a) + (c) + 0.3 ms. Every comparison alternates its sides window by window
// (concurrency 8), each side warmed up for 2 s first; throughput and p50/p95 are printed beside.
// Usage: npm run bench:overhead [-- --establishments 100000 --seconds 5 --rounds 3 --keep]
import pg from 'pg'
import { connectionConfig } from '@/lib/db/connection'
import { parseEnv } from '@/lib/env'
import {
  alternate,
  buildApp,
  clientWindow,
  COST_HEADING,
  costRow,
  httpWindow,
  loadAverage,
  machine,
  ms,
  obtainToken,
  serverVersion,
  startApp,
  startPlainNode,
  warmUp,
  type Side,
} from './support/cost'
import { benchDatabase } from './support/database'
import { startBareNext } from './support/floor'
import { pickCases, statementOf } from './support/search-mix'
import { benchOptions } from './support/options'

const options = benchOptions({ establishments: 100_000, seconds: 5, rounds: 3, port: 3139, keep: false })
const N = options.establishments
const SECONDS = options.seconds
const ROUNDS = options.rounds
const WARMUP = 2
const CONCURRENCY = 8
const PORT = options.port
const TARGET_MS = 0.3
const TARGET_404_MS = 0.1

buildApp()
const database = await benchDatabase(`tda_bench_overhead_${N}`, N)
const app = await startApp(PORT, { DATABASE_URL: database.url, DB_POOL_SIZE: String(CONCURRENCY) })
const plain = await startPlainNode(PORT + 1)
const bare = await startBareNext(PORT + 2)
const raw = new pg.Pool({ ...connectionConfig(parseEnv(process.env)), max: CONCURRENCY })
try {
  const token = await obtainToken(app.origin, raw, ['eco'])
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` }
  const floor: Side = {
    name: 'floor',
    window: (seconds) =>
      httpWindow({ url: `${bare.origin}/v0/floor`, headers, status: 200 }, bare.pid, seconds, CONCURRENCY),
  }
  const notFound: Side = {
    name: '404',
    window: (seconds) =>
      httpWindow({ url: `${app.origin}/v0/inexistant`, headers, status: 404 }, app.pid, seconds, CONCURRENCY),
  }
  const node: Side = {
    name: 'node',
    window: (seconds) =>
      httpWindow({ url: `${plain.origin}/`, headers, status: 200 }, plain.pid, seconds, CONCURRENCY),
  }

  const cases = await pickCases(raw, 'lookups')
  const apiSide = (query: string): Side => ({
    name: 'api',
    window: (seconds) =>
      httpWindow(
        { url: `${app.origin}/v0/eco/sirets?${query}`, headers, status: 200 },
        app.pid,
        seconds,
        CONCURRENCY,
      ),
  })
  // The app's first requests compile its code: run every path once for a while before measuring.
  await warmUp([floor, notFound, ...cases.map((c) => apiSide(c.query))], 3)

  const floors = await alternate([node, floor, notFound], {
    rounds: ROUNDS,
    seconds: SECONDS,
    warmup: WARMUP,
  })
  const above = floors.get('404')!.cpu - floors.get('floor')!.cpu
  const lines = [
    `| plain node:http (constant JSON) | ${ms(floors.get('node')!.cpu, 3)} ms CPU/req, ${floors.get('node')!.rps.toFixed(0)} req/s | |`,
    `| (a) bare Next.js route handler (bench/floor) | ${ms(floors.get('floor')!.cpu, 3)} ms CPU/req, ${floors.get('floor')!.rps.toFixed(0)} req/s | |`,
    `| this app's 404 (unknown API path) | ${ms(floors.get('404')!.cpu, 3)} ms CPU/req, ${floors.get('404')!.rps.toFixed(0)} req/s | **${ms(above, 3)}**${above <= TARGET_404_MS ? ' ✓' : ' ✗'} |`,
  ]
  const floorTable = ['| side | cost | above (a), ms |', '|---|---|---|', ...lines].join('\n')
  console.log(floorTable)

  const rows: string[] = []
  for (const c of cases) {
    const statement = statementOf(c.query)
    const api = apiSide(c.query)
    const direct: Side = {
      name: 'raw',
      window: (seconds) =>
        clientWindow(() => raw.query(statement.text, statement.values), seconds, CONCURRENCY),
    }
    const f = await alternate([floor, api, direct], { rounds: ROUNDS, seconds: SECONDS, warmup: WARMUP })
    const row = costRow(c.name, f.get('floor')!, f.get('api')!, f.get('raw')!, TARGET_MS)
    console.log(row)
    rows.push(row)
  }
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${machine()}, PostgreSQL ${await serverVersion(raw)}, ` +
      `${N} establishments, concurrency ${CONCURRENCY}, ${ROUNDS} rounds of ${SECONDS} s per side, load average at the end ${loadAverage()}\n`,
  )
  console.log(floorTable)
  console.log()
  console.log([...COST_HEADING, ...rows].join('\n'))
  console.log(
    `\nTargets: this app's 404 ≤ (a) + ${TARGET_404_MS} ms; index lookups (b) − (a) − (c) ≤ ${TARGET_MS} ms.`,
  )
} finally {
  await raw.end()
  await app.stop()
  await plain.stop()
  await bare.stop()
  if (!options.keep) await database.drop()
}
