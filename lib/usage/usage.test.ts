import { describe, expect, it } from 'vitest'
import { UsageRecorder, usageCsv, type UsageRow } from './usage'

function recorder(now: number) {
  const written: Array<Array<UsageRow & { clientId: string }>> = []
  const timers: Array<() => void> = []
  const r = new UsageRecorder({
    write: async (rows) => {
      written.push(rows)
    },
    now: () => now,
    schedule: (fn) => {
      timers.push(fn)
      return { cancel: () => timers.splice(timers.indexOf(fn), 1) }
    },
  })
  return { r, written, timers }
}

describe('UsageRecorder', () => {
  it('arms no timer until a request is counted, then one per batch', () => {
    const { r, timers } = recorder(Date.UTC(2026, 10, 28, 12))
    expect(timers).toHaveLength(0)
    r.record('a', 'searchEstablishments', 200)
    r.record('a', 'searchEstablishments', 200)
    expect(timers).toHaveLength(1)
  })

  it('counts by client, UTC day, operation and status class, and writes them in one batch', async () => {
    const { r, written, timers } = recorder(Date.UTC(2026, 10, 28, 23, 30))
    r.record('a', 'searchEstablishments', 200)
    r.record('a', 'searchEstablishments', 204)
    r.record('a', 'searchEstablishments', 404)
    r.record('b', 'getEstablishment', 503)
    timers[0]!()
    await r.flush()
    expect(written).toHaveLength(1)
    expect(written[0]).toEqual([
      { clientId: 'a', day: '2026-11-28', operation: 'searchEstablishments', statusClass: 2, requests: 2 },
      { clientId: 'a', day: '2026-11-28', operation: 'searchEstablishments', statusClass: 4, requests: 1 },
      { clientId: 'b', day: '2026-11-28', operation: 'getEstablishment', statusClass: 5, requests: 1 },
    ])
    expect(timers).toHaveLength(0)
  })

  it('writes nothing when nothing was counted, and keeps counting after a write', async () => {
    const { r, written } = recorder(0)
    await r.flush()
    expect(written).toHaveLength(0)
    r.record('a', 'x', 200)
    await r.flush()
    r.record('a', 'x', 200)
    await r.flush()
    expect(written.map((rows) => rows[0]!.requests)).toEqual([1, 1])
  })
})

describe('UsageRecorder pruning', () => {
  it('prunes old days once per UTC day, after that day’s first write', async () => {
    let now = Date.UTC(2026, 10, 28, 10)
    const events: string[] = []
    const r = new UsageRecorder({
      write: async () => {
        events.push('write')
      },
      prune: async () => {
        events.push('prune')
      },
      now: () => now,
      schedule: () => ({ cancel: () => {} }),
    })
    for (const hour of [10, 11, 12]) {
      now = Date.UTC(2026, 10, 28, hour)
      r.record('a', 'x', 200)
      await r.flush()
    }
    now = Date.UTC(2026, 10, 29, 0, 5)
    r.record('a', 'x', 200)
    await r.flush()
    expect(events).toEqual(['write', 'prune', 'write', 'write', 'write', 'prune'])
  })
})

describe('usageCsv', () => {
  it('writes a header line and one line per day, operation and status class', () => {
    expect(
      usageCsv([
        { day: '2026-11-27', operation: 'searchEstablishments', statusClass: 2, requests: 12 },
        { day: '2026-11-28', operation: 'getEstablishment', statusClass: 4, requests: 1 },
      ]),
    ).toBe(
      'jour,operation,classe_statut,requetes\r\n2026-11-27,searchEstablishments,2xx,12\r\n2026-11-28,getEstablishment,4xx,1\r\n',
    )
  })
})
