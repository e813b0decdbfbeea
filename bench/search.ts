// How fast is the establishment search through the API, against raw SQL on the same database? Seeds
// N synthetic establishments (default 1,000,000) into a fresh PostgreSQL database (created and
// dropped by the run), starts a production app instance on it, obtains a real token, then for each
// query of the mix measures, in the same run:
//   (api) GET /v0/eco/sirets over HTTP with the Bearer token, autocannon, concurrency 16;
//   (raw) the same page and exact count as hand-written SQL through `pg` (pool of 16), 16 workers;
// and reports p50 / p95 latency and throughput with the ratios (targets: API throughput ≥ 70 % of
// raw, API p50 ≤ raw p50 + 2 ms). Then the GeoJSON of 10,000 points: API over HTTP against the raw
// query + grouping + JSON.stringify (target ≤ 1.5×).
// With --engine embedded the app runs on the embedded engine instead (seeded by its first start
// under a temporary DATA_DIR) and the raw side talks to the same engine through the app's socket.
// Usage: npm run bench:search [-- --establishments 1000000 --duration 10 --keep --engine postgres|embedded]
//   --keep leaves the database (tda_bench_search_<N>, or the embedded DATA_DIR
//   <tmp>/tda-bench-search-embedded-<N>) for the next run, which reuses it.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { TEST_SERVER_URL, assertLocal, dropDatabase } from '@/lib/testing/local-database'

const args = process.argv.slice(2)
const option = (name: string) => {
  const index = args.indexOf(`--${name}`)
  return index === -1 ? undefined : args[index + 1]
}
const N = Number(option('establishments') ?? 1_000_000)
const DURATION = Number(option('duration') ?? 10)
const CONNECTIONS = 16
const KEEP = args.includes('--keep')
const SEQUENTIAL_RUNS = 50
const PORT = Number(option('port') ?? 3129)
const ORIGIN = `http://localhost:${PORT}`
const NAME = `tda_bench_search_${N}`
const ENGINE = option('engine') ?? 'postgres'
if (ENGINE !== 'postgres' && ENGINE !== 'embedded') throw new Error('--engine is postgres or embedded')
const EMBEDDED = ENGINE === 'embedded'

assertLocal(TEST_SERVER_URL)
const databaseUrl = (() => {
  const url = new URL(TEST_SERVER_URL)
  url.pathname = `/${NAME}`
  return url.toString()
})()

// Database: created (or reused with --keep) and seeded -----------------------------------------

