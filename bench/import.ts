// SIRENE import throughput. Generates stock files in the real layouts (StockEtablissement with N
// establishments, StockUniteLegale with their legal units, the geolocation file with their
// positions in Lambert-93 or the overseas UTM zones), imports them into a fresh PostgreSQL
// database with `importSirene`, and in the same run loads the very rows the import produced with
// a raw `COPY` into a table of the same shape with the same indexes (the raw engine doing the
// same final work). Each import runs in its own process so its peak RSS is its own.
//
// Usage: npm run bench:import [-- --rows 1000000 --small 250000]
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import Papa from 'papaparse'
import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'
import { prepareDatabase } from '@/lib/bootstrap/prepare-database'
import { connectionConfig } from '@/lib/db/connection'
import { closePool, pool } from '@/lib/db/pool'
import { withLuhnDigit } from '@/lib/establishments/identifiers'
import { ESTABLISHMENT_COLUMNS } from '@/lib/establishments/record'
import { parseEnv, resetEnvCache } from '@/lib/env'
import { createRandom } from '@/lib/seed/random'
import { FIRST_NAMES, STREET_NAMES, SURNAMES } from '@/lib/seed/words'
import { fromWgs84 } from '@/lib/sirene/geolocation'
import { importSirene } from '@/lib/sirene/import-sirene'
import { ETABLISSEMENT_HEADER, GEOLOCALISATION_HEADER, UNITE_LEGALE_HEADER } from '@/lib/sirene/layout'
import { TRANCHE_CODES } from '@/lib/territory/effectif'
import { referenceData } from '@/lib/territory/reference-data'
import { createTestDatabase } from '@/lib/testing/local-database'
import { benchOptions } from './support/options'

const exec = promisify(execFile)
/** Node's option of the `cli` script (package.json): the import's garbage collection costs a third less. */
const YOUNG_GENERATION = '--max-semi-space-size=64'
const options = benchOptions({
  small: 250_000,
  rows: 1_000_000,
  // The child processes' own options: generate the files of N establishments, or import them.
  generate: undefined as string | undefined,
  import: undefined as string | undefined,
  dir: '',
})

interface GeneratedFiles {
  dir: string
  etablissements: string
  unitesLegales: string
  geolocalisation: string
  bytes: number
}

const OVERSEAS_EPSG: Record<string, string> = {
  '971': '5490',
  '972': '5490',
  '973': '2972',
  '974': '2975',
  '976': '4471',
}
const STREET_TYPES = ['RUE', 'AV', 'BD', 'CHE', 'RTE', 'PL', 'IMP', 'ALL', 'LD', 'QUAI']

