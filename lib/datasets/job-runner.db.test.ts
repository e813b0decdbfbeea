// The dataset worker sleeps while nothing is queued, on both engines: no timer armed and no query
// sent while idle; a generation queued on another connection (no wake() in this process) reaches it
// by the NOTIFY of the queuing transaction; the LISTEN connection comes back after a loss.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChannelListener, type ListenerTimers } from '../db/listener'
import { closePool, pool } from '../db/pool'
import { LocalFileStore } from '../files/local-store'
import { insertEstablishments, testSiren } from '../testing/dataset-fixtures'
import { engineSkipped, testEngine } from '../testing/engine'
import { createDataset } from './datasets'
import { DatasetJobRunner, type JobOutcome } from './job-runner'
import { DATASET_JOBS_CHANNEL, signalJobQueued } from './job-signal'
import { nextCollectionAt } from './jobs'

/** Resolves once `condition` holds, checking after each turn of the event loop (no fixed delay). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve))
}

/** Timers the test fires itself: what is armed is visible, nothing fires on its own. */
function manualTimers() {
  const armed = new Map<number, { fn: () => void; ms: number }>()
  let id = 0
  const timers: ListenerTimers = {
    set: (fn, ms) => {
      armed.set(++id, { fn, ms })
      return id
    },
    clear: (handle) => armed.delete(handle as number),
  }
  const fire = () => {
    const due = [...armed.values()]
    armed.clear()
    for (const timer of due) timer.fn()
  }
  return { timers, armed, fire }
}

let root: string
let store: LocalFileStore
let other: pg.Pool

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-job-runner-'))
  store = new LocalFileStore({
    root,
    baseUrl: 'http://localhost:3000',
    secret: 'job-runner-db-test-secret-0123456789',
  })
  other = new pg.Pool({ ...pool().options, max: 1 })
})

afterAll(async () => {
  await other.end()
  await closePool()
  fs.rmSync(root, { recursive: true, force: true })
})

describe.skipIf(engineSkipped)(`dataset worker on ${testEngine}`, () => {
  const siren = testSiren(testEngine === 'postgres' ? 141 : 142)

  beforeAll(async () => {
    await insertEstablishments(siren, 5)
  })

  it('arms no timer while idle and is woken by a generation queued on another connection', async () => {
    const clock = manualTimers()
    const outcomes: { datasetId: string; outcome: JobOutcome }[] = []
    const runner = new DatasetJobRunner({
      store,
      engine: testEngine,
      timers: clock.timers,
      onOutcome: (job, outcome) => outcomes.push({ datasetId: job.datasetId, outcome }),
    })
    // Every statement the worker's pool sends, to prove it sends none while idle.
    const submitted: string[] = []
    const workerPool = new pg.Pool({ ...pool().options, max: 2 })
    workerPool.on('connect', (client) => {
      const original = client.query.bind(client) as (...args: unknown[]) => unknown
      ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
        const text = args[0]
        submitted.push(typeof text === 'string' ? text : String((text as { text?: string }).text))
        return original(...args)
      }
    })
    const withPool = new DatasetJobRunner({
      store,
      engine: testEngine,
      db: workerPool,
      timers: clock.timers,
      onOutcome: (job, outcome) => outcomes.push({ datasetId: job.datasetId, outcome }),
    })
    runner.start()
    withPool.start()
    try {
      await runner.whenIdle()
      await withPool.whenIdle()
      // Only the timer for the expiry of a superseded file's addresses, when one is kept.
      const expectedTimers = (await nextCollectionAt()) === null ? 0 : 2
      expect(clock.armed.size).toBe(expectedTimers)
      for (const timer of clock.armed.values()) expect(timer.ms).toBeGreaterThan(0)
      const before = submitted.length
      // Many turns of the event loop: an idle worker sends nothing.
      for (let i = 0; i < 200; i++) await new Promise((resolve) => setImmediate(resolve))
      expect(submitted.length).toBe(before)

      const dataset = await createDataset(
        { title: 'Réveil', model: 'siret', search: { siren }, encoding: 'UTF-8' },
        other,
      )
      await until(() => outcomes.some((o) => o.datasetId === dataset.id))
      expect(outcomes.filter((o) => o.datasetId === dataset.id)).toEqual([
        { datasetId: dataset.id, outcome: 'published' },
      ])
      await runner.whenIdle()
      await withPool.whenIdle()
      // The heartbeat ended with the job.
      const afterJob = (await nextCollectionAt()) === null ? 0 : 2
      expect(clock.armed.size).toBe(afterJob)
    } finally {
      await runner.stop()
      await withPool.stop()
      await workerPool.end()
    }
  })

  it('listens again after losing its connection, and looks at the queue then', async () => {
    const clock = manualTimers()
    const notified: string[] = []
    let connections = 0
    let client: pg.Client | null = null
    const listener = new ChannelListener({
      channel: DATASET_JOBS_CHANNEL,
      client: () => (client = new pg.Client(pool().options)),
      onNotification: (payload) => notified.push(payload),
      onConnected: () => connections++,
      timers: clock.timers,
    })
    try {
      await listener.start()
      expect(connections).toBe(1)
      expect(clock.armed.size).toBe(0)
      await signalJobQueued(other)
      await until(() => notified.length === 1)

      // The connection dies: one retry is armed, and nothing else.
      ;(client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
      await until(() => !listener.connected && clock.armed.size === 1)
      clock.fire()
      await until(() => connections === 2)
      expect(listener.connected).toBe(true)
      expect(clock.armed.size).toBe(0)
      await signalJobQueued(other)
      await until(() => notified.length === 2)
    } finally {
      await listener.close()
    }
  })
})