async function prepare(): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_SERVER_URL })
  await admin.connect()
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [NAME])).rowCount! > 0
  if (!exists) await admin.query(`CREATE DATABASE ${NAME}`)
  await admin.end()
  process.env.DATABASE_URL = databaseUrl
  const { resetEnvCache, parseEnv } = await import('@/lib/env')
  resetEnvCache()
  const { connectionConfig } = await import('@/lib/db/connection')
  const { prepareDatabase } = await import('@/lib/bootstrap/prepare-database')
  const e = parseEnv(process.env)
  const db = new pg.Pool(connectionConfig(e))
  try {
    await prepareDatabase(db, { env: e, seedIfEmpty: false, log: () => {} })
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM etablissement')
    if (rows[0]!.n !== N) {
      console.error(`seeding ${N} establishments into ${NAME}…`)
      const started = performance.now()
      const { seedDatabase } = await import('@/lib/seed/seed-database')
      await seedDatabase(db, { establishments: N, premises: 0, seed: 1 })
      console.error(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`)
    }
    await db.query('VACUUM ANALYZE etablissement')
  } finally {
    await db.end()
  }
}

// The query mix, picked from the data ------------------------------------------------------------

interface Case {
  name: string
  /** Query string of the API request. */
  query: string
  /** Hand-written page and count queries. */
  raw: Array<{ text: string; values: unknown[] }>
}

const COLUMNS = `e.siret, e.siren, e.entreprise, e.enseigne, e.denomination_usuelle, e.adresse,
  e.code_commune, e.libelle_commune, e.code_naf, coalesce(n.libelle, '') AS libelle_naf,
  e.tranche_effectif, coalesce(t.libelle, e.tranche_effectif) AS tranche_libelle, coalesce(t.mediane, 0) AS tranche_mediane,
  e.effectif_saisi, e.secteur_alternatif, e.lon, e.lat, e.date_creation, e.categorie_juridique, e.etat_administratif`
const JOINS = `LEFT JOIN naf n ON n.code = e.code_naf LEFT JOIN tranche_effectif t ON t.code = e.tranche_effectif`

const byCommune = (code: string, offset: number) => [
  {
    text: `SELECT ${COLUMNS} FROM etablissement e ${JOINS} WHERE e.code_commune = $1 ORDER BY e.siret LIMIT 50 OFFSET $2`,
    values: [code, offset],
  },
  { text: 'SELECT count(*)::int FROM etablissement WHERE code_commune = $1', values: [code] },
]

const byZone = (id: string, offset: number) => [
  {
    text: `SELECT ${COLUMNS} FROM (
        SELECT x.siret FROM zone_commune zc CROSS JOIN LATERAL (
          SELECT e.siret FROM etablissement e WHERE e.code_commune = zc.code_commune ORDER BY e.siret LIMIT $2 + 50) x
         WHERE zc.zone_id = $1 ORDER BY x.siret LIMIT 50 OFFSET $2) p
      JOIN etablissement e ON e.siret = p.siret ${JOINS} ORDER BY e.siret`,
    values: [id, offset],
  },
  {
    text: `SELECT sum(c.n)::int FROM zone_commune zc CROSS JOIN LATERAL (
        SELECT count(*) AS n FROM etablissement e WHERE e.code_commune = zc.code_commune) c WHERE zc.zone_id = $1`,
    values: [id],
  },
]

const NAMES = ['e.entreprise_norm', 'e.enseigne_norm', "coalesce(e.denomination_norm, '')"]
const byText = (text: string) => [
  {
    text: `WITH q AS (SELECT tda_normalise($1) AS t)
      SELECT ${COLUMNS} FROM (
        SELECT e.siret,
               CASE WHEN ${NAMES.map((c) => `${c} = q.t`).join(' OR ')} THEN 0
                    WHEN ${NAMES.map((c) => `${c} LIKE q.t || '%'`).join(' OR ')} THEN 1 ELSE 2 END AS k,
               greatest(${NAMES.map((c) => `similarity(${c}, q.t)`).join(', ')}) AS s
          FROM etablissement e, q WHERE e.nom_recherche LIKE '%' || q.t || '%'
         ORDER BY k, s DESC, e.siret LIMIT 50) p
      JOIN etablissement e ON e.siret = p.siret ${JOINS} ORDER BY p.k, p.s DESC, p.siret`,
    values: [text],
  },
  {
    text: `SELECT count(*)::int FROM etablissement e WHERE e.nom_recherche LIKE '%' || tda_normalise($1) || '%'`,
    values: [text],
  },
]

async function pickCases(db: pg.Pool): Promise<Case[]> {
  const communes = (
    await db.query<{ code: string; n: number }>(
      'SELECT code_commune AS code, count(*)::int AS n FROM etablissement GROUP BY 1 ORDER BY 2 DESC, 1',
    )
  ).rows
  const big = communes[0]!
  const median = communes[Math.floor(communes.length / 2)]!
  const zones = (
    await db.query<{ id: string; nom: string; n: number }>(
      `SELECT z.id, z.nom, count(*)::int AS n FROM zone z JOIN zone_commune zc ON zc.zone_id = z.id
         JOIN etablissement e ON e.code_commune = zc.code_commune WHERE z.type = 'epci' GROUP BY 1, 2 ORDER BY 3, 1`,
    )
  ).rows
  const zone = zones[Math.floor(zones.length / 2)]!
  const departement = (
    await db.query<{ id: string; n: number }>(
      `SELECT z.id FROM zone z JOIN commune c ON c.departement_code = z.code
        WHERE z.type = 'departement' AND c.code = $1`,
      [big.code],
    )
  ).rows[0]!
  const sample = (
    await db.query<{ siren: string; entreprise: string }>(
      'SELECT siren, entreprise FROM etablissement ORDER BY siret OFFSET $1 LIMIT 1',
      [Math.floor(N / 2)],
    )
  ).rows[0]!
  const search = (s: unknown, extra = '') => `search=${encodeURIComponent(JSON.stringify(s))}${extra}`
  console.error(
    `mix: biggest commune ${big.code} (${big.n}), median commune ${median.code} (${median.n}), ` +
      `median EPCI ${zone.nom} (${zone.n}), rare text « ${sample.entreprise} », SIREN ${sample.siren}`,
  )
  return [
    {
      name: `biggest commune (${big.n} rows)`,
      query: search({ code_commune: big.code }),
      raw: byCommune(big.code, 0),
    },
    {
      name: `median commune (${median.n} rows)`,
      query: search({ code_commune: median.code }),
      raw: byCommune(median.code, 0),
    },
    {
      name: `median EPCI zone (${zone.n} rows)`,
      query: search({ zone_id: zone.id }),
      raw: byZone(zone.id, 0),
    },
    { name: 'free text, common (« boulangerie »)', query: search('boulangerie'), raw: byText('boulangerie') },
    {
      name: 'free text, rare (a company name)',
      query: search(sample.entreprise),
      raw: byText(sample.entreprise),
    },
    {
      name: 'SIREN',
      query: search(sample.siren),
      raw: [
        {
          text: `SELECT ${COLUMNS} FROM etablissement e ${JOINS} WHERE e.siren = $1 ORDER BY e.siret LIMIT 50`,
          values: [sample.siren],
        },
        { text: 'SELECT count(*)::int FROM etablissement WHERE siren = $1', values: [sample.siren] },
      ],
    },
    {
      name: 'page 150 of a department zone',
      query: search({ zone_id: departement.id }, '&page=150'),
      raw: byZone(departement.id, 149 * 50),
    },
  ]
}

// Measurement ----------------------------------------------------------------------------------

interface Stats {
  p50: number
  p95: number
  rps: number
  requests: number
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}

function summarise(latencies: number[], seconds: number): Stats {
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    rps: latencies.length / seconds,
    requests: latencies.length,
  }
}

async function measureApi(query: string, token: string): Promise<Stats> {
  const latencies: number[] = []
  let errors = 0
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${ORIGIN}/v0/eco/sirets?${query}`,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    )
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status !== 200) errors++
      latencies.push(responseTime)
    })
  })
  if (errors > 0) throw new Error(`${errors} API answers were not 200 for ${query}`)
  return summarise(latencies, result.duration)
}

