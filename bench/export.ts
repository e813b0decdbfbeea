// How fast are dataset files generated, against the raw engine? On PostgreSQL, for a siret dataset of
// N records (one database per N, seeded with N synthetic establishments, the dataset capturing all
// of them), the same run measures, each in a fresh process:
//   (raw)    COPY (the dataset's CSV SELECT) TO STDOUT through pg-copy-streams into a file;
//   (UTF-8)  the product path: a generation job claimed and run by the job runner (progress,
//            heartbeats, temporary file, fsync, rename, version published);
//   (Latin-9) the same job for the ISO-8859-15 file (streaming encoder, replaced characters counted).
// Prints the median time of each, throughput, the ratio product/raw (target ≥ 70 %) and the peak RSS
// of the product processes (target < 250 MB, flat in N).
// Usage: npm run bench:export [-- --sizes 100000,1000000 --runs 3 --keep]
//   --keep leaves the seeded databases (tda_bench_export_<N>) for the next run, which reuses them.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import { EXPORT_SETTINGS, datasetModel } from '@/lib/datasets/models'
import { connectionConfig } from '@/lib/db/connection'
import { parseEnv, resetEnvCache } from '@/lib/env'
import { dropDatabase } from '@/lib/testing/local-database'
import { benchDatabase } from './support/database'
import { benchOptions } from './support/options'

interface Measure {
  ms: number
  bytes: number
  rows: number
  maxRssMb: number
  replaced?: number
}

const options = benchOptions({
  sizes: '100000,1000000',
  runs: 3,
  keep: false,
  // The child process's own options (one measured run).
  child: false,
  'database-url': undefined as string | undefined,
  mode: undefined as string | undefined,
  dataset: undefined as string | undefined,
  dir: undefined as string | undefined,
})

// Child: one measured run, printed as JSON on the last line ----------------------------------------

async function child(): Promise<void> {
  const databaseUrl = options['database-url']!
  const mode = options.mode!
  const datasetId = options.dataset!
  const dir = options.dir!
  process.env.DATABASE_URL = databaseUrl
  process.env.DATA_DIR = dir
  resetEnvCache()
  const { pool, closePool } = await import('@/lib/db/pool')
  const { DatasetJobRunner } = await import('@/lib/datasets/job-runner')
  const { getDatasetOrThrow } = await import('@/lib/datasets/datasets')
  const { LocalFileStore } = await import('@/lib/files/local-store')
  // Connections opened before the clock starts, as in a running app.
  await pool().query('SELECT 1')
  const started = performance.now()
  let result: Omit<Measure, 'maxRssMb' | 'ms'>
  if (mode === 'raw') {
    const client = await pool().connect()
    const { rows } = await client.query<{ snapshot_id: number; total: number }>(
      'SELECT snapshot_id, total FROM dataset_version WHERE dataset_id = $1 ORDER BY version LIMIT 1',
      [datasetId],
    )
    const { snapshot_id, total } = rows[0]!
    await client.query('BEGIN')
    await client.query(
      `SELECT set_config($1, $2, true), set_config($3, '0', true), set_config($4, $5, true)`,
      [
        EXPORT_SETTINGS.snapshot,
        String(snapshot_id),
        EXPORT_SETTINGS.from,
        EXPORT_SETTINGS.to,
        String(total),
      ],
    )
    const target = path.join(dir, 'raw.csv')
    const stream = client.query(
      copyTo(`COPY (${datasetModel('siret').csvSelect}) TO STDOUT WITH (FORMAT csv, HEADER)`),
    )
    await pipeline(stream, fs.createWriteStream(target))
    await client.query('COMMIT')
    client.release()
    result = { bytes: fs.statSync(target).size, rows: stream.rowCount }
    fs.rmSync(target)
  } else {
    const store = new LocalFileStore({
      root: dir,
      baseUrl: 'http://localhost',
      secret: 'bench-export-secret-0123456789abcdef',
    })
    const outcomes = await new DatasetJobRunner({ store, engine: 'postgres' }).runUntilIdle(datasetId)
    if (outcomes.join() !== 'published') throw new Error(`generation: ${outcomes.join()}`)
    const current = (await getDatasetOrThrow(datasetId)).current!
    result = { bytes: current.fileBytes!, rows: current.rowsDone, replaced: current.replacedCharacters }
    fs.rmSync(path.join(dir, current.fileName!))
  }
  const ms = performance.now() - started
  await closePool()
  const maxRssMb = process.resourceUsage().maxRSS / 1024
  console.log(JSON.stringify({ ...result, ms, maxRssMb }))
}