/** Writes the three files for `rows` establishments (deterministic). */
async function generate(rows: number, dir: string): Promise<GeneratedFiles> {
  fs.mkdirSync(dir, { recursive: true })
  const random = createRandom(rows)
  const ref = referenceData()
  const communes = ref.communes.filter((c) => c.point && c.population > 0)
  const nafCodes = ref.naf.map((n) => n.code)
  const files = {
    etablissements: path.join(dir, 'StockEtablissement_utf8.csv'),
    unitesLegales: path.join(dir, 'StockUniteLegale_utf8.csv'),
    geolocalisation: path.join(dir, 'GeolocalisationEtablissement_Sirene_pour_etudes_statistiques_utf8.csv'),
  }
  const out = {
    e: fs.createWriteStream(files.etablissements),
    u: fs.createWriteStream(files.unitesLegales),
    g: fs.createWriteStream(files.geolocalisation),
  }
  const eAt = new Map(ETABLISSEMENT_HEADER.map((h, i) => [h, i]))
  const uAt = new Map(UNITE_LEGALE_HEADER.map((h, i) => [h, i]))
  const gAt = new Map(GEOLOCALISATION_HEADER.map((h, i) => [h, i]))
  const line = (width: number, at: Map<string, number>, values: Record<string, string>, delimiter = ',') => {
    const fields: string[] = new Array<string>(width).fill('')
    for (const [k, v] of Object.entries(values)) fields[at.get(k)!] = v
    return Papa.unparse([fields], { delimiter, newline: '\n' }) + '\n'
  }
  const write = async (stream: fs.WriteStream, text: string) => {
    if (!stream.write(text)) await new Promise<void>((r) => stream.once('drain', () => r()))
  }
  await write(out.e, ETABLISSEMENT_HEADER.join(',') + '\n')
  await write(out.u, UNITE_LEGALE_HEADER.join(',') + '\n')
  await write(out.g, GEOLOCALISATION_HEADER.join(';') + '\n')

  let produced = 0
  let sirenBody = 30_000_000
  const buffers = { e: [] as string[], u: [] as string[], g: [] as string[] }
  const flush = async () => {
    await write(out.e, buffers.e.join(''))
    await write(out.u, buffers.u.join(''))
    await write(out.g, buffers.g.join(''))
    buffers.e = []
    buffers.u = []
    buffers.g = []
  }
  while (produced < rows) {
    const siren = withLuhnDigit(String(sirenBody++))
    const person = random.chance(0.35)
    const partial = person && random.chance(0.05)
    const naf = random.pick(nafCodes)
    const nd = (v: string) => (partial ? '[ND]' : v)
    buffers.u.push(
      line(UNITE_LEGALE_HEADER.length, uAt, {
        siren,
        statutDiffusionUniteLegale: partial ? 'P' : 'O',
        dateCreationUniteLegale: '2005-06-01',
        categorieJuridiqueUniteLegale: person ? '1000' : random.pick(['5499', '5710', '5720', '9220']),
        denominationUniteLegale: person
          ? ''
          : `${random.pick(SURNAMES).toUpperCase()} ${random.pick(['ET FILS', 'SERVICES', 'CONSEIL', '& CIE, SARL'])}`,
        nomUniteLegale: person ? nd(random.pick(SURNAMES).toUpperCase()) : '',
        prenom1UniteLegale: person ? nd(random.pick(FIRST_NAMES).toUpperCase()) : '',
        prenomUsuelUniteLegale: person ? nd(random.pick(FIRST_NAMES).toUpperCase()) : '',
        etatAdministratifUniteLegale: 'A',
        activitePrincipaleUniteLegale: naf,
        nomenclatureActivitePrincipaleUniteLegale: 'NAFRev2',
        nicSiegeUniteLegale: '00012',
        dateDernierTraitementUniteLegale: '2025-11-20T10:12:45',
      }),
    )
    const count = Math.min(random.chance(0.85) ? 1 : random.int(2, 6), rows - produced)
    for (let i = 0; i < count; i++) {
      const siret = withLuhnDigit(siren + String(i + 1).padStart(4, '0'))
      const commune = random.pick(communes)
      const closed = random.chance(0.4)
      buffers.e.push(
        line(ETABLISSEMENT_HEADER.length, eAt, {
          siren,
          nic: siret.slice(9),
          siret,
          statutDiffusionEtablissement: partial ? 'P' : 'O',
          dateCreationEtablissement: `${random.int(1970, 2025)}-0${random.int(1, 9)}-1${random.int(0, 9)}`,
          trancheEffectifsEtablissement: random.pick(TRANCHE_CODES),
          etablissementSiege: i === 0 ? 'true' : 'false',
          numeroVoieEtablissement: nd(String(random.int(1, 200))),
          indiceRepetitionEtablissement: random.chance(0.05) ? nd('B') : '',
          typeVoieEtablissement: nd(random.pick(STREET_TYPES)),
          libelleVoieEtablissement: nd(random.pick(STREET_NAMES).toUpperCase()),
          codePostalEtablissement: commune.codesPostaux[0] ?? '',
          libelleCommuneEtablissement: commune.nom.toUpperCase(),
          codeCommuneEtablissement: commune.code,
          dateDebut: '2020-01-01',
          etatAdministratifEtablissement: closed ? 'F' : 'A',
          enseigne1Etablissement: random.chance(0.2) ? `LE ${random.pick(SURNAMES).toUpperCase()}` : '',
          activitePrincipaleEtablissement: naf,
          nomenclatureActivitePrincipaleEtablissement: 'NAFRev2',
          caractereEmployeurEtablissement: 'N',
          dateDernierTraitementEtablissement: '2025-11-20T10:12:45',
        }),
      )
      if (!partial && commune.point) {
        const dep = commune.departement
        const epsg = OVERSEAS_EPSG[dep] ?? '2154'
        const point: [number, number] = [
          commune.point[0] + (random.next() - 0.5) * 0.01,
          commune.point[1] + (random.next() - 0.5) * 0.01,
        ]
        const [x, y] = fromWgs84(point, epsg)
        buffers.g.push(
          line(
            GEOLOCALISATION_HEADER.length,
            gAt,
            {
              siret,
              x: String(x),
              y: String(y),
              qualite_xy: '11',
              epsg,
              plg_code_commune: commune.code,
              distance_precision: '5',
              y_latitude: point[1].toFixed(5),
              x_longitude: point[0].toFixed(5),
            },
            ';',
          ),
        )
      }
    }
    produced += count
    if (buffers.e.length >= 5000) await flush()
  }
  await flush()
  await Promise.all(Object.values(out).map((s) => new Promise<void>((r) => s.end(() => r()))))
  const bytes = Object.values(files).reduce((sum, f) => sum + fs.statSync(f).size, 0)
  return { dir, ...files, bytes }
}

interface ImportFigures {
  rows: number
  imported: number
  importMs: number
  rawMs: number
  peakRssMb: number
  bytes: number
  /** Duration of each phase of the import. */
  phases: string
}

