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
import { NotificationSplitter, WireServer, type Timers } from './wire-server'

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

  it('sends a notification to the connections listening on its channel, at commit, and to no other', async () => {
    const connect = async () => {
      const client = new pg.Client({ host: dir, user: 'postgres', database: 'postgres' })
      await client.connect()
      return client
    }
    const [listener, quoted, notifier, bystander] = await Promise.all([
      connect(),
      connect(),
      connect(),
      connect(),
    ])
    const seen = new Map<pg.Client, string[]>()
    for (const client of [listener, quoted, notifier, bystander]) {
      seen.set(client, [])
      client.on('notification', (n) => seen.get(client)!.push(`${n.channel}:${n.payload ?? ''}`))
    }
    try {
      await listener.query('LISTEN jobs')
      await quoted.query('LISTEN "Jobs"')
      await notifier.query('BEGIN')
      await notifier.query("SELECT pg_notify('jobs', 'one')")
      // Not before the transaction commits.
      await notifier.query('SELECT 1')
      expect(seen.get(listener)).toEqual([])
      await notifier.query('NOTIFY "Jobs", \'two\'')
      await notifier.query('COMMIT')
      await until(() => seen.get(listener)!.length > 0 && seen.get(quoted)!.length > 0)
      expect(seen.get(listener)).toEqual(['jobs:one'])
      expect(seen.get(quoted)).toEqual(['Jobs:two'])
      // A large answer streamed after the notification is intact.
      const { rows } = await notifier.query<{ n: number }>('SELECT n FROM generate_series(1, 20000) n')
      expect(rows).toHaveLength(20000)
      expect(rows[19999]).toEqual({ n: 20000 })

      // UNLISTEN stops that connection's deliveries only.
      await quoted.query('LISTEN jobs')
      await quoted.query('UNLISTEN jobs')
      await quoted.query('SELECT 1')
      await notifier.query("SELECT pg_notify('jobs', 'three')")
      await until(() => seen.get(listener)!.length > 1)
      await quoted.query('SELECT 1')
      expect(seen.get(listener)).toEqual(['jobs:one', 'jobs:three'])
      expect(seen.get(quoted)).toEqual(['Jobs:two'])
      expect(seen.get(notifier)).toEqual([])
      expect(seen.get(bystander)).toEqual([])
    } finally {
      await Promise.all([listener, quoted, notifier, bystander].map((client) => client.end()))
    }
  })
})

describe('NotificationSplitter', () => {
  const message = (type: string, body: Buffer) => {
    const out = Buffer.alloc(5 + body.length)
    out.write(type, 0, 'latin1')
    out.writeInt32BE(4 + body.length, 1)
    body.copy(out, 5)
    return out
  }
  const notification = message(
    'A',
    Buffer.concat([Buffer.from([0, 0, 0, 7]), Buffer.from('jobs\0payload\0')]),
  )
  const others = [
    message('C', Buffer.from('SELECT 1\0')),
    message('D', Buffer.from('x'.repeat(300))),
    message('Z', Buffer.from('I')),
  ]
  const output = Buffer.concat([others[0]!, others[1]!, notification, others[2]!])

  it('takes notifications out of an output cut at any byte', () => {
    for (let first = 0; first <= output.length; first++) {
      for (const second of [first, Math.min(output.length, first + 1), Math.min(output.length, first + 9)]) {
        const splitter = new NotificationSplitter()
        const parts = [output.subarray(0, first), output.subarray(first, second), output.subarray(second)]
        const passed = Buffer.concat(parts.flatMap((part) => splitter.feed(part)))
        expect(passed.equals(Buffer.concat(others))).toBe(true)
        expect(splitter.notifications).toEqual([notification])
      }
    }
  })
})
