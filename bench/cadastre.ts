// How do the cadastre's endpoints compare with the same SQL run raw, at 1,000,000 parcels? Seeds
// about N parcels (default 1,000,000, seed 1, with 100,000 premises and 10,000 establishments) into
// a PostgreSQL database (tda_bench_cadastre_<N>, dropped at the end unless --keep), starts a
// production instance on it (one process), obtains a real token (fiscal), and for each case
// measures in the same run, sides alternating window by window (concurrency 4, each warmed up):
//   (a) the floor: a trivial route of this app (an unknown API path, 404);
//   (b) the request through the API over HTTP with the Bearer token;
//   (c) the same SQL through `pg`: the statement the library itself writes for that very request
//       (the request parsed by the API's own schema, then the library's statement builder); for
//       GeoJSON answers, that query followed by JSON.stringify of its rows.
// Prints CPU time per request, throughput, p50/p95, and the ratios API ÷ raw (CPU per request and
// p50). Target: GeoJSON answers cost at most 1.5 × (raw query + JSON.stringify).
// Usage: npm run bench:cadastre [-- --parcels 1000000 --seconds 5 --rounds 3 --keep --port 3210]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { parcelListContract } from '@/lib/cadastre/contracts'
import { boxParamsSchema, boxCandidatesStatement } from '@/lib/cadastre/geo'
import {
  parcelFeaturesStatement,
  parcelPageStatement,
  parcelRecordStatement,
  type ParcelSearch,
} from '@/lib/cadastre/parcels'
import { connectionConfig } from '@/lib/db/connection'
import { parseEnv, resetEnvCache } from '@/lib/env'
import { DEFAULT_PAGE_SIZE } from '@/lib/http/list-limits'
import { queryToObject } from '@/lib/http/query'
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
  warmUp,
  type Figures,
  type Side,
} from './support/cost'
import { benchDatabase } from './support/database'
import { benchOptions } from './support/options'

const options = benchOptions({ parcels: 1_000_000, seconds: 5, rounds: 3, port: 3210, keep: false })
const N = options.parcels
const SECONDS = options.seconds
const ROUNDS = options.rounds
const WARMUP = 2
const CONCURRENCY = 4
const KEEP = options.keep
const PORT = options.port
const GEOJSON_TARGET = 1.5

/** Rennes, the commune of the documentation's examples (always in the cadastre), and its centre. */
const COMMUNE = '35238'
const CENTRE = { lon: -1.66985, lat: 48.11194 }
/** A box of 500 m by 500 m around the centre (degrees of latitude and, at 48° N, of longitude). */
const HALF_LAT = 250 / 111_320
const HALF_LON = 250 / (111_320 * Math.cos((CENTRE.lat * Math.PI) / 180))
const BOX = {
  n: (CENTRE.lat + HALF_LAT).toFixed(6),
  e: (CENTRE.lon + HALF_LON).toFixed(6),
  s: (CENTRE.lat - HALF_LAT).toFixed(6),
  w: (CENTRE.lon - HALF_LON).toFixed(6),
}

interface Case {
  name: string
  url: string
  geojson: boolean
  /** The product's statement for this very request. */
  statement: { text: string; values: unknown[] }
}

/** The search of a /ca/parcelles query string, parsed by the API's own request schema. */
function parcelSearchOf(query: string): ParcelSearch | undefined {
  return parcelListContract.requestSchema.parse(queryToObject(new URLSearchParams(query))).search as
    ParcelSearch | undefined
}

