// What does compressing answers cost? CPU time per request of the server process for the same
// request sent without Accept-Encoding, with gzip and with brotli, measured in the same run on
// PostgreSQL (a fresh database of N synthetic establishments), beside the raw work: zlib compressing
// the very same body with the same settings (lib/http/compression) in a plain loop in this process.
// Cases: a JSON page of 100 establishments and the GeoJSON of a department's points (streamed).
// Every case alternates its sides window by window (concurrency 8), each warmed up first; sizes,
// throughput and p50/p95 are printed beside.
// Usage: npm run bench:compression [-- --establishments 100000 --seconds 5 --rounds 3 --keep]
import zlib from 'node:zlib'
import pg from 'pg'
import { connectionConfig } from '@/lib/db/connection'
import { parseEnv } from '@/lib/env'
import { BROTLI_QUALITY, BROTLI_WINDOW_BITS, GZIP_LEVEL } from '@/lib/http/compression'
import {
  alternate,
  buildApp,
  clientWindow,
  httpWindow,
  loadAverage,
  machine,
  ms,
  obtainToken,
  serverVersion,
  startApp,
  warmUp,
  type Side,
} from './support/cost'
import { benchDatabase } from './support/database'
import { benchOptions } from './support/options'

const options = benchOptions({ establishments: 100_000, seconds: 5, rounds: 3, port: 3169, keep: false })
const N = options.establishments
const SECONDS = options.seconds
const ROUNDS = options.rounds
const WARMUP = 2
const CONCURRENCY = 8
const PORT = options.port

const CASES = [
  { name: 'JSON page of 100 (department 35)', path: '/v0/eco/sirets?search[departement]=35&size=100' },
  { name: 'GeoJSON of department 35 (streamed)', path: '/v0/eco/sirets.geojson?search[departement]=35' },
]
const ENCODINGS = [
  { name: 'identity', header: undefined },
  { name: 'gzip', header: 'gzip' },
  { name: 'br', header: 'br' },
] as const

const raw: Record<string, (body: Buffer) => Buffer> = {
  gzip: (body) => zlib.gzipSync(body, { level: GZIP_LEVEL }),
  br: (body) =>
    zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      },
    }),
}

buildApp()
const database = await benchDatabase(`tda_bench_compression_${N}`, N)
const app = await startApp(PORT, { DATABASE_URL: database.url, DB_POOL_SIZE: String(CONCURRENCY) })
const pool = new pg.Pool({ ...connectionConfig(parseEnv(process.env)), max: 1 })
try {
  const token = await obtainToken(app.origin, pool, ['eco'])
  const base = { Accept: 'application/json', Authorization: `Bearer ${token}` }
  const rows: string[] = []
  for (const c of CASES) {
    const url = `${app.origin}${c.path}`
    const body = Buffer.from(await (await fetch(url, { headers: base })).arrayBuffer())
    const sides: Side[] = ENCODINGS.map((e) => ({
      name: e.name,
      window: (seconds) =>
        httpWindow(
          { url, headers: e.header ? { ...base, 'Accept-Encoding': e.header } : base, status: 200 },
          app.pid,
          seconds,
          CONCURRENCY,
        ),
    }))
    const rawSides: Side[] = Object.entries(raw).map(([name, compress]) => ({
      name: `raw ${name}`,
      window: (seconds) => clientWindow(async () => compress(body), seconds, 1),
    }))
    await warmUp(sides, 2)
    const f = await alternate([...sides, ...rawSides], { rounds: ROUNDS, seconds: SECONDS, warmup: WARMUP })
    const identity = f.get('identity')!
    for (const e of ENCODINGS) {
      const api = f.get(e.name)!
      const size = e.header ? raw[e.header]!(body).length : body.length
      const rawCpu = e.header ? f.get(`raw ${e.header}`)!.cpu : 0
      const added = api.cpu - identity.cpu
      rows.push(
        `| ${c.name} | ${e.name} | ${(size / 1024).toFixed(1)} KiB (${((100 * size) / body.length).toFixed(0)} %) | ` +
          `${ms(api.cpu, 3)} | ${ms(added, 3)} | ${e.header ? ms(rawCpu, 3) : '–'} | ` +
          `${e.header ? (added / rawCpu).toFixed(2) : '–'} | ${api.rps.toFixed(0)} | ${ms(api.p50, 1)} / ${ms(api.p95, 1)} |`,
      )
      console.log(rows[rows.length - 1])
    }
  }
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${machine()}, PostgreSQL ${await serverVersion(pool)}, ` +
      `${N} establishments, concurrency ${CONCURRENCY}, ${ROUNDS} rounds of ${SECONDS} s per side, ` +
      `brotli quality ${BROTLI_QUALITY} window 2^${BROTLI_WINDOW_BITS}, gzip level ${GZIP_LEVEL}, ` +
      `load average at the end ${loadAverage()}\n`,
  )
  console.log(
    [
      '| request | encoding | body | CPU/req (ms) | added to identity (ms) | raw zlib, same body (ms) | added ÷ raw | req/s | p50 / p95 (ms) |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  )
} finally {
  await pool.end()
  await app.stop()
  if (!options.keep) await database.drop()
}
