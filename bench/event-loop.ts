// Does a heavy query on the embedded engine stall the request thread? Runs the same heavy query
// (a 3M-row aggregate) twice while measuring the main thread's event-loop delay:
//   (a) through the app's path: PGlite in its worker thread, reached with `pg` over the socket;
//   (b) raw engine: PGlite opened in the main thread, as an in-process embedded database would be.
// Usage: npm run bench:event-loop
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { openEmbedded } from '@/lib/db/embedded/host'

const HEAVY = `SELECT count(*) AS n, sum(length(md5(g::text))) AS s FROM generate_series(1, 3000000) g`

/** Runs `run` while a 1 ms timer records the longest gap between its ticks (the stall). */
async function measure(
  run: () => Promise<unknown>,
): Promise<{ ms: number; maxStallMs: number; p99StallMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 })
  let last = performance.now()
  let maxGap = 0
  const timer = setInterval(() => {
    const now = performance.now()
    maxGap = Math.max(maxGap, now - last)
    last = now
  }, 1)
  histogram.enable()
  const started = performance.now()
  await run()
  const ms = performance.now() - started
  // Let the timers that were held back fire, so a blocked loop is counted.
  await new Promise((r) => setTimeout(r, 20))
  histogram.disable()
  clearInterval(timer)
  return { ms, maxStallMs: maxGap, p99StallMs: histogram.percentile(99) / 1e6 }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-bench-'))
try {
  const host = await openEmbedded({ dataDir, role: 'app' })
  const client = new pg.Client({ host: host.socketDir, user: 'postgres', database: 'postgres' })
  await client.connect()
  await client.query('SELECT 1')
  const viaWorker = await measure(() => client.query(HEAVY))
  await client.end()
  await host.stop()

  const inProcess = await PGlite.create()
  await inProcess.query('SELECT 1')
  const raw = await measure(() => inProcess.query(HEAVY))
  await inProcess.close()

  const fmt = (n: number) => n.toFixed(1).padStart(8)
  console.log(`heavy query: ${HEAVY}`)
  console.log(`                                   query ms   max stall ms   p99 stall ms`)
  console.log(
    `app path (worker + socket, pg)   ${fmt(viaWorker.ms)}   ${fmt(viaWorker.maxStallMs)}      ${fmt(viaWorker.p99StallMs)}`,
  )
  console.log(
    `raw engine in the main thread    ${fmt(raw.ms)}   ${fmt(raw.maxStallMs)}      ${fmt(raw.p99StallMs)}`,
  )
  console.log(
    `ratio: query time app/raw = ${(viaWorker.ms / raw.ms).toFixed(2)}; worst stall app/raw = ${(viaWorker.maxStallMs / raw.maxStallMs).toFixed(3)}`,
  )
  console.log(
    viaWorker.maxStallMs < 20
      ? 'OK: the request thread never stalled 20 ms or more'
      : 'FAIL: stall of 20 ms or more',
  )
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true })
}
