// The background worker of an app instance (or a CLI command): claims queued file generations one
// at a time, writes each file to a temporary name, publishes it whole (rename or upload), then marks
// the version ready. Progress is recorded every `heartbeatMs` while a job runs; a job that is no
// longer this worker's (taken over after a stall, or its dataset deleted) is abandoned. On stop the
// running job goes back to the queue.
//
// Nothing runs while nothing is queued: the worker is woken by the NOTIFY that the queuing
// transaction sends (lib/datasets/job-signal.ts), received on a LISTEN connection of its own, on
// both engines. Collection (lib/datasets/jobs.ts), which also fails the jobs of workers that kept
// dying, runs at start and after each generation; the only timer armed while idle is one for the
// moment the addresses of a superseded file expire, when there is such a file. A generation whose
// worker died is taken over by the next look at the queue (a start, a notification, the end of
// another generation).
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { EngineKind } from '../db/connection'
import { ChannelListener, type ListenerTimers } from '../db/listener'
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
  nextCollectionAt,
  recordProgress,
  releaseJob,
  type Job,
} from './jobs'
import { DATASET_JOBS_CHANNEL } from './job-signal'
import { datasetModel } from './models'

export interface JobRunnerOptions {
  store: FileStore
  engine: EngineKind
  db?: pg.Pool
  log?: (line: string) => void
  workerId?: string
  /** A generation silent for this long is taken over by another worker. */
  staleSeconds?: number
  heartbeatMs?: number
  maxAttempts?: number
  /** Age after which a file no version knows is deleted. */
  orphanAgeSeconds?: number
  /** How often the store is listed for such files (a listing can be long on a large bucket). */
  orphanSweepEveryMs?: number
  /** Rows per COPY (default: see lib/datasets/csv-export.ts). */
  chunkRows?: number
  /** Called with each job's progress (rows written). */
  onProgress?: (job: Job, rows: number) => void
  /** Called when a job ends. */
  onOutcome?: (job: Job, outcome: JobOutcome) => void
  /** start(): LISTEN for queued jobs on a connection of its own (default true). */
  listen?: boolean
  /** Heartbeats, the collection timer and reconnections (tests inject their own). */
  timers?: RunnerTimers
}

export type RunnerTimers = ListenerTimers

const realTimers: RunnerTimers = {
  set: (fn, ms) => setTimeout(fn, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1

const JOB_DEFAULTS = {
  staleSeconds: 60,
  heartbeatMs: 2_000,
  maxAttempts: 3,
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
  const timers = options.timers ?? realTimers
  const heartbeatMs = options.heartbeatMs ?? JOB_DEFAULTS.heartbeatMs
  let timer: unknown = undefined
  const arm = () => {
    timer = timers.set(() => {
      beat()
      arm()
    }, heartbeatMs)
  }
  arm()
  const stopBeating = async () => {
    timers.clear(timer)
    timer = undefined
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
  /** Set by wake(): look at the queue before waiting again. */
  private woken = false
  /** Set when the collection timer fires. */
  private collectDue = false
  private wakeUp: (() => void) | null = null
  private loopDone: Promise<void> | null = null
  private listener: ChannelListener | null = null
  private collectTimer: unknown = undefined
  private lastOrphanSweep = Number.NEGATIVE_INFINITY
  private readonly timers: RunnerTimers
  private idleWaiters: (() => void)[] = []

  constructor(private readonly options: JobRunnerOptions) {
    this.workerId = options.workerId ?? newWorkerId()
    this.timers = options.timers ?? realTimers
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
    const outcome = await runJob(job, {
      ...this.options,
      timers: this.timers,
      workerId: this.workerId,
      stop: this.stopController.signal,
    })
    this.options.onOutcome?.(job, outcome)
    return outcome
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

  /**
   * Starts the background loop: a first collection (which also fails the jobs of workers that kept
   * dying), then every queued job, then it waits for a notification without any timer.
   */
  start(): void {
    if (this.loopDone) return
    if (this.options.listen !== false) {
      const db = this.options.db ?? pool()
      this.listener = new ChannelListener({
        channel: DATASET_JOBS_CHANNEL,
        client: () => new pg.Client(db.options),
        onNotification: () => this.wake(),
        // Anything queued while the connection was down was not announced.
        onConnected: () => this.wake(),
        timers: this.timers,
        ...(this.options.log ? { log: this.options.log } : {}),
      })
    }
    this.loopDone = (async () => {
      await this.listener?.start()
      await this.loop()
    })()
  }

  /** Looks at the queue now (a generation was queued; also announced by notification). */
  wake(): void {
    this.woken = true
    this.wakeUp?.()
  }

  /** Resolves the next time the loop waits with nothing to do (tests, benchmarks). */
  whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      if (this.wakeUp && !this.woken && !this.collectDue) resolve()
      else this.idleWaiters.push(resolve)
    })
  }

  /** Stops the loop; a job in progress goes back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true
    this.stopController.abort()
    this.wake()
    this.clearCollectTimer()
    await this.loopDone
    await this.listener?.close()
  }

  private clearCollectTimer(): void {
    if (this.collectTimer === undefined) return
    this.timers.clear(this.collectTimer)
    this.collectTimer = undefined
  }

  /** Collects, then arms one timer for the next expiry of a superseded file's addresses, if any. */
  private async collectAndSchedule(): Promise<void> {
    this.collectDue = false
    this.clearCollectTimer()
    await this.collect()
    const next = await nextCollectionAt(this.options.db)
    if (!next || this.stopping) return
    const delay = Math.min(Math.max(next.getTime() - Date.now() + 1_000, 0), MAX_TIMER_MS)
    this.collectTimer = this.timers.set(() => {
      this.collectTimer = undefined
      this.collectDue = true
      this.wakeUp?.()
    }, delay)
  }

  private async loop(): Promise<void> {
    let collect = true
    while (!this.stopping) {
      let worked = false
      this.woken = false
      try {
        if (collect || this.collectDue) await this.collectAndSchedule()
        collect = false
        worked = (await this.runOne()) !== null
        // A generation ended: a previous file may now be superseded, a stalled claim may be due.
        if (worked) collect = true
      } catch (error) {
        this.options.log?.(`dataset jobs: ${(error as Error).message}`)
      }
      if (!worked && !this.woken && !this.collectDue && !this.stopping) {
        await new Promise<void>((resolve) => {
          this.wakeUp = resolve
          const waiters = this.idleWaiters
          this.idleWaiters = []
          for (const waiter of waiters) waiter()
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
