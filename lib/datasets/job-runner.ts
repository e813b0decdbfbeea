// The background worker of an app instance (or a CLI command): claims queued file generations one
// at a time, writes each file to a temporary name, publishes it whole (rename or upload), then marks
// the version ready. Progress is recorded every `heartbeatMs`; a job that is no longer this worker's
// (taken over after a stall, or its dataset deleted) is abandoned. On stop the running job goes back
// to the queue. Collection (lib/datasets/jobs.ts) runs every `collectEveryMs`.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type pg from 'pg'
import type { EngineKind } from '../db/connection'
import { pool } from '../db/pool'
import type { FileStore } from '../files/file-store'
import { sweepTempFiles, tempFileName } from '../files/temp-files'
import { exportCsv } from './csv-export'
import { datasetFileName } from './encoding'
import {
  claimNextJob,
  collectGarbage,
  completeJob,
  failJob,
  isVersionReady,
  recordProgress,
  releaseJob,
  type Job,
} from './jobs'
import { datasetModel } from './models'

export interface JobRunnerOptions {
  store: FileStore
  engine: EngineKind
  db?: pg.Pool
  log?: (line: string) => void
  workerId?: string
  /** Pause between two looks at an empty queue. */
  pollMs?: number
  /** A generation silent for this long is taken over by another worker. */
  staleSeconds?: number
  heartbeatMs?: number
  maxAttempts?: number
  collectEveryMs?: number
  /** Age after which a file no version knows is deleted. */
  orphanAgeSeconds?: number
  /** How often the store is listed for such files (a listing can be long on a large bucket). */
  orphanSweepEveryMs?: number
  /** Rows per COPY (default: see lib/datasets/csv-export.ts). */
  chunkRows?: number
  /** Called with each job's progress (rows written). */
  onProgress?: (job: Job, rows: number) => void
}

const JOB_DEFAULTS = {
  pollMs: 2_000,
  staleSeconds: 60,
  heartbeatMs: 2_000,
  maxAttempts: 3,
  collectEveryMs: 60_000,
  orphanAgeSeconds: 3_600,
  orphanSweepEveryMs: 3_600_000,
} as const

export type JobOutcome = 'published' | 'failed' | 'lost' | 'released'

function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
}

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return `Échec de la génération du fichier : ${message}`
}

/** Generates one claimed job's file and publishes it. `stop` aborts it and gives it back to the queue. */
async function runJob(job: Job, options: JobRunnerOptions & { stop?: AbortSignal }): Promise<JobOutcome> {
  const db = options.db ?? pool()
  const log = options.log ?? (() => {})
  const { store } = options
  const name = datasetFileName(job.datasetId, job.version, job.encoding)
  // Named after this process, so a start-up can tell an abandoned file (lib/files/temp-files.ts).
  const temp = path.join(store.tempDir, tempFileName(name))
  const controller = new AbortController()
  const onStop = () => controller.abort(new Error('worker stopping'))
  options.stop?.addEventListener('abort', onStop)
  let rows = 0
  let lost = false
  let beating: Promise<void> = Promise.resolve()
  const beat = () => {
    beating = beating
      .then(async () => {
        if (lost) return
        if (!(await recordProgress(job, rows, db))) {
          lost = true
          controller.abort(new Error('job taken over'))
        }
      })
      .catch((error: unknown) => log(`progress of ${name} not recorded: ${(error as Error).message}`))
  }
  const timer = setInterval(beat, options.heartbeatMs ?? JOB_DEFAULTS.heartbeatMs)
  const stopBeating = async () => {
    clearInterval(timer)
    await beating
  }

  try {
    await fs.promises.mkdir(store.tempDir, { recursive: true })
    const client = await db.connect()
    let result
    try {
      result = await exportCsv({
        client,
        model: datasetModel(job.model),
        snapshotId: job.snapshotId,
        total: job.total,
        encoding: job.encoding,
        engine: options.engine,
        destination: fs.createWriteStream(temp, { flags: 'wx', flush: true }),
        onRows: (done) => {
          rows = done
          options.onProgress?.(job, done)
        },
        signal: controller.signal,
        ...(options.chunkRows ? { chunkRows: options.chunkRows } : {}),
      })
    } catch (error) {
      // The connection may be inside an interrupted COPY: discard it rather than reuse it.
      client.release(true)
      throw error
    }
    client.release()
    await stopBeating()
    if (lost) throw new Error('job taken over')
    await store.commit(temp, name)
    const outcome = await completeJob(job, { name, ...result }, db)
    if (outcome === 'lost') {
      // Another worker may have published this very file (same name, same content): keep it then.
      if (!(await isVersionReady(job.datasetId, job.version, db))) await store.remove(name)
      return 'lost'
    }
    log(`dataset ${job.datasetId} version ${job.version}: ${name} (${result.rows} rows)`)
    return 'published'
  } catch (error) {
    await stopBeating()
    await fs.promises.rm(temp, { force: true })
    if (options.stop?.aborted) {
      await releaseJob(job, db)
      return 'released'
    }
    if (lost) return 'lost'
    log(`dataset ${job.datasetId} version ${job.version} failed: ${(error as Error).message}`)
    await failJob(job, describeFailure(error), db)
    return 'failed'
  } finally {
    options.stop?.removeEventListener('abort', onStop)
  }
}

