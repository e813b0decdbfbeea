// The queue of file generations, in the database so that several app instances (and CLI commands)
// share it: a worker claims the oldest pending version with FOR UPDATE SKIP LOCKED, reports progress
// (which doubles as a heartbeat), then publishes the file or records the failure. A worker that dies
// stops beating; after `staleSeconds` another one claims the version again, up to `maxAttempts`.
// Until then the previous version stays served. Collection deletes superseded files once every
// address issued for them has expired, snapshots no version needs, and files no version knows.
import type pg from 'pg'
import { pool, query, type Queryable } from '../db/pool'
import type { FileStore } from '../files/file-store'
import { inTransaction } from './datasets'
import { signalJobQueued } from './job-signal'
import type { DatasetEncoding } from './encoding'
import type { DatasetModelType } from './models'

export interface Job {
  datasetId: string
  version: number
  snapshotId: number
  encoding: DatasetEncoding
  total: number
  model: DatasetModelType
  attempts: number
  workerId: string
}

export interface ClaimOptions {
  /** A generating version whose heartbeat is older than this is claimed again. */
  staleSeconds: number
  maxAttempts: number
  /** Only this dataset's versions. */
  datasetId?: string
}

export async function claimNextJob(
  workerId: string,
  options: ClaimOptions,
  db?: Queryable,
): Promise<Job | null> {
  const { rows } = await query<{
    dataset_id: string
    version: number
    snapshot_id: number
    encoding: DatasetEncoding
    total: number
    attempts: number
    model: DatasetModelType
  }>(
    `WITH next AS (
       SELECT v.dataset_id, v.version FROM dataset_version v
        WHERE (v.status = 'pending'
               OR (v.status = 'generating' AND v.heartbeat_at < now() - make_interval(secs => $2::double precision)))
          AND v.attempts < $3
          AND ($4::uuid IS NULL OR v.dataset_id = $4::uuid)
        ORDER BY v.created_at, v.version
        LIMIT 1
        FOR UPDATE SKIP LOCKED
     )
     UPDATE dataset_version v
        SET status = 'generating', claimed_by = $1, attempts = v.attempts + 1, started_at = now(),
            heartbeat_at = now(), rows_done = 0, failure_reason = NULL
       FROM next, dataset d
      WHERE v.dataset_id = next.dataset_id AND v.version = next.version AND d.id = v.dataset_id
      RETURNING v.dataset_id, v.version, v.snapshot_id, v.encoding, v.total, v.attempts, d.model`,
    [workerId, options.staleSeconds, options.maxAttempts, options.datasetId ?? null],
    db,
  )
  const row = rows[0]
  if (!row) return null
  return {
    datasetId: row.dataset_id,
    version: row.version,
    snapshotId: Number(row.snapshot_id),
    encoding: row.encoding,
    total: row.total,
    attempts: row.attempts,
    model: row.model,
    workerId,
  }
}

const OWNED = `dataset_id = $1 AND version = $2 AND claimed_by = $3 AND status = 'generating'`

/** Records progress and proves the worker alive; false when the job is no longer this worker's. */
export async function recordProgress(job: Job, rowsDone: number, db?: Queryable): Promise<boolean> {
  const { rowCount } = await query(
    `UPDATE dataset_version SET rows_done = $4, heartbeat_at = now() WHERE ${OWNED}`,
    [job.datasetId, job.version, job.workerId, rowsDone],
    db,
  )
  return rowCount === 1
}

export interface GeneratedFile {
  name: string
  bytes: number
  rows: number
  replacedCharacters: number
}

/**
 * Marks the version ready with its (already published) file and makes it the served version unless
 * a newer one already is. 'lost' when the job was no longer this worker's.
 */
export async function completeJob(
  job: Job,
  file: GeneratedFile,
  db?: pg.Pool | pg.PoolClient,
): Promise<'published' | 'lost'> {
  return inTransaction(db, async (client) => {
    const { rowCount } = await client.query(
      `UPDATE dataset_version
          SET status = 'ready', rows_done = $4, file_name = $5, file_bytes = $6, replaced_characters = $7,
              finished_at = now(), heartbeat_at = NULL
        WHERE ${OWNED}`,
      [job.datasetId, job.version, job.workerId, file.rows, file.name, file.bytes, file.replacedCharacters],
    )
    if (rowCount !== 1) return 'lost'
    await client.query(
      `UPDATE dataset SET current_version = $2, updated_at = now()
        WHERE id = $1 AND (current_version IS NULL OR current_version < $2)`,
      [job.datasetId, job.version],
    )
    return 'published'
  })
}

export async function failJob(job: Job, reason: string, db?: Queryable): Promise<void> {
  await query(
    `UPDATE dataset_version SET status = 'failed', failure_reason = $4, finished_at = now(), heartbeat_at = NULL
      WHERE ${OWNED}`,
    [job.datasetId, job.version, job.workerId, reason.slice(0, 500)],
    db,
  )
}