// Parent: databases, datasets, runs, report ---------------------------------------------------------

function run(databaseUrl: string, mode: string, datasetId: string, dir: string): Measure {
  const out = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/export.ts',
      '--child',
      '--database-url',
      databaseUrl,
      '--mode',
      mode,
      '--dataset',
      datasetId,
      '--dir',
      dir,
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  )
  if (out.status !== 0) throw new Error(`${mode} run failed:\n${out.stderr}`)
  return JSON.parse(out.stdout.trim().split('\n').pop()!) as Measure
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function prepare(size: number): Promise<{ url: string; name: string; datasetId: string }> {
  const name = `tda_bench_export_${size}`
  const { url } = await benchDatabase(name, size)
  const e = parseEnv({ ...process.env, DATABASE_URL: url })
  const db = new pg.Pool(connectionConfig(e))
  try {
    await db.query('DELETE FROM dataset')
    const { createDataset } = await import('@/lib/datasets/datasets')
    const dataset = await createDataset(
      { title: `Bench ${size}`, model: 'siret', search: {}, encoding: 'UTF-8' },
      db,
    )
    if (dataset.latest.total !== size) throw new Error(`captured ${dataset.latest.total} records`)
    return { url, name, datasetId: dataset.id }
  } finally {
    await db.end()
  }
}

async function queue(url: string, datasetId: string, encoding: 'UTF-8' | 'ISO-8859-15'): Promise<void> {
  const e = parseEnv({ ...process.env, DATABASE_URL: url })
  const db = new pg.Pool(connectionConfig(e))
  try {
    const { updateDataset } = await import('@/lib/datasets/datasets')
    const current = await db.query<{ encoding: string }>('SELECT encoding FROM dataset WHERE id = $1', [
      datasetId,
    ])
    // The first version (UTF-8) is queued at creation; afterwards each encoding change queues one.
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM dataset_version WHERE dataset_id = $1 AND status = 'pending'",
      [datasetId],
    )
    if (rows[0]!.n > 0 && current.rows[0]!.encoding === encoding) return
    if (current.rows[0]!.encoding === encoding)
      await updateDataset(datasetId, { encoding: encoding === 'UTF-8' ? 'ISO-8859-15' : 'UTF-8' }, db)
    await updateDataset(datasetId, { encoding }, db)
  } finally {
    await db.end()
  }
}

async function parent(): Promise<void> {
  const sizes = options.sizes.split(',').map(Number)
  const runs = options.runs
  const keep = options.keep
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-bench-export-'))
  const lines: string[] = []
  try {
    for (const size of sizes) {
      const { url, name, datasetId } = await prepare(size)
      const measures: Record<string, Measure[]> = { raw: [], 'UTF-8': [], 'ISO-8859-15': [] }
      for (let i = 0; i < runs; i++) {
        measures.raw!.push(run(url, 'raw', datasetId, dir))
        for (const encoding of ['UTF-8', 'ISO-8859-15'] as const) {
          await queue(url, datasetId, encoding)
          measures[encoding]!.push(run(url, 'product', datasetId, dir))
        }
        console.error(`${size}: run ${i + 1}/${runs} done`)
      }
      const raw = median(measures.raw!.map((m) => m.ms))
      for (const [label, list] of Object.entries(measures)) {
        const ms = median(list.map((m) => m.ms))
        const bytes = list[0]!.bytes
        const rows = list[0]!.rows
        if (rows !== size) throw new Error(`${label}: ${rows} rows`)
        lines.push(
          [
            size.toLocaleString('en'),
            label === 'raw' ? 'raw COPY (UTF-8)' : `product ${label}`,
            (ms / 1000).toFixed(2),
            (bytes / 1e6).toFixed(1),
            (bytes / 1e6 / (ms / 1000)).toFixed(1),
            Math.round(rows / (ms / 1000)).toLocaleString('en'),
            `${((raw / ms) * 100).toFixed(0)} %`,
            Math.round(Math.max(...list.map((m) => m.maxRssMb))).toString(),
            list[0]!.replaced === undefined ? '' : list[0]!.replaced.toLocaleString('en'),
          ].join(' | '),
        )
      }
      if (!keep) await dropDatabase(name)
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
  console.log(
    `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} vCPU, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)}; median of ${runs} runs`,
  )
  console.log(
    '| records | path | s | MB | MB/s | rows/s | throughput vs raw | peak RSS MB | replaced characters |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|')
  for (const line of lines) console.log(`| ${line} |`)
}

await (options.child ? child() : parent())
