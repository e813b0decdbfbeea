// The embedded engine's wire server, on an in-memory PGlite: several `pg` clients at once,
// transactions kept apart, COPY FROM STDIN, and a client vanishing mid-transaction.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WireServer } from './wire-server'

let db: PGlite
let server: WireServer
let dir: string
let pool: pg.Pool

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wire-'))
  db = await PGlite.create()
  server = new WireServer({ db, socketPath: path.join(dir, '.s.PGSQL.5432') })
  await server.listen()
  pool = new pg.Pool({ host: dir, user: 'postgres', database: 'postgres', max: 8 })
  await pool.query('CREATE TABLE t (id int PRIMARY KEY, name text)')
})

afterAll(async () => {
  await pool.end()
  await server.close()
  await db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('WireServer', () => {
  it('answers many concurrent parameterised queries correctly', async () => {
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        pool.query<{ a: number; b: string }>('SELECT $1::int AS a, $2::text AS b', [i, `v${i}`]),
      ),
    )
    results.forEach((r, i) => expect(r.rows[0]).toEqual({ a: i, b: `v${i}` }))
  })

  it('loads rows with COPY FROM STDIN', async () => {
    const client = await pool.connect()
    try {
      const lines = Array.from({ length: 5000 }, (_, i) => `${i},"name, ${i}"\n`).join('')
      await pipeline(
        Readable.from([lines]),
        client.query(copyFrom('COPY t (id, name) FROM STDIN WITH (FORMAT csv)')),
      )
    } finally {
      client.release()
    }
    const { rows } = await pool.query('SELECT count(*)::int AS n, max(name) AS m FROM t')
    expect(rows[0]).toEqual({ n: 5000, m: 'name, 999' })
  })

  it('reports a failing COPY and keeps the connection usable', async () => {
    const client = await pool.connect()
    try {
      await expect(
        pipeline(
          Readable.from(['not-a-number,x\n']),
          client.query(copyFrom('COPY t (id, name) FROM STDIN WITH (FORMAT csv)')),
        ),
      ).rejects.toThrow(/invalid input syntax/)
      const { rows } = await client.query('SELECT 1 AS ok')
      expect(rows[0]).toEqual({ ok: 1 })
    } finally {
      client.release()
    }
  })

  it('streams COPY TO STDOUT', async () => {
    const client = await pool.connect()
    const chunks: Buffer[] = []
    try {
      const stream = client.query(
        copyTo('COPY (SELECT id FROM t ORDER BY id LIMIT 3) TO STDOUT WITH CSV HEADER'),
      )
      for await (const chunk of stream) chunks.push(chunk as Buffer)
    } finally {
      client.release()
    }
    expect(Buffer.concat(chunks).toString()).toBe('id\n0\n1\n2\n')
  })

  it('keeps one client’s open transaction invisible to the others until commit', async () => {
    const a = await pool.connect()
    try {
      await a.query('BEGIN')
      await a.query("INSERT INTO t VALUES (900001, 'in transaction')")
      // Another connection waits for the transaction to end, then sees the committed row.
      const other = pool.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id = 900001')
      await new Promise((r) => setTimeout(r, 50))
      await a.query('COMMIT')
      expect((await other).rows[0]!.n).toBe(1)
    } finally {
      a.release()
    }
  })

  it('rolls back the transaction of a client that disconnects', async () => {
    const client = new pg.Client({ host: dir, user: 'postgres', database: 'postgres' })
    client.on('error', () => {})
    await client.connect()
    await client.query('BEGIN')
    await client.query("INSERT INTO t VALUES (900002, 'lost')")
    // Drop the socket without COMMIT.
    ;(client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
    await new Promise((r) => setTimeout(r, 100))
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM t WHERE id = 900002')
    expect(rows[0]).toEqual({ n: 0 })
    expect(db.isInTransaction()).toBe(false)
  })

  it('isolates the error of one client from the others', async () => {
    await expect(pool.query('SELECT * FROM missing_table')).rejects.toThrow(/does not exist/)
    const { rows } = await pool.query('SELECT 2 AS ok')
    expect(rows[0]).toEqual({ ok: 2 })
  })
})