/** Gives an unfinished job back to the queue (shutdown): another worker takes it at once. */
export async function releaseJob(job: Job, db?: Queryable): Promise<void> {
  const { rowCount } = await query(
    `UPDATE dataset_version SET status = 'pending', claimed_by = NULL, heartbeat_at = NULL, rows_done = 0,
            attempts = greatest(0, attempts - 1)
      WHERE ${OWNED}`,
    [job.datasetId, job.version, job.workerId],
    db,
  )
  if (rowCount === 1) await signalJobQueued(db ?? pool())
}

/** Whether the version is ready (another worker may have published the same file). */
export async function isVersionReady(datasetId: string, version: number, db?: Queryable): Promise<boolean> {
  const { rows } = await query(
    `SELECT 1 FROM dataset_version WHERE dataset_id = $1 AND version = $2 AND status = 'ready'`,
    [datasetId, version],
    db,
  )
  return rows.length > 0
}

/** A dataset file name: `<uuid>-v<version>[-iso-8859-15].csv`. */
const DATASET_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-v\d+(-iso-8859-15)?\.csv$/

export interface CollectOptions {
  staleSeconds: number
  maxAttempts: number
  /** Also delete files no version knows that are older than this (orphans); skipped when undefined. */
  orphanAgeSeconds?: number
  log?: (line: string) => void
}

export interface Collected {
  filesDeleted: string[]
  snapshotsDeleted: number
  jobsFailed: number
}

export async function collectGarbage(
  store: FileStore,
  options: CollectOptions,
  db?: Queryable,
): Promise<Collected> {
  // Jobs whose workers kept dying.
  const failed = await query(
    `UPDATE dataset_version
        SET status = 'failed', finished_at = now(), heartbeat_at = NULL,
            failure_reason = 'La génération a été interrompue ' || attempts || ' fois.'
      WHERE status = 'generating' AND attempts >= $2
        AND heartbeat_at < now() - make_interval(secs => $1::double precision)`,
    [options.staleSeconds, options.maxAttempts],
    db,
  )

  // Superseded files whose addresses have all expired.
  const expired = await query<{ file_name: string }>(
    `UPDATE dataset_version v SET file_deleted_at = now()
       FROM dataset d
      WHERE d.id = v.dataset_id AND v.status = 'ready' AND v.file_deleted_at IS NULL
        AND v.version < d.current_version
        AND (v.addresses_expire_at IS NULL OR v.addresses_expire_at < now())
      RETURNING v.file_name`,
    [],
    db,
  )
  const filesDeleted: string[] = []
  for (const { file_name } of expired.rows) {
    try {
      await store.remove(file_name)
      filesDeleted.push(file_name)
    } catch (error) {
      options.log?.(`could not delete ${file_name}: ${(error as Error).message}`)
    }
  }

  // Snapshots that no served, queued or running version reads.
  const snapshots = await query(
    `DELETE FROM dataset_snapshot s
      WHERE NOT EXISTS (
        SELECT 1 FROM dataset_version v JOIN dataset d ON d.id = v.dataset_id
         WHERE v.snapshot_id = s.id
           AND (v.status IN ('pending', 'generating')
                OR v.version = d.current_version
                OR (d.current_version IS NULL
                    AND v.version = (SELECT max(m.version) FROM dataset_version m WHERE m.dataset_id = d.id))))`,
    [],
    db,
  )

  // Files left by a crash between publishing and recording, or by a deletion that failed.
  if (options.orphanAgeSeconds !== undefined) {
    const known = new Set(
      (
        await query<{ file_name: string }>(
          'SELECT file_name FROM dataset_version WHERE file_name IS NOT NULL AND file_deleted_at IS NULL',
          [],
          db,
        )
      ).rows.map((r) => r.file_name),
    )
    const before = Date.now() - options.orphanAgeSeconds * 1000
    for await (const file of store.list()) {
      if (!DATASET_FILE.test(file.name) || known.has(file.name) || file.modifiedAt.getTime() > before)
        continue
      try {
        await store.remove(file.name)
        filesDeleted.push(file.name)
      } catch (error) {
        options.log?.(`could not delete ${file.name}: ${(error as Error).message}`)
      }
    }
  }
  return { filesDeleted, snapshotsDeleted: snapshots.rowCount ?? 0, jobsFailed: failed.rowCount ?? 0 }
}

/**
 * When collection next has something to do that time alone brings: the earliest expiry of the
 * addresses of a superseded file still kept (null when none waits). Everything else collection
 * does follows an event (a generation ending, a worker starting).
 */
export async function nextCollectionAt(db?: Queryable): Promise<Date | null> {
  const { rows } = await query<{ at: Date | null }>(
    `SELECT min(v.addresses_expire_at) AS at
       FROM dataset_version v JOIN dataset d ON d.id = v.dataset_id
      WHERE v.status = 'ready' AND v.file_deleted_at IS NULL AND v.version < d.current_version
        AND v.addresses_expire_at IS NOT NULL`,
    [],
    db,
  )
  return rows[0]?.at ?? null
}
