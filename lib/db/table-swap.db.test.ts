import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { engineSkipped, testEngine } from '../testing/engine'
import { runConcurrently } from './concurrent'
import { closePool, pool, query } from './pool'
import { dependentsOf, prepareTableSwap } from './table-swap'

afterAll(async () => {
  await query('DROP VIEW IF EXISTS swap_demo_view')
  await query('DROP TABLE IF EXISTS swap_demo, swap_demo_next, swap_demo_parent')
  await closePool()
})

async function shape(): Promise<{ indexes: string[]; constraints: string[] }> {
  const indexes = await query<{ indexname: string; indexdef: string }>(
    "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'swap_demo' ORDER BY indexname",
  )
  const constraints = await query<{ conname: string; def: string }>(
    `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE conrelid = 'swap_demo'::regclass ORDER BY conname`,
  )
  return {
    indexes: indexes.rows.map((r) => r.indexdef),
    constraints: constraints.rows.map((r) => `${r.conname} ${r.def}`),
  }
}

describe.skipIf(engineSkipped)(`table swap on ${testEngine}`, () => {
  beforeEach(async () => {
    await query('DROP VIEW IF EXISTS swap_demo_view')
    await query('DROP TABLE IF EXISTS swap_demo, swap_demo_next, swap_demo_parent')
    await query('CREATE TABLE swap_demo_parent (code text PRIMARY KEY)')
    await query("INSERT INTO swap_demo_parent VALUES ('a'), ('b')")
    await query(`CREATE TABLE swap_demo (
      id integer PRIMARY KEY CHECK (id > 0),
      code text NOT NULL UNIQUE,
      parent text REFERENCES swap_demo_parent (code),
      note text NOT NULL DEFAULT 'none',
      twice integer GENERATED ALWAYS AS (id * 2) STORED)`)
    await query('CREATE INDEX swap_demo_note ON swap_demo (note, id)')
    await query("INSERT INTO swap_demo (id, code, parent) VALUES (1, 'old-1', 'a'), (2, 'old-2', 'b')")
  })

  it('replaces the rows and keeps the same columns, indexes and constraints under the same names', async () => {
    const before = await shape()
    const swap = await prepareTableSwap(pool(), 'swap_demo')
    expect(swap.next).toBe('swap_demo_next')
    const counts = await runConcurrently(
      pool(),
      [
        `INSERT INTO swap_demo_next (id, code, parent) SELECT g, 'new-' || g, 'a' FROM generate_series(1, 50) g`,
        `INSERT INTO swap_demo_next (id, code) SELECT g, 'new-' || g FROM generate_series(51, 80) g`,
      ],
      { connections: 2, settings: { work_mem: '16MB' } },
    )
    expect(counts).toEqual([50, 30])
    await runConcurrently(pool(), swap.indexStatements, { connections: 2 })
    // Readers still see the previous rows until the swap commits.
    expect((await query('SELECT 1 FROM swap_demo')).rowCount).toBe(2)
    const client = await pool().connect()
    try {
      await client.query('BEGIN')
      await swap.swap(client)
      await client.query('COMMIT')
    } finally {
      client.release()
    }
    const { rows } = await query<{ n: number; twice: number; note: string }>(
      "SELECT count(*)::int AS n, max(twice) AS twice, min(note) AS note FROM swap_demo WHERE code LIKE 'new-%'",
    )
    expect(rows[0]).toEqual({ n: 80, twice: 160, note: 'none' })
    expect(await shape()).toEqual(before)
    await expect(query("INSERT INTO swap_demo (id, code) VALUES (0, 'zero')")).rejects.toThrow(/check/)
    await expect(query("INSERT INTO swap_demo (id, code, parent) VALUES (99, 'x', 'zz')")).rejects.toThrow(
      /foreign key/,
    )
    await expect(query("INSERT INTO swap_demo (id, code) VALUES (98, 'new-1')")).rejects.toThrow(/unique/)
  })

  it('leaves the served table untouched when the swap is rolled back', async () => {
    const swap = await prepareTableSwap(pool(), 'swap_demo')
    await query(`INSERT INTO swap_demo_next (id, code) VALUES (7, 'seven')`)
    await runConcurrently(pool(), swap.indexStatements, { connections: 1 })
    const client = await pool().connect()
    try {
      await client.query('BEGIN')
      await swap.swap(client)
      expect((await client.query('SELECT code FROM swap_demo')).rows).toEqual([{ code: 'seven' }])
    } finally {
      await client.query('ROLLBACK')
      client.release()
    }
    const { rows } = await query<{ code: string }>('SELECT code FROM swap_demo ORDER BY id')
    expect(rows.map((r) => r.code)).toEqual(['old-1', 'old-2'])
  })

  it('refuses a table that a view or another table’s foreign key depends on', async () => {
    await query('CREATE VIEW swap_demo_view AS SELECT id FROM swap_demo')
    expect(await dependentsOf(pool(), 'swap_demo')).toEqual(['swap_demo_view'])
    await expect(prepareTableSwap(pool(), 'swap_demo')).rejects.toThrow(
      /table swap_demo cannot be replaced while other objects depend on it: swap_demo_view/,
    )
    await query('DROP VIEW swap_demo_view')
    expect(await dependentsOf(pool(), 'swap_demo_parent')).toEqual(['swap_demo (swap_demo_parent_fkey)'])
  })

  it('reports the first failing statement of a concurrent batch', async () => {
    await expect(
      runConcurrently(pool(), ['SELECT 1', 'SELECT * FROM no_such_table', 'SELECT 2'], { connections: 2 }),
    ).rejects.toThrow(/no_such_table/)
    await expect(
      runConcurrently(pool(), ['SELECT 1'], { connections: 1, settings: { work_mem: "1MB'; DROP" } }),
    ).rejects.toThrow(/Unexpected setting/)
  })
})
