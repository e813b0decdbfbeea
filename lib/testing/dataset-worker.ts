// A dataset generation worker in a process of its own, for the crash test: it claims the given
// dataset's queued version and generates it slowly (one row per COPY), until the test kills it.
// Usage: tsx lib/testing/dataset-worker.ts <files root> <dataset id> <worker id>
import { DatasetJobRunner } from '../datasets/job-runner'
import { startDatabase } from '../db/engine'
import { LocalFileStore } from '../files/local-store'

const [root, datasetId, workerId] = process.argv.slice(2)
if (!root || !datasetId || !workerId)
  throw new Error('usage: dataset-worker.ts <root> <dataset id> <worker id>')

const handle = await startDatabase('cli')
const store = new LocalFileStore({
  root,
  baseUrl: 'http://localhost',
  secret: 'dataset-worker-secret-0123456789abcdef',
})
const runner = new DatasetJobRunner({ store, engine: handle.kind, workerId, chunkRows: 1, heartbeatMs: 20 })
const outcomes = await runner.runUntilIdle(datasetId)
console.log(JSON.stringify(outcomes))
await handle.close()