buildApp()
const database = await benchDatabase(`tda_bench_cadastre_${N}`, 10_000, { premises: 100_000, parcels: N })
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-bench-cadastre-'))
const app = await startApp(PORT, {
  DATA_DIR: dataDir,
  DB_POOL_SIZE: String(CONCURRENCY),
  DATABASE_URL: database.url,
})
process.env.DATABASE_URL = database.url
resetEnvCache()
const raw = new pg.Pool({ ...connectionConfig(parseEnv(process.env)), max: CONCURRENCY })
try {
  const token = await obtainToken(app.origin, raw, ['fiscal'])
  const parcels = (await raw.query<{ n: number }>('SELECT count(*)::int AS n FROM parcelle')).rows[0]!.n
  // A parcel of the commune carrying premises (its record lists them and their accounts).
  const parcelId = (
    await raw.query<{ parcelle: string }>(
      'SELECT parcelle FROM local WHERE codcom = $1 ORDER BY id LIMIT 1 OFFSET 100',
      [COMMUNE],
    )
  ).rows[0]!.parcelle
  const pageQuery = `search[codcom]=${COMMUNE}`
  const box = boxParamsSchema.parse(BOX)
  const cases: Case[] = [
    {
      name: `box of 500 m in Rennes' centre (GeoJSON)`,
      url: `/v0/geo/parcelles/${BOX.n}/${BOX.e}/${BOX.s}/${BOX.w}`,
      geojson: true,
      statement: boxCandidatesStatement('parcelles', box),
    },
    {
      name: 'a parcel by id (JSON record)',
      url: `/v0/ca/parcelles/${parcelId}`,
      geojson: false,
      statement: parcelRecordStatement(parcelId),
    },
    {
      name: `the commune's first page of ${DEFAULT_PAGE_SIZE} parcels (JSON)`,
      url: `/v0/ca/parcelles?${pageQuery}`,
      geojson: false,
      statement: parcelPageStatement({ search: parcelSearchOf(pageQuery), page: 1, size: DEFAULT_PAGE_SIZE }),
    },
    {
      name: `the commune's parcels, 10,000 outlines (GeoJSON)`,
      url: `/v0/ca/parcelles.geojson?${pageQuery}`,
      geojson: true,
      statement: parcelFeaturesStatement(parcelSearchOf(pageQuery)),
    },
  ]

  const http = (url: string, accept: string, status = 200): Side['window'] => {
    const headers = { Accept: accept, Authorization: `Bearer ${token}` }
    return (seconds) =>
      httpWindow({ url: `${app.origin}${url}`, headers, status }, app.pid, seconds, CONCURRENCY)
  }
  const floor: Side = { name: 'floor', window: http('/v0/inexistant', 'application/json', 404) }
  const apiSide = (c: Case): Side => ({
    name: 'api',
    window: http(c.url, c.geojson ? 'application/geo+json' : 'application/json'),
  })
  const rawSide = (c: Case): Side => ({
    name: 'raw',
    window: (seconds) =>
      clientWindow(
        async () => {
          const result = await raw.query(c.statement.text, c.statement.values)
          if (c.geojson) JSON.stringify(result.rows)
        },
        seconds,
        CONCURRENCY,
      ),
  })

  // What each case answers, once (sizes, features), and the app's code compiled before measuring.
  const sizes = new Map<string, string>()
  for (const c of cases) {
    const response = await fetch(`${app.origin}${c.url}`, {
      headers: {
        Accept: c.geojson ? 'application/geo+json' : 'application/json',
        Authorization: `Bearer ${token}`,
      },
    })
    const body = await response.text()
    if (response.status !== 200) throw new Error(`${c.url}: ${response.status} ${body}`)
    const rows = (await raw.query(c.statement.text, c.statement.values)).rows.length
    const parsed = JSON.parse(body) as { features?: unknown[] }
    sizes.set(
      c.name,
      `${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB` +
        (c.geojson ? `, ${parsed.features!.length} features of ${rows} rows` : `, ${rows} rows`),
    )
  }
  await warmUp([floor, ...cases.map(apiSide)], 3)

  const rows: string[] = []
  const ratios: string[] = []
  const verdicts: string[] = []
  for (const c of cases) {
    const f = await alternate([floor, apiSide(c), rawSide(c)], {
      rounds: ROUNDS,
      seconds: SECONDS,
      warmup: WARMUP,
    })
    const [a, b, r] = [f.get('floor')!, f.get('api')!, f.get('raw')!] as [Figures, Figures, Figures]
    const row = costRow(c.name, a, b, r)
    console.log(row)
    rows.push(row)
    const cpuRatio = b.cpu / r.cpu
    const p50Ratio = b.p50 / r.p50
    ratios.push(
      `| ${c.name} | ${sizes.get(c.name)} | ${cpuRatio.toFixed(2)} × | ${p50Ratio.toFixed(2)} × | ${(b.rps / r.rps).toFixed(2)} |`,
    )
    if (c.geojson) {
      verdicts.push(
        `${c.name}: API CPU/req ${ms(b.cpu)} ms = ${cpuRatio.toFixed(2)} × raw + JSON.stringify (${ms(r.cpu)} ms), ` +
          `p50 ${p50Ratio.toFixed(2)} × — ${cpuRatio <= GEOJSON_TARGET ? 'meets' : 'misses'} the ${GEOJSON_TARGET} × target (CPU)`,
      )
    }
  }
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${machine()}, PostgreSQL ${await serverVersion(raw)}, ` +
      `${parcels} parcels, concurrency ${CONCURRENCY}, ${ROUNDS} rounds of ${SECONDS} s per side, load average at the end ${loadAverage()}\n`,
  )
  console.log([...COST_HEADING, ...rows].join('\n'))
  console.log(
    [
      '',
      '| case | answer | API ÷ raw, CPU per request | API ÷ raw, p50 | API ÷ raw, throughput |',
      '|---|---|---|---|---|',
      ...ratios,
      '',
      ...verdicts,
    ].join('\n'),
  )
} finally {
  await raw.end()
  await app.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
  if (!KEEP) await database.drop()
}
