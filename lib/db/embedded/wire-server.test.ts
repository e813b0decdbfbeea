// The embedded engine's wire server, on an in-memory PGlite: several `pg` clients at once,
// transactions kept apart, COPY FROM STDIN, and a client vanishing mid-transaction.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WireServer, type Timers } from './wire-server'

let db: PGlite
let server: WireServer
/** The idle-in-transaction timer, fired by the test (an injected clock, no sleeping). */
const idleTimers = new Map<number, () => void>()
let timerId = 0
const manualTimers: Timers = {
  set: (fn) => {
    idleTimers.set(++timerId, fn)
    return timerId
  },
  clear: (handle) => idleTimers.delete(handle as number),
}
const fireIdleTimers = () => {
  const due = [...idleTimers.values()]
  idleTimers.clear()
  for (const fn of due) fn()
}

/** Resolves once `condition` holds, checking after each turn of the event loop (no fixed delay). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve))
}
let dir: string
let pool: pg.Pool

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wire-'))
  db = await PGlite.create()
  server = new WireServer({
    db,
    socketPath: path.join(dir, '.s.PGSQL.5432'),
    idleInTransactionTimeoutMs: 60_000,
    timers: manualTimers,
  })
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

  it('keeps one client’s open transaction invisible to the others until it ends', async () => {
    const a = await pool.connect()
    try {
      await a.query('BEGIN')
      await a.query("INSERT INTO t VALUES (900001, 'in transaction')")
      // Another connection's query waits for the transaction to end: if it ran inside it (no
      // ownership), it would see the row that the rollback then removes.
      let settled = false
      const other = pool
        .query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id = 900001')
        .finally(() => (settled = true))
      await until(() => server.stats.queued > 0 || settled)
      await a.query('ROLLBACK')
      expect((await other).rows[0]!.n).toBe(0)
      // And a committed row is seen once committed.
      await a.query('BEGIN')
      await a.query("INSERT INTO t VALUES (900003, 'committed')")
      const after = pool.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id = 900003')
      await until(() => server.stats.queued > 0)
      await a.query('COMMIT')
      expect((await after).rows[0]!.n).toBe(1)
    } finally {
      a.release()
    }
  })

  it('terminates a connection idle in a transaction and rolls it back, freeing the others', async () => {
    const idle = new pg.Client({ host: dir, user: 'postgres', database: 'postgres' })
    const errors: Error[] = []
    idle.on('error', (error) => errors.push(error))
    await idle.connect()
    await idle.query('BEGIN')
    await idle.query("INSERT INTO t VALUES (900004, 'idle')")
    const waiting = pool.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id = 900004')
    await until(() => server.stats.queued > 0)
    expect(idleTimers.size).toBe(1)
    fireIdleTimers()
    expect((await waiting).rows[0]!.n).toBe(0)
    await until(() => errors.length > 0)
    expect(errors[0]!.message).toMatch(/idle-in-transaction timeout/)
    expect(db.isInTransaction()).toBe(false)
    await idle.end().catch(() => {})
  })

  it('cancels a waiting statement on CancelRequest and keeps its connection usable', async () => {
    const holder = await pool.connect()
    const waiter = await pool.connect()
    try {
      await holder.query('BEGIN')
      const waiting = waiter.query('SELECT 1 AS one').then(
        () => null,
        (error: unknown) => error,
      )
      await until(() => server.stats.queued > 0)
      // A CancelRequest on a new socket, with the BackendKeyData the waiter received.
      const { processID, secretKey } = waiter as unknown as { processID: number; secretKey: number }
      const request = Buffer.alloc(16)
      request.writeInt32BE(16, 0)
      request.writeInt32BE(80877102, 4)
      request.writeInt32BE(processID, 8)
      request.writeInt32BE(secretKey, 12)
      const socket = net.connect(path.join(dir, '.s.PGSQL.5432'), () => socket.write(request))
      await new Promise((resolve) => socket.on('close', resolve))
      expect(await waiting).toMatchObject({ code: '57014' })
      await holder.query('COMMIT')
      expect((await waiter.query('SELECT 2 AS two')).rows[0]).toEqual({ two: 2 })
    } finally {
      holder.release()
      waiter.release()
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
    await until(() => !db.isInTransaction())
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM t WHERE id = 900002')
    expect(rows[0]).toEqual({ n: 0 })
    expect(db.isInTransaction()).toBe(false)
  })

  it('isolates the error of one client from the others', async () => {
    await expect(pool.query('SELECT * FROM missing_table')).rejects.toThrow(/does not exist/)
    const { rows } = await pool.query('SELECT 2 AS ok')
    expect(rows[0]).toEqual({ ok: 2 })
  })

  it('reports a backend that cannot be reset as fatal instead of crashing the worker', async () => {
    const fatal: unknown[] = []
    const socketPath = path.join(dir, 'fatal', '.s.PGSQL.5432')
    fs.mkdirSync(path.dirname(socketPath))
    const broken = new WireServer({ db, socketPath, onFatal: (error) => fatal.push(error) })
    await broken.listen()
    const client = new pg.Client({ host: path.dirname(socketPath), user: 'postgres', database: 'postgres' })
    client.on('error', () => {})
    await client.connect()
    await client.query('BEGIN')
    const original = db.execProtocolRaw.bind(db)
    db.execProtocolRaw = () => Promise.reject(new Error('backend gone'))
    try {
      ;(client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
      await until(() => fatal.length > 0)
      expect(String(fatal[0])).toMatch(/backend gone/)
    } finally {
      db.execProtocolRaw = original
      await db.exec('ROLLBACK')
      await broken.close()
    }
  })
})
