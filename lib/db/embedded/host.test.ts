import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { superviseWorker } from './host'

/** A worker running `code` (plain JavaScript). */
const worker = (code: string) => new Worker(code, { eval: true })

describe('superviseWorker', () => {
  it('reports a worker that exits after start-up, once', async () => {
    const reasons: string[] = []
    const dead = new Promise<void>((resolve) =>
      superviseWorker(
        worker('process.exit(3)'),
        () => false,
        (reason) => {
          reasons.push(reason)
          resolve()
        },
      ),
    )
    await dead
    expect(reasons).toEqual(['worker exited with code 3'])
  })

  it('reports an engine that says it is unusable (its backend could not be reset)', async () => {
    const reason = await new Promise<string>((resolve) =>
      superviseWorker(
        worker(
          "require('node:worker_threads').parentPort.postMessage({ type: 'fatal', message: 'the backend could not be reset: boom' })",
        ),
        () => false,
        resolve,
      ),
    )
    expect(reason).toMatch(/could not be reset: boom/)
  })

  it('stays silent while the engine is being stopped', async () => {
    const reasons: string[] = []
    const w = worker('setTimeout(() => process.exit(0), 10)')
    superviseWorker(
      w,
      () => true,
      (reason) => reasons.push(reason),
    )
    await new Promise((resolve) => w.once('exit', resolve))
    expect(reasons).toEqual([])
  })
})
