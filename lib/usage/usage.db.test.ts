import { describe, expect, it } from 'vitest'
import { query } from '../db/pool'
import { pruneUsage, usageOf, writeUsage } from './usage'

const today = () => new Date().toISOString().slice(0, 10)

describe('API usage', () => {
  it('adds batches up, per day, operation and status class', async () => {
    const day = today()
    await writeUsage([
      { clientId: 'usage-a', day, operation: 'searchEstablishments', statusClass: 2, requests: 3 },
      { clientId: 'usage-a', day, operation: 'searchEstablishments', statusClass: 4, requests: 1 },
      { clientId: 'usage-b', day, operation: 'searchEstablishments', statusClass: 2, requests: 7 },
    ])
    await writeUsage([
      { clientId: 'usage-a', day, operation: 'searchEstablishments', statusClass: 2, requests: 2 },
    ])
    expect(await usageOf('usage-a', 30)).toEqual([
      { day, operation: 'searchEstablishments', statusClass: 2, requests: 5 },
      { day, operation: 'searchEstablishments', statusClass: 4, requests: 1 },
    ])
  })

  it('keeps 90 days', async () => {
    await query(
      `INSERT INTO api_usage (client_id, day, operation, status_class, requests)
       VALUES ('usage-old', current_date - 91, 'x', 2, 1), ('usage-old', current_date - 89, 'x', 2, 1)`,
    )
    await writeUsage([{ clientId: 'usage-old', day: today(), operation: 'x', statusClass: 2, requests: 1 }])
    await pruneUsage()
    const rows = await usageOf('usage-old', 365)
    expect(rows.map((r) => r.requests)).toEqual([1, 1])
    expect(rows[0]!.day < today()).toBe(true)
  })
})
