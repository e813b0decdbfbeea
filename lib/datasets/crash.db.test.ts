// A worker process killed in the middle of a generation: the previous version stays served and its
// file intact, the half-written file is never served, and another worker takes the job over once the
// dead one has been silent long enough, then publishes the new version.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePool, query } from '../db/pool'
import { LocalFileStore } from '../files/local-store'
import { sweepTempFiles, tempFileName } from '../files/temp-files'
import { insertEstablishments, testSiren } from '../testing/dataset-fixtures'
import { engineSkipped, testEngine } from '../testing/engine'
import { createDataset, getDatasetOrThrow, refreshDataset } from './datasets'
import { DatasetJobRunner } from './job-runner'
import { issueDownload } from './published'

afterAll(() => closePool())

let root: string
let store: LocalFileStore
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-crash-'))
  store = new LocalFileStore({
    root,
    baseUrl: 'http://localhost',
    secret: 'dataset-worker-secret-0123456789abcdef',
  })
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(engineSkipped)(`a worker crashing mid-generation on ${testEngine}`, () => {
  it('leaves the previous version served; another worker takes over and publishes', async () => {
    const siren = testSiren(testEngine === 'postgres' ? 201 : 202)
    await insertEstablishments(siren, 600)
    const dataset = await createDataset({
      title: 'Panne',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    const runner = new DatasetJobRunner({ store, engine: testEngine, heartbeatMs: 20 })
    expect(await runner.runUntilIdle(dataset.id)).toEqual(['published'])
    const v1 = `${dataset.id}-v1.csv`
    const v1Bytes = fs.readFileSync(path.join(root, v1))
    await refreshDataset(dataset.id)

    const child = spawn(
      process.execPath,
      // One process (tsx as a loader, not its CLI, which would run the worker in a child of its own
      // that SIGKILL would not reach).
      ['--import', 'tsx', 'lib/testing/dataset-worker.ts', root, dataset.id, 'doomed-worker'],
      { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    )
    let output = ''
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))

    // Wait until the child has written rows of version 2, then kill it without warning.
    const deadline = Date.now() + 120_000
    let progress = 0
    while (progress === 0) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`worker did not start: ${output}`)
      await sleep(20)
      const { rows } = await query<{ rows_done: number }>(
        `SELECT rows_done FROM dataset_version
          WHERE dataset_id = $1 AND version = 2 AND status = 'generating' AND claimed_by = 'doomed-worker'`,
        [dataset.id],
      )
      progress = rows[0]?.rows_done ?? 0
    }
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')

    const killed = await getDatasetOrThrow(dataset.id)
    expect(killed.latest).toMatchObject({ version: 2, status: 'generating' })
    expect(killed.latest.rowsDone).toBeLessThan(600)
    expect(killed.current).toMatchObject({ version: 1, fileName: v1 })
    // Its half-written file lies in the temporary directory, never under a served name.
    const partial = fs.readdirSync(store.tempDir).filter((f) => f.startsWith(`${dataset.id}-v2.csv.`))
    expect(partial).toHaveLength(1)
    expect(fs.existsSync(path.join(root, `${dataset.id}-v2.csv`))).toBe(false)
    // Its name says which process wrote it: the next start of an instance removes it at once (the
    // writer is gone), not an hour later; a young file of a running writer stays.
    const running = path.join(store.tempDir, tempFileName(`${dataset.id}-v9.csv`))
    fs.writeFileSync(running, 'id\n')
    expect(await sweepTempFiles(store.tempDir)).toEqual([path.join(store.tempDir, partial[0]!)])
    expect(fs.existsSync(running)).toBe(true)
    fs.rmSync(running)
    const download = await issueDownload(dataset.id, 60, store)
    expect(download).toMatchObject({ version: 1, fileName: v1 })
    expect(fs.readFileSync(path.join(root, v1)).equals(v1Bytes)).toBe(true)

    // While the dead worker's heartbeat is recent, nobody takes its job.
    const rescuer = new DatasetJobRunner({ store, engine: testEngine, staleSeconds: 60, orphanAgeSeconds: 0 })
    expect(await rescuer.runUntilIdle(dataset.id)).toEqual([])
    // Once it has been silent for longer than staleSeconds (heartbeat moved back instead of waiting):
    await query(
      `UPDATE dataset_version SET heartbeat_at = now() - interval '61 seconds' WHERE dataset_id = $1 AND version = 2`,
      [dataset.id],
    )
    expect(await rescuer.runUntilIdle(dataset.id)).toEqual(['published'])
    const rescued = await getDatasetOrThrow(dataset.id)
    expect(rescued.current).toMatchObject({ version: 2, status: 'ready', attempts: 2, rowsDone: 600 })
    expect((await issueDownload(dataset.id, 60, store)).fileName).toBe(`${dataset.id}-v2.csv`)
    // Collection removes the dead worker's temporary file.
    await rescuer.collect()
    expect(fs.readdirSync(store.tempDir).filter((f) => f.startsWith(`${dataset.id}-`))).toEqual([])
  })
})
