// How a queued file generation reaches the workers of every app instance: a NOTIFY on one channel,
// sent by the transaction that queues it (delivered at its commit, never for a rolled-back one).
// The workers LISTEN on it (lib/datasets/job-runner.ts); PostgreSQL and the embedded engine's wire
// server both deliver it.
import type { Queryable } from '../db/pool'

export const DATASET_JOBS_CHANNEL = 'tda_dataset_jobs'

/** Inside the transaction that queues (or gives back) a generation. */
export async function signalJobQueued(db: Queryable): Promise<void> {
  await db.query(`NOTIFY ${DATASET_JOBS_CHANNEL}`)
}
