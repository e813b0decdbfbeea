// Worker thread that owns PGlite: queries run here, off the request thread, and reach it through
// the wire server's unix socket.
import fs from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { WireServer } from './wire-server'

export interface EmbeddedWorkerData {
  pgliteDir: string
  socketPath: string
  idleInTransactionTimeoutMs?: number
}

export type EmbeddedWorkerMessage =
  | { type: 'ready' }
  | { type: 'stopped' }
  | { type: 'error'; message: string }
  /** The engine is unusable after start-up: the host process must stop. */
  | { type: 'fatal'; message: string }
  /** Answer to the host's 'stats' message (the metrics' scrape). */
  | { type: 'stats'; connections: number; queued: number }

const port = parentPort
if (!port) throw new Error('embedded worker must run in a worker thread')
const data = workerData as EmbeddedWorkerData

async function main(): Promise<void> {
  fs.mkdirSync(data.pgliteDir, { recursive: true })
  fs.rmSync(data.socketPath, { force: true })
  const db = await PGlite.create({ dataDir: data.pgliteDir, extensions: { pg_trgm, unaccent } })
  const server = new WireServer({
    db,
    socketPath: data.socketPath,
    ...(data.idleInTransactionTimeoutMs !== undefined
      ? { idleInTransactionTimeoutMs: data.idleInTransactionTimeoutMs }
      : {}),
    onFatal: (error) =>
      port!.postMessage({
        type: 'fatal',
        message: `the backend could not be reset: ${error instanceof Error ? error.message : String(error)}`,
      } satisfies EmbeddedWorkerMessage),
  })
  await server.listen()
  port!.on('message', (message: unknown) => {
    if (message === 'stats') {
      port!.postMessage({ type: 'stats', ...server.stats } satisfies EmbeddedWorkerMessage)
      return
    }
    if (message !== 'stop') return
    void (async () => {
      await server.close()
      await db.close()
      fs.rmSync(data.socketPath, { force: true })
      port!.postMessage({ type: 'stopped' } satisfies EmbeddedWorkerMessage)
    })()
  })
  port!.postMessage({ type: 'ready' } satisfies EmbeddedWorkerMessage)
}

main().catch((error: unknown) => {
  port.postMessage({
    type: 'error',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  } satisfies EmbeddedWorkerMessage)
})