export class DatasetJobRunner {
  readonly workerId: string
  private stopping = false
  private readonly stopController = new AbortController()
  private wakeUp: (() => void) | null = null
  private loopDone: Promise<void> | null = null
  private lastCollect = 0
  private lastOrphanSweep = Number.NEGATIVE_INFINITY

  constructor(private readonly options: JobRunnerOptions) {
    this.workerId = options.workerId ?? newWorkerId()
  }

  private get claimOptions() {
    return {
      staleSeconds: this.options.staleSeconds ?? JOB_DEFAULTS.staleSeconds,
      maxAttempts: this.options.maxAttempts ?? JOB_DEFAULTS.maxAttempts,
    }
  }

  /** Claims and runs one job (of one dataset, if given); null when none is waiting. */
  async runOne(datasetId?: string): Promise<JobOutcome | null> {
    const job = await claimNextJob(
      this.workerId,
      { ...this.claimOptions, ...(datasetId ? { datasetId } : {}) },
      this.options.db,
    )
    if (!job) return null
    return runJob(job, { ...this.options, workerId: this.workerId, stop: this.stopController.signal })
  }

  /** Runs jobs until the queue (of one dataset, if given) is empty; returns their outcomes. */
  async runUntilIdle(datasetId?: string): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = []
    for (let outcome = await this.runOne(datasetId); outcome; outcome = await this.runOne(datasetId)) {
      outcomes.push(outcome)
      if (this.stopping) break
    }
    return outcomes
  }

  /** Collection now; the store is listed for orphan files at most every orphanSweepEveryMs. */
  async collect(): Promise<void> {
    const now = Date.now()
    this.lastCollect = now
    const orphanAgeSeconds = this.options.orphanAgeSeconds ?? JOB_DEFAULTS.orphanAgeSeconds
    const sweep =
      now - this.lastOrphanSweep >= (this.options.orphanSweepEveryMs ?? JOB_DEFAULTS.orphanSweepEveryMs)
    if (sweep) this.lastOrphanSweep = now
    const collected = await collectGarbage(
      this.options.store,
      {
        ...this.claimOptions,
        ...(sweep ? { orphanAgeSeconds } : {}),
        ...(this.options.log ? { log: this.options.log } : {}),
      },
      this.options.db,
    )
    // Temporary files of generations that died: this host's dead processes', or untouched that long.
    await sweepTempFiles(this.options.store.tempDir, { maxAgeMs: orphanAgeSeconds * 1000 })
    if (collected.filesDeleted.length > 0)
      this.options.log?.(`deleted ${collected.filesDeleted.length} dataset file(s) no longer served`)
  }

  /** Starts the background loop. */
  start(): void {
    if (this.loopDone) return
    this.loopDone = this.loop()
  }

  /** Looks at the queue now (a dataset was just created or changed in this process). */
  wake(): void {
    this.wakeUp?.()
  }

  /** Stops the loop; a job in progress goes back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true
    this.stopController.abort()
    this.wake()
    await this.loopDone
  }

  private async loop(): Promise<void> {
    const collectEvery = this.options.collectEveryMs ?? JOB_DEFAULTS.collectEveryMs
    while (!this.stopping) {
      let worked = false
      try {
        if (Date.now() - this.lastCollect >= collectEvery) await this.collect()
        worked = (await this.runOne()) !== null
      } catch (error) {
        this.options.log?.(`dataset jobs: ${(error as Error).message}`)
      }
      if (!worked && !this.stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollMs ?? JOB_DEFAULTS.pollMs)
          this.wakeUp = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        this.wakeUp = null
      }
    }
  }
}

// The instance's runner, reachable from route handlers (bundled apart from server.ts).
const KEY = Symbol.for('tda.datasets.job-runner')
type Holder = typeof globalThis & { [KEY]?: DatasetJobRunner }

export function startDatasetJobs(options: JobRunnerOptions): DatasetJobRunner {
  const runner = new DatasetJobRunner(options)
  ;(globalThis as Holder)[KEY] = runner
  runner.start()
  return runner
}

/** Tells this instance's runner, if any, that a generation was queued. */
export function wakeDatasetJobs(): void {
  ;(globalThis as Holder)[KEY]?.wake()
}