/** Child process: import the files into a fresh database, then the raw COPY baseline. */
async function importChild(files: GeneratedFiles, rows: number): Promise<ImportFigures> {
  const database = await createTestDatabase('tda_bench')
  try {
    process.env.DATABASE_URL = database.url
    resetEnvCache()
    const e = parseEnv(process.env)
    await prepareDatabase(pool(), { env: e, seedIfEmpty: false, log: () => {} })
    const started = performance.now()
    const phaseStarts = new Map<string, number>()
    const summary = await importSirene(pool(), {
      ...files,
      onProgress: (event) => {
        if (!phaseStarts.has(event.phase)) phaseStarts.set(event.phase, performance.now())
      },
    })
    const importMs = performance.now() - started
    const marks = [...phaseStarts, ['end', started + importMs] as const]
    const phases = marks
      .slice(0, -1)
      .map(([phase, at], i) => `${phase} ${((marks[i + 1]![1] - at) / 1000).toFixed(1)} s`)
      .join(', ')
    const peakRssMb = process.resourceUsage().maxRSS / 1024

    // Raw engine: the same final rows, COPY'd into a table of the same shape, same indexes.
    const dump = path.join(files.dir, 'etablissement.copy')
    const client = new pg.Client(connectionConfig(e))
    await client.connect()
    const cols = ESTABLISHMENT_COLUMNS.join(', ')
    await pipeline(
      client.query(copyTo(`COPY (SELECT ${cols} FROM etablissement) TO STDOUT`)),
      fs.createWriteStream(dump),
    )
    const { rows: indexes } = await client.query<{ def: string }>(
      `SELECT replace(indexdef, ' ON public.etablissement ', ' ON raw_copy ') AS def FROM pg_indexes
        WHERE tablename = 'etablissement' AND indexname <> 'etablissement_pkey'`,
    )
    const rawStarted = performance.now()
    await client.query('BEGIN')
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`)
    await client.query('CREATE TABLE raw_copy (LIKE etablissement INCLUDING ALL EXCLUDING INDEXES)')
    await pipeline(fs.createReadStream(dump), client.query(copyFrom(`COPY raw_copy (${cols}) FROM STDIN`)))
    await client.query('ALTER TABLE raw_copy ADD PRIMARY KEY (siret)')
    for (const { def } of indexes) await client.query(def.replace(/INDEX (\S+) ON/, 'INDEX $1_raw ON'))
    await client.query('COMMIT')
    const rawMs = performance.now() - rawStarted
    await client.end()
    return { rows, imported: summary.etablissements, importMs, rawMs, peakRssMb, bytes: files.bytes, phases }
  } finally {
    await closePool()
    await database.drop()
  }
}

async function runSize(rows: number): Promise<ImportFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tda-bench-sirene-${rows}-`))
  try {
    const tsx = path.resolve('node_modules/tsx/dist/cli.mjs')
    const script = path.resolve('bench/import.ts')
    await exec(process.execPath, [tsx, script, '--generate', String(rows), '--dir', dir], {
      maxBuffer: 1 << 24,
    })
    // The import runs with the young generation `npm run cli` gives it (package.json).
    const { stdout } = await exec(
      process.execPath,
      [YOUNG_GENERATION, '--import', 'tsx', script, '--import', String(rows), '--dir', dir],
      { maxBuffer: 1 << 24 },
    )
    return JSON.parse(stdout.trim().split('\n').pop()!) as ImportFigures
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const dirArg = options.dir
const filesIn = (dir: string): GeneratedFiles => ({
  dir,
  etablissements: path.join(dir, 'StockEtablissement_utf8.csv'),
  unitesLegales: path.join(dir, 'StockUniteLegale_utf8.csv'),
  geolocalisation: path.join(dir, 'GeolocalisationEtablissement_Sirene_pour_etudes_statistiques_utf8.csv'),
  bytes: [
    'StockEtablissement_utf8.csv',
    'StockUniteLegale_utf8.csv',
    'GeolocalisationEtablissement_Sirene_pour_etudes_statistiques_utf8.csv',
  ]
    .map((f) => fs.statSync(path.join(dir, f)).size)
    .reduce((a, b) => a + b, 0),
})

if (options.generate !== undefined) {
  await generate(Number(options.generate), dirArg)
} else if (options.import !== undefined) {
  console.log(JSON.stringify(await importChild(filesIn(dirArg), Number(options.import))))
} else {
  const sizes = [options.small, options.rows]
  console.log(`SIRENE import into PostgreSQL, ${os.cpus().length} CPUs, Node ${process.version}`)
  console.log('rows (etab.)   files MB   import s   rows/s     raw COPY s   import/raw   peak RSS MB')
  for (const rows of sizes) {
    const f = await runSize(rows)
    const rate = f.rows / (f.importMs / 1000)
    console.log(
      `${String(f.rows).padStart(12)}   ${(f.bytes / 1e6).toFixed(0).padStart(8)}   ${(f.importMs / 1000).toFixed(1).padStart(8)}   ${Math.round(rate).toString().padStart(7)}   ${(f.rawMs / 1000).toFixed(1).padStart(10)}   ${(f.importMs / f.rawMs).toFixed(2).padStart(10)}   ${f.peakRssMb.toFixed(0).padStart(11)}`,
    )
    console.log(`              phases: ${f.phases}`)
  }
}
