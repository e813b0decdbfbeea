// Opens the embedded engine for this process, or finds the process that already has it open.
//
// - The app always owns the data directory: if a CLI command holds it, the app waits for it to
//   finish; if another app instance holds it, the app refuses to start.
// - A CLI command borrows the running app's engine through its socket; when no app runs, the
//   command opens the directory itself for its own duration.
import net from 'node:net'
import { Worker } from 'node:worker_threads'
import { embeddedPaths } from './paths'
import { tryAcquire, type Owner, type OwnerRole } from './lock'
import type { EmbeddedWorkerData, EmbeddedWorkerMessage } from './worker'

export interface EmbeddedHandle {
  /** True when this process opened the engine; false when it borrows another process's. */
  owner: boolean
  socketDir: string
  stop(): Promise<void>
  /** Connections to the engine and statements waiting for it (the owner only). */
  stats?(): Promise<EngineStats>
}

export interface EngineStats {
  connections: number
  queued: number
}

/** Asks the engine's worker for its figures (answered between two statements). */
function workerStats(worker: Worker): Promise<EngineStats> {
  return new Promise((resolve) => {
    const onMessage = (message: EmbeddedWorkerMessage) => {
      if (message.type !== 'stats') return
      worker.off('message', onMessage)
      resolve({ connections: message.connections, queued: message.queued })
    }
    worker.on('message', onMessage)
    worker.postMessage('stats')
  })
}

class EmbeddedBusyError extends Error {
  override name = 'EmbeddedBusyError'
  constructor(readonly holder: Owner) {
    super(
      `The embedded database is open in another ${holder.role === 'app' ? 'app instance' : 'command'} ` +
        `(pid ${holder.pid}, since ${holder.startedAt}). Stop it, use another DATA_DIR, ` +
        'or set DATABASE_URL to share a PostgreSQL server between instances.',
    )
  }
}

function canConnect(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** What to do when the engine dies after start-up; by default the process exits with this message. */
export type EngineDeath = (reason: string) => void

const exitOnDeath: EngineDeath = (reason) => {
  console.error(
    `[db] FATAL: the embedded database engine stopped unexpectedly (${reason}). ` +
      'The process exits so that it is restarted (a dead engine would leave every request hanging).',
  )
  process.exit(1)
}

/**
 * Watches a started engine worker: its exit, an uncaught error or a `fatal` message while it is
 * not being stopped is reported once to `onDeath`.
 */
export function superviseWorker(worker: Worker, stopping: () => boolean, onDeath: EngineDeath): void {
  let reported = false
  const report = (reason: string) => {
    if (reported || stopping()) return
    reported = true
    onDeath(reason)
  }
  worker.on('error', (error) => report(`error: ${error.message}`))
  worker.on('exit', (code) => report(`worker exited with code ${code}`))
  worker.on('message', (message: EmbeddedWorkerMessage) => {
    if (message.type === 'fatal') report(message.message)
  })
}

async function startWorker(data: EmbeddedWorkerData): Promise<Worker> {
  const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: data })
  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: EmbeddedWorkerMessage) => {
      if (message.type === 'ready') resolve()
      else if (message.type === 'error')
        reject(new Error(`Embedded engine failed to start: ${message.message}`))
    }
    worker.on('message', onMessage)
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`Embedded engine exited during start-up (code ${code})`)))
  })
  worker.removeAllListeners('exit')
  worker.removeAllListeners('error')
  return worker
}

function stopWorker(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 30_000)
    worker.on('message', (message: EmbeddedWorkerMessage) => {
      if (message.type !== 'stopped') return
      clearTimeout(timer)
      void worker.terminate().then(() => resolve())
    })
    worker.postMessage('stop')
  })
}

async function own(
  dataDir: string,
  role: OwnerRole,
  options: Pick<OpenEmbeddedOptions, 'onEngineDeath' | 'idleInTransactionTimeoutMs'>,
): Promise<EmbeddedHandle | Owner> {
  const paths = embeddedPaths(dataDir)
  const lock = tryAcquire(paths.lockPath, role)
  if (!lock.acquired) return lock.owner
  let worker: Worker
  try {
    worker = await startWorker({
      pgliteDir: paths.pgliteDir,
      socketPath: paths.socketPath,
      ...(options.idleInTransactionTimeoutMs !== undefined
        ? { idleInTransactionTimeoutMs: options.idleInTransactionTimeoutMs }
        : {}),
    })
  } catch (error) {
    lock.release()
    throw error
  }
  let stopped: Promise<void> | undefined
  superviseWorker(worker, () => stopped !== undefined, options.onEngineDeath ?? exitOnDeath)
  return {
    owner: true,
    socketDir: paths.socketDir,
    stats: () => workerStats(worker),
    stop: () =>
      (stopped ??= stopWorker(worker).finally(() => {
        lock.release()
      })),
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface OpenEmbeddedOptions {
  dataDir: string
  role: OwnerRole
  /** Called while the app waits for a command to release the directory. */
  onWait?: (holder: Owner) => void
  /** The engine died after start-up (default: log a clear message and exit the process). */
  onEngineDeath?: EngineDeath
  idleInTransactionTimeoutMs?: number
}

export async function openEmbedded({
  dataDir,
  role,
  onWait,
  ...options
}: OpenEmbeddedOptions): Promise<EmbeddedHandle> {
  const paths = embeddedPaths(dataDir)
  let lastNotice = 0
  const deadline = Date.now() + 60_000
  for (;;) {
    const result = await own(dataDir, role, options)
    if ('stop' in result) return result
    const holder = result
    if (role === 'cli') {
      if (await canConnect(paths.socketPath)) {
        return { owner: false, socketDir: paths.socketDir, stop: async () => {} }
      }
      // The holder is starting up or shutting down: try again shortly.
      if (Date.now() > deadline) throw new EmbeddedBusyError(holder)
    } else if (holder.role === 'app') {
      throw new EmbeddedBusyError(holder)
    } else if (Date.now() - lastNotice > 10_000) {
      lastNotice = Date.now()
      onWait?.(holder)
    }
    await sleep(250)
  }
}
