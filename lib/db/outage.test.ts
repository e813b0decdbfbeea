// Database outages against a PostgreSQL cluster this test starts, stops and freezes itself
// (lib/testing/throwaway-cluster.ts): the requests' pool gives up within its connection and
// statement timeouts, routes answer 503/504 (never 500), the monitor logs one line per state
// change, and the pool recovers without a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderProblem } from '../http/render-problem'
import { startThrowawayCluster, type ThrowawayCluster } from '../testing/throwaway-cluster'
import { DatabaseMonitor, installMonitor } from './availability'
import { connectionConfig } from './connection'
import { TrackedPool } from './origin'

let cluster: ThrowawayCluster
let pool: TrackedPool
const lines: string[] = []
let monitor: DatabaseMonitor

beforeAll(async () => {
  cluster = await startThrowawayCluster()
  pool = new TrackedPool(
    connectionConfig(
      {
        DATABASE_URL: cluster.url,
        dataDir: '/nonexistent',
        DB_POOL_SIZE: 4,
        DB_CONNECT_TIMEOUT_MS: 500,
        DB_STATEMENT_TIMEOUT_MS: 500,
      },
      { requestTimeouts: true },
    ),
  )
  pool.on('error', () => {})
  // Probes are driven by the test (probeNow), not by timers.
  monitor = new DatabaseMonitor({
    probe: () => pool.query('SELECT 1'),
    log: (l) => lines.push(l),
    schedule: () => () => {},
  })
  installMonitor(monitor)
}, 120_000)

afterAll(async () => {
  installMonitor(undefined)
  cluster?.thaw()
  await pool?.end().catch(() => {})
  cluster?.destroy()
})

/** The problem a route would answer for the error of `work`. */
async function answerTo(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error, 'the query should have failed').not.toBeNull()
  return renderProblem(error, '/v0/eco/sirets')
}

describe('database outages', () => {
  it('answers 504 when a statement outlives DB_STATEMENT_TIMEOUT_MS', async () => {
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
    const answer = await answerTo(pool.query('SELECT pg_sleep(5)'))
    expect(answer.status).toBe(504)
    expect(answer.headers['Retry-After']).toBe('1')
    expect(monitor.available).toBe(true)
  })

  it('answers 503/504 within the timeouts while the server is frozen, and recovers when it thaws', async () => {
    // An idle connection is kept: one query will find a frozen server on an open socket.
    const held = await pool.connect()
    held.release()
    cluster.freeze()
    try {
      const onOpenSocket = await answerTo(pool.query('SELECT 1'))
      expect([503, 504]).toContain(onOpenSocket.status)
      const clients = await Promise.all([1, 2, 3, 4, 5].map(() => answerTo(pool.query('SELECT 1'))))
      for (const answer of clients) expect(answer.status).toBe(503)
      expect(monitor.available).toBe(false)
      await monitor.probeNow()
      expect(monitor.available).toBe(false)
    } finally {
      cluster.thaw()
    }
    await monitor.probeNow()
    expect(monitor.available).toBe(true)
    expect((await pool.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }])
  })

  it('answers 503 with Retry-After while the server is stopped, logging one line per change', async () => {
    lines.length = 0
    cluster.stop()
    const answers = await Promise.all(Array.from({ length: 20 }, () => answerTo(pool.query('SELECT 1'))))
    for (const answer of answers) {
      expect(answer.status).toBe(503)
      expect(answer.headers['Content-Type']).toBe('application/problem+json; charset=utf-8')
      expect(answer.headers['Retry-After']).toBe('1')
    }
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/unreachable/)
    cluster.start()
    await monitor.probeNow()
    expect(monitor.available).toBe(true)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(/reachable again .*\(20 failed requests/)
    expect((await pool.query('SELECT 3 AS three')).rows).toEqual([{ three: 3 }])
  })
})
