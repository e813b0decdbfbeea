// Worker thread staging one self-contained file (legal units or positions) while the main thread
// stages the establishments: file reading and mapping use a second core. It connects to the same
// database as the command (its own pool, same configuration) and reports progress and the file's
// summary by message.
import { parentPort, workerData } from 'node:worker_threads'
import { z } from 'zod'
import { closePool, pool } from '../db/pool'
import { geolocationMapper, legalUnitMapper, stageFile } from './stage-file'

const dataSchema = z.object({
  kind: z.enum(['unitesLegales', 'geolocalisation']),
  file: z.string(),
  chunkRows: z.number().int().positive().optional(),
})

export type StageWorkerMessage =
  | { type: 'progress'; bytes: number; size: number; rows: number }
  | {
      type: 'done'
      summary: { fichier: string; lues: number; retenues: number; ignorees: Record<string, number> }
    }
  | { type: 'error'; message: string }

async function run(): Promise<void> {
  const data = dataSchema.parse(workerData)
  const client = await pool().connect()
  try {
    const summary = await stageFile(
      client,
      data.kind,
      data.file,
      data.kind === 'unitesLegales' ? legalUnitMapper : geolocationMapper,
      (bytes, size, rows) =>
        parentPort?.postMessage({ type: 'progress', bytes, size, rows } satisfies StageWorkerMessage),
      data.chunkRows,
    )
    parentPort?.postMessage({ type: 'done', summary } satisfies StageWorkerMessage)
  } finally {
    client.release()
    await closePool()
  }
}

run().catch((error: unknown) => {
  parentPort?.postMessage({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
  } satisfies StageWorkerMessage)
})
