import { describe, expect, it } from 'vitest'
import { classifyDatabaseError, DatabaseMonitor } from './availability'

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })

describe('classifyDatabaseError', () => {
  it('tells unreachable databases and timeouts from other errors', () => {
    expect(classifyDatabaseError(refused)).toBe('unreachable')
    expect(classifyDatabaseError(new Error('Connection terminated unexpectedly'))).toBe('unreachable')
    expect(classifyDatabaseError(new Error('timeout exceeded when trying to connect'))).toBe('unreachable')
    expect(classifyDatabaseError(Object.assign(new Error('x'), { code: '57P01' }))).toBe('unreachable')
    expect(classifyDatabaseError(Object.assign(new Error('x'), { code: '08006' }))).toBe('unreachable')
    expect(classifyDatabaseError(new AggregateError([refused]))).toBe('unreachable')
    expect(classifyDatabaseError(new Error('wrapped', { cause: refused }))).toBe('unreachable')
    expect(classifyDatabaseError(Object.assign(new Error('canceling statement'), { code: '57014' }))).toBe(
      'timeout',
    )
    expect(classifyDatabaseError(new Error('Query read timeout'))).toBe('timeout')
    expect(classifyDatabaseError(Object.assign(new Error('syntax'), { code: '42601' }))).toBeNull()
    expect(classifyDatabaseError(new TypeError('x is undefined'))).toBeNull()
  })
})

describe('DatabaseMonitor', () => {
  it('logs one line per state change, with counts, and recovers at the first good probe', async () => {
    const lines: string[] = []
    let now = 0
    let pending: (() => void) | undefined
    let up = false
    const monitor = new DatabaseMonitor({
      probe: async () => {
        if (!up) throw refused
      },
      log: (line) => lines.push(line),
      now: () => now,
      schedule: (fn) => {
        pending = fn
        return () => (pending = undefined)
      },
    })
    expect(monitor.available).toBe(true)
    for (let i = 0; i < 100; i++) expect(monitor.report(refused)).toBe('unreachable')
    for (let i = 0; i < 50; i++) monitor.countRefused()
    expect(monitor.available).toBe(false)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/unreachable/)
    now = 1000
    await monitor.probeNow()
    expect(monitor.available).toBe(false)
    expect(pending).toBeDefined()
    up = true
    now = 2500
    await monitor.probeNow()
    expect(monitor.available).toBe(true)
    expect(lines).toEqual([
      lines[0],
      'database reachable again after 2.5 s (100 failed requests, 50 refused with 503)',
    ])
    expect(monitor.report(new Error('other'))).toBeNull()
    expect(lines).toHaveLength(2)
  })
})