async function measureRaw(db: pg.Pool, queries: Case['raw']): Promise<Stats> {
  const latencies: number[] = []
  const started = performance.now()
  const deadline = started + DURATION * 1000
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now()
        await Promise.all(queries.map((q) => db.query(q.text, q.values)))
        latencies.push(performance.now() - t)
      }
    }),
  )
  return summarise(latencies, (performance.now() - started) / 1000)
}

async function sequential(runs: number, work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    await work()
    samples.push(performance.now() - t)
  }
  const sorted = samples.sort((a, b) => a - b)
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) }
}

// Run ------------------------------------------------------------------------------------------

const build = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/ensure-build.ts'], {
  stdio: 'inherit',
})
if (build.status !== 0) process.exit(build.status ?? 1)

if (!EMBEDDED) await prepare()
const dataDir = EMBEDDED
  ? path.join(os.tmpdir(), `tda-bench-search-embedded-${N}`)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'tda-bench-search-'))
const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(PORT),
  HOST: 'localhost',
  PUBLIC_URL: ORIGIN,
  DATA_DIR: dataDir,
  DB_POOL_SIZE: String(CONNECTIONS),
  DATASET_JOBS: 'false',
  LOG_LEVEL: 'warn',
}
if (EMBEDDED) {
  // The first start seeds the embedded engine.
  delete serverEnv.DATABASE_URL
  Object.assign(serverEnv, {
    SEED_ESTABLISHMENTS: String(N),
    SEED_PREMISES: '0',
    SEED_RANDOM_SEED: '1',
  })
  if (!fs.existsSync(dataDir)) console.error(`seeding ${N} establishments into the embedded engine…`)
} else {
  serverEnv.DATABASE_URL = databaseUrl
}
const server = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server.ts'], {
  env: serverEnv,
  stdio: ['ignore', 'inherit', 'inherit'],
})

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 3600; i++) {
    try {
      if ((await fetch(ORIGIN, { headers: { Accept: 'application/json' } })).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('the app did not start')
}

const { parseEnv } = await import('@/lib/env')
const { connectionConfig } = await import('@/lib/db/connection')
const rawEnv: NodeJS.ProcessEnv = EMBEDDED
  ? { ...process.env, DATA_DIR: dataDir }
  : { ...process.env, DATABASE_URL: databaseUrl }
if (EMBEDDED) delete rawEnv.DATABASE_URL
const raw = new pg.Pool({ ...connectionConfig(parseEnv(rawEnv)), max: CONNECTIONS })
try {
  await waitForServer()
  const { createClientApplication } = await import('@/lib/auth/clients')
  const { application, clientSecret } = await createClientApplication(
    { name: 'bench search', scopes: ['eco'] },
    raw,
  )
  const tokenResponse = await fetch(`${ORIGIN}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: application.clientId,
      client_secret: clientSecret,
    }),
  })
  const token = ((await tokenResponse.json()) as { access_token: string }).access_token

  const cases = await pickCases(raw)
  // Warm both paths (plans, caches, token verification) before measuring.
  for (const c of cases) {
    await fetch(`${ORIGIN}/v0/eco/sirets?${c.query}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    })
    await Promise.all(c.raw.map((q) => raw.query(q.text, q.values)))
  }

  const lines: string[] = []
  lines.push(
    `| query | API p50 / p95 ms | raw p50 / p95 ms | API req/s | raw req/s | throughput API/raw | p50 API − raw ms | one at a time: API / raw p50 ms |`,
    '|---|---|---|---|---|---|---|---|',
  )
  for (const c of cases) {
    const api = await measureApi(c.query, token)
    const direct = await measureRaw(raw, c.raw)
    // Without concurrency: what one request costs on each path.
    const apiAlone = await sequential(SEQUENTIAL_RUNS, async () => {
      const response = await fetch(`${ORIGIN}/v0/eco/sirets?${c.query}`, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      })
      if (response.status !== 200) throw new Error(`${response.status} for ${c.query}`)
      return response.text()
    })
    const rawAlone = await sequential(SEQUENTIAL_RUNS, () =>
      Promise.all(c.raw.map((q) => raw.query(q.text, q.values))),
    )
    const line =
      `| ${c.name} | ${api.p50.toFixed(1)} / ${api.p95.toFixed(1)} | ${direct.p50.toFixed(1)} / ${direct.p95.toFixed(1)} ` +
      `| ${api.rps.toFixed(0)} | ${direct.rps.toFixed(0)} | **${((api.rps / direct.rps) * 100).toFixed(0)} %** ` +
      `| ${(api.p50 - direct.p50).toFixed(1)} | ${apiAlone.p50.toFixed(1)} / ${rawAlone.p50.toFixed(1)} |`
    console.log(line)
    lines.push(line)
  }

  // GeoJSON of 10,000 points: the whole set's first 10,000 located establishments.
  const geo = await sequential(30, async () => {
    const response = await fetch(`${ORIGIN}/v0/eco/sirets.geojson`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    if (response.status !== 200) throw new Error(`GeoJSON: ${response.status}`)
    return response.text()
  })
  const { groupByPoint } = await import('@/lib/establishments/serialise')
  const geoRaw = await sequential(30, async () => {
    const { rows } = await raw.query<{ siret: string; lon: number; lat: number }>(
      `SELECT siret, lon, lat FROM (SELECT siret, lon, lat FROM etablissement WHERE lon IS NOT NULL ORDER BY siret LIMIT 10000) p
        ORDER BY lon, lat, siret`,
    )
    return JSON.stringify({ type: 'FeatureCollection', features: groupByPoint(rows) })
  })
  const geoLine = `| GeoJSON, 10,000 points (sequential, 30 runs) | ${geo.p50.toFixed(1)} / ${geo.p95.toFixed(1)} | ${geoRaw.p50.toFixed(1)} / ${geoRaw.p95.toFixed(1)} | | | API/raw p50 **${(geo.p50 / geoRaw.p50).toFixed(2)}×** | | |`
  console.log(geoLine)
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )
  lines.push(geoLine)
  console.log(
    `\n${ENGINE}, ${N} establishments, concurrency ${CONNECTIONS}, ${DURATION} s per measure\n\n${lines.join('\n')}`,
  )
} finally {
  await raw.end()
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
  if (!EMBEDDED || !KEEP) fs.rmSync(dataDir, { recursive: true, force: true })
  if (!EMBEDDED && !KEEP) await dropDatabase(NAME)
}
