// Main-thread side of stage-worker.ts: stages a file in a worker thread, relays its progress, and
// can stop it (the worker's connection closes with it, ending any COPY in progress).
import { Worker } from 'node:worker_threads'
import type { FileProgress, FileSummary } from './stage-file'
import type { StageWorkerMessage } from './stage-worker'

export interface StagingWorker {
  done: Promise<FileSummary>
  stop(): Promise<void>
}

export function stageInWorker(
  kind: 'unitesLegales' | 'geolocalisation',
  file: string,
  onProgress: FileProgress,
  chunkRows?: number,
): StagingWorker {
  const worker = new Worker(new URL('./stage-worker-entry.mjs', import.meta.url), {
    workerData: { kind, file, ...(chunkRows ? { chunkRows } : {}) },
  })
  let finished = false
  const done = new Promise<FileSummary>((resolve, reject) => {
    worker.on('message', (message: StageWorkerMessage) => {
      if (message.type === 'progress') onProgress(message.bytes, message.size, message.rows)
      else if (message.type === 'done') {
        finished = true
        resolve(message.summary)
      } else {
        finished = true
        reject(new Error(message.message))
      }
    })
    worker.once('error', (error) => {
      finished = true
      reject(error)
    })
    worker.once('exit', (code) => {
      if (!finished) reject(new Error(`staging of ${file} stopped (worker exit code ${code})`))
    })
  })
  // Avoid an unhandled rejection when the caller stops the worker after another failure.
  done.catch(() => {})
  return {
    done,
    async stop() {
      finished = true
      await worker.terminate()
    },
  }
}
