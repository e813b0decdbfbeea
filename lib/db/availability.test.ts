import net from 'node:net'
import pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import { classifyDatabaseError, DatabaseMonitor } from './availability'
import { markDatabaseError, TrackedClient, TrackedPool } from './origin'

const refusedCode = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
const fromDb = <T>(error: T) => markDatabaseError(error)
const refused = fromDb(refusedCode())
/** What a client closing its request mid-body raises: the same code, another origin. */
const requestAborted = () => Object.assign(new Error('aborted'), { code: 'ECONNRESET' })

describe('classifyDatabaseError', () => {
  it('tells unreachable databases and timeouts from other errors of the database', () => {
    expect(classifyDatabaseError(refused)).toBe('unreachable')
    expect(classifyDatabaseError(fromDb(new Error('Connection terminated unexpectedly')))).toBe('unreachable')
    expect(classifyDatabaseError(fromDb(new Error('timeout exceeded when trying to connect')))).toBe(
      'unreachable',
    )
    expect(classifyDatabaseError(fromDb(Object.assign(new Error('x'), { code: '57P01' })))).toBe(
      'unreachable',
    )
    expect(classifyDatabaseError(fromDb(Object.assign(new Error('x'), { code: '08006' })))).toBe(
      'unreachable',
    )
    expect(classifyDatabaseError(new AggregateError([refused]))).toBe('unreachable')
    expect(classifyDatabaseError(new Error('wrapped', { cause: refused }))).toBe('unreachable')
    expect(
      classifyDatabaseError(fromDb(Object.assign(new Error('canceling statement'), { code: '57014' }))),
    ).toBe('timeout')
    expect(classifyDatabaseError(fromDb(new Error('Query read timeout')))).toBe('timeout')
    expect(classifyDatabaseError(fromDb(Object.assign(new Error('syntax'), { code: '42601' })))).toBeNull()
  })

  it('ignores errors that do not come from the database connection, whatever their code', () => {
    expect(classifyDatabaseError(requestAborted())).toBeNull()
    expect(classifyDatabaseError(refusedCode())).toBeNull()
    expect(classifyDatabaseError(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBeNull()
    expect(classifyDatabaseError(new Error('Connection terminated unexpectedly'))).toBeNull()
    expect(classifyDatabaseError(new Error('wrapped', { cause: requestAborted() }))).toBeNull()
    expect(classifyDatabaseError(new TypeError('x is undefined'))).toBeNull()
    expect(classifyDatabaseError('ECONNRESET')).toBeNull()
  })
})

describe('the pg driver marks its errors at their origin', () => {
  let closedPort: number
  beforeAll(async () => {
    // A port nobody listens on: bind one, note it, close it.
    const server = net.createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    closedPort = (server.address() as net.AddressInfo).port
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  const config = () => ({ host: '127.0.0.1', port: closedPort, connectionTimeoutMillis: 2_000 })

  it('a refused connection of a tracked client or pool is a database failure; an untracked one is not', async () => {
    const client = new TrackedClient(config())
    const direct = await client.connect().then(
      () => null,
      (e: unknown) => e,
    )
    expect(classifyDatabaseError(direct)).toBe('unreachable')

    const pool = new TrackedPool({ ...config(), max: 1 })
    pool.on('error', () => {})
    const viaQuery = await pool.query('SELECT 1').then(
      () => null,
      (e: unknown) => e,
    )
    expect(classifyDatabaseError(viaQuery)).toBe('unreachable')
    const viaConnect = await pool.connect().then(
      () => null,
      (e: unknown) => e,
    )
    expect(classifyDatabaseError(viaConnect)).toBe('unreachable')
    const viaCallback = await new Promise((resolve) => pool.query('SELECT 1', [], (error) => resolve(error)))
    expect(classifyDatabaseError(viaCallback)).toBe('unreachable')
    await pool.end()

    const plain = new pg.Client(config())
    const untracked = await plain.connect().then(
      () => null,
      (e: unknown) => e,
    )
    expect((untracked as { code?: string }).code).toBe('ECONNREFUSED')
    expect(classifyDatabaseError(untracked)).toBeNull()
  })
})

/** A monitor on a clock and a scheduler driven by the test. */
function harness(probe: () => Promise<unknown>) {
  const lines: string[] = []
  const clock = { now: 0 }
  const scheduled: { fn: () => void; ms: number }[] = []
  let downs = 0
  const monitor = new DatabaseMonitor({
    probe,
    log: (line) => lines.push(line),
    now: () => clock.now,
    schedule: (fn, ms) => {
      const entry = { fn, ms }
      scheduled.push(entry)
      return () => scheduled.splice(scheduled.indexOf(entry), 1)
    },
    onDown: () => downs++,
  })
  /** Runs the next scheduled probe, `ms` later on the clock. */
  const runNextProbe = async () => {
    const entry = scheduled.shift()
    if (!entry) throw new Error('no probe scheduled')
    clock.now += entry.ms
    entry.fn()
    // Let the probe's promise settle.
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }
  return { monitor, lines, clock, scheduled, runNextProbe, downs: () => downs }
}

describe('DatabaseMonitor', () => {
  it('runs nothing while the database is healthy, and other errors never change its state', () => {
    let probes = 0
    const { monitor, lines, scheduled } = harness(async () => probes++)
    for (let i = 0; i < 1000; i++) {
      expect(monitor.report(requestAborted())).toBeNull()
      expect(monitor.report(new Error('wrapped', { cause: requestAborted() }))).toBeNull()
      expect(monitor.report(fromDb(Object.assign(new Error('x'), { code: '23505' })))).toBeNull()
    }
    expect(monitor.available).toBe(true)
    expect(monitor.probing).toBe(false)
    expect(scheduled).toEqual([])
    expect(probes).toBe(0)
    expect(lines).toEqual([])
  })

  it('probes only while down, backing off to a cap, with one line per change and one summary per 10 s', async () => {
    let up = false
    let probes = 0
    const { monitor, lines, clock, scheduled, runNextProbe, downs } = harness(async () => {
      probes++
      if (!up) throw refused
    })
    for (let i = 0; i < 100; i++) expect(monitor.report(refused)).toBe('unreachable')
    for (let i = 0; i < 50; i++) monitor.countRefused()
    expect(monitor.available).toBe(false)
    expect(downs()).toBe(1)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^database unreachable \(connect ECONNREFUSED/)
    expect(scheduled.map((s) => s.ms)).toEqual([1000])
    expect(monitor.retryAfterSeconds).toBe(1)

    const delays: number[] = []
    for (let i = 0; i < 8; i++) {
      delays.push(scheduled[0]!.ms)
      await runNextProbe()
      expect(scheduled).toHaveLength(1)
    }
    // 1, 2, 4, 8, 16 s, then the cap.
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 16_000, 16_000, 16_000])
    expect(monitor.retryAfterSeconds).toBe(16)
    expect(clock.now).toBe(79_000)
    // Summaries at the probes of 15 s, 31 s, 47 s, 63 s and 79 s: at most one per 10 s.
    const summaries = lines.filter((l) => l.startsWith('database still unreachable'))
    expect(summaries.map((l) => /after ([\d.]+) s/.exec(l)![1])).toEqual([
      '15.0',
      '31.0',
      '47.0',
      '63.0',
      '79.0',
    ])
    expect(summaries[0]).toBe(
      'database still unreachable after 15.0 s (100 failed requests, 50 refused with 503, 4 probes)',
    )
    // Further failures while down change nothing.
    for (let i = 0; i < 10; i++) monitor.report(refused)
    expect(downs()).toBe(1)

    up = true
    await runNextProbe()
    expect(monitor.available).toBe(true)
    expect(lines.at(-1)).toBe(
      'database reachable again after 95.0 s (110 failed requests, 50 refused with 503, 9 probes)',
    )
    expect(lines).toHaveLength(1 + summaries.length + 1)
    expect(probes).toBe(9)
    // Healthy again: nothing scheduled; the next outage starts from the first delay.
    expect(scheduled).toEqual([])
    expect(monitor.probing).toBe(false)
    expect(monitor.report(new Error('other'))).toBeNull()
    up = false
    monitor.report(refused)
    expect(scheduled.map((s) => s.ms)).toEqual([1000])
    expect(downs()).toBe(2)
  })
})
