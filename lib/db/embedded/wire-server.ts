// Serves one PGlite instance over the PostgreSQL wire protocol on a unix socket, so the app and the
// CLI talk to the embedded engine with `pg` exactly as they talk to a PostgreSQL server.
//
// PGlite has a single backend. Several client connections are multiplexed onto it:
// - messages are grouped into units that end at a synchronisation point (Query, Sync or Flush) and a
//   unit runs whole, so extended-protocol messages of two clients never interleave;
// - a connection that leaves the backend inside a transaction (or between Flush and Sync) keeps it
//   until it is back to idle; other connections wait;
// - COPY ... FROM STDIN is a sub-protocol that PGlite can only run in one call: the server answers
//   the CopyInResponse itself, buffers the CopyData messages and runs query + data + CopyDone at once
//   (clients load in bounded chunks, so the buffer stays small);
// - Terminate never reaches PGlite (it would stop the only backend); a connection that disappears
//   in a transaction is rolled back;
// - a connection that keeps the backend inside a transaction without sending anything for
//   `idleInTransactionTimeoutMs` is terminated (FATAL 25P03, as PostgreSQL's
//   idle_in_transaction_session_timeout) and its transaction rolled back, so one idle client cannot
//   stall every other;
// - every connection gets its own BackendKeyData; a CancelRequest naming it cancels that
//   connection's statements still waiting for the backend (ErrorResponse 57014, the connection stays
//   usable). A statement PGlite is already executing runs to its end: PGlite executes synchronously
//   on this thread, so nothing can interrupt it.
//
// Protocol subset: startup (SSLRequest and GSSENCRequest answered 'N', no authentication), simple
// Query, extended protocol (Parse/Bind/Describe/Execute/Close/Sync/Flush), COPY FROM STDIN and
// COPY TO STDOUT, CancelRequest, Terminate, LISTEN/UNLISTEN/NOTIFY. Not supported: replication,
// function calls (F), COPY BOTH, SSL.
//
// Notifications: the single backend delivers every notification (NotificationResponse) in the
// output of whichever unit committed it. The server takes them out of that output and sends each to
// the connections that listen on its channel, once the unit is answered. A connection's LISTEN and
// UNLISTEN are recognised in simple queries of that one statement (as `pg` sends them): LISTEN also
// reaches the backend (which then listens for everyone); UNLISTEN only stops that connection's
// deliveries and is answered here, since the backend's listening serves every other connection.
// @electric-sql/pglite-socket follows the same idea but cannot run COPY FROM STDIN (upstream PR
// electric-sql/pglite#1028 is still open), which every bulk load here needs.
import { randomInt } from 'node:crypto'
import net from 'node:net'
import type { PGlite } from '@electric-sql/pglite'

const SSL_REQUEST = 80877103
const GSSENC_REQUEST = 80877104
const CANCEL_REQUEST = 80877102

interface Unit {
  connection: ClientConnection
  messages: Buffer[]
  copyIn: boolean
  /** True when the unit ends where the backend is ready again (Query, Sync, CopyDone/Fail). */
  endsReady: boolean
  /** The startup message: its answer carries the connection's own BackendKeyData. */
  startup?: boolean
  /** Answered here, not by the backend (UNLISTEN): this CommandComplete, then ReadyForQuery. */
  reply?: Buffer
}

const LISTEN = /^\s*(listen|unlisten)\s+("(?:[^"]|"")+"|[a-z_][\w$]*|\*)\s*;?\s*$/i

/** A channel name as PostgreSQL folds it: quoted names kept, others in lower case. */
function channelName(token: string): string {
  return token.startsWith('"') ? token.slice(1, -1).replaceAll('""', '"') : token.toLowerCase()
}

/** The channel of a NotificationResponse (type, length, process id, then the channel's C string). */
function notificationChannel(message: Buffer): string {
  const end = message.indexOf(0, 9)
  return message.toString('utf8', 9, end === -1 ? message.length : end)
}

/**
 * Takes the NotificationResponse messages ('A') out of a backend's output, which arrives in chunks
 * that need not end on message boundaries; everything else passes through unchanged and in order.
 */
export class NotificationSplitter {
  readonly notifications: Buffer[] = []
  /** An incomplete header or an incomplete notification, held until the next chunk. */
  private carry: Buffer | null = null
  /** Bytes of a passed-through message still to come. */
  private skip = 0

  feed(chunk: Buffer): Buffer[] {
    const out: Buffer[] = []
    let data = chunk
    let pos = 0
    if (this.skip > 0) {
      pos = Math.min(this.skip, data.length)
      this.skip -= pos
      if (pos === data.length) return [data]
    } else if (this.carry) {
      data = Buffer.concat([this.carry, data])
      this.carry = null
    }
    let start = 0
    while (pos < data.length) {
      const left = data.length - pos
      if (left < 5) {
        this.carry = Buffer.from(data.subarray(pos))
        break
      }
      const length = 1 + data.readInt32BE(pos + 1)
      if (data[pos] === 0x41) {
        if (pos > start) out.push(data.subarray(start, pos))
        if (left < length) {
          this.carry = Buffer.from(data.subarray(pos))
          return out
        }
        this.notifications.push(Buffer.from(data.subarray(pos, pos + length)))
        pos += length
        start = pos
        continue
      }
      if (left < length) {
        this.skip = length - left
        pos = data.length
        break
      }
      pos += length
    }
    if (pos > start) out.push(data.subarray(start, pos))
    return out
  }
}

function frontendMessage(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(5 + body.length)
  out.write(type, 0, 'latin1')
  out.writeInt32BE(4 + body.length, 1)
  body.copy(out, 5)
  return out
}

/** An ErrorResponse (severity, SQLSTATE, message). */
function errorResponse(severity: 'ERROR' | 'FATAL', code: string, message: string): Buffer {
  const field = (type: string, value: string) => Buffer.from(`${type}${value}\0`, 'utf8')
  return frontendMessage(
    'E',
    Buffer.concat([
      field('S', severity),
      field('V', severity),
      field('C', code),
      field('M', message),
      Buffer.from([0]),
    ]),
  )
}

/** Replaces the BackendKeyData of a startup answer with the connection's own. */
function withBackendKey(output: Buffer, processId: number, secretKey: number): Buffer {
  const key = Buffer.alloc(8)
  key.writeInt32BE(processId, 0)
  key.writeInt32BE(secretKey, 4)
  let offset = 0
  let ready = -1
  while (offset + 5 <= output.length) {
    const type = String.fromCharCode(output[offset]!)
    const length = output.readInt32BE(offset + 1)
    if (type === 'K' && length === 12) {
      const copy = Buffer.from(output)
      key.copy(copy, offset + 5)
      return copy
    }
    if (type === 'Z') ready = offset
    offset += 1 + length
  }
  // PGlite sent none: add one before ReadyForQuery.
  return ready === -1
    ? Buffer.concat([output, frontendMessage('K', key)])
    : Buffer.concat([output.subarray(0, ready), frontendMessage('K', key), output.subarray(ready)])
}

let nextProcessId = 10_000

const COPY_FROM_STDIN = /^\s*copy\b[\s\S]*\bfrom\s+stdin\b/i

/** Extracts the SQL text of a simple Query message. */
function queryText(message: Buffer): string {
  return message.subarray(5, message.length - 1).toString('utf8')
}

/** Removes the first message of the given type from a complete backend output. */
function dropFirstMessage(output: Buffer, type: string): Buffer {
  const code = type.charCodeAt(0)
  let offset = 0
  while (offset + 5 <= output.length) {
    const length = output.readInt32BE(offset + 1)
    if (output[offset] === code) {
      return Buffer.concat([output.subarray(0, offset), output.subarray(offset + 1 + length)])
    }
    offset += 1 + length
  }
  return output
}

class ClientConnection {
  private buffer: Buffer = Buffer.alloc(0)
  private started = false
  private pending: Buffer[] = []
  private copyIn: Buffer[] | null = null
  closed = false
  /** The channels this connection listens on. */
  readonly channels = new Set<string>()
  /** This connection's BackendKeyData, for CancelRequest. */
  readonly processId = nextProcessId++
  readonly secretKey = randomInt(1, 2 ** 31 - 1)

  constructor(
    readonly socket: net.Socket,
    private readonly server: WireServer,
  ) {
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => this.onData(chunk))
    socket.on('error', () => this.close())
    socket.on('close', () => this.close())
  }

  write(data: Uint8Array): void {
    if (!this.closed && this.socket.writable) this.socket.write(data)
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.socket.destroy()
    this.server.connectionClosed(this)
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk])
    try {
      this.drain()
    } catch {
      this.close()
    }
  }

  private drain(): void {
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) return
        const length = this.buffer.readInt32BE(0)
        if (this.buffer.length < length) return
        const code = this.buffer.readInt32BE(4)
        const message = this.buffer.subarray(0, length)
        this.buffer = this.buffer.subarray(length)
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          this.write(Buffer.from('N'))
          continue
        }
        if (code === CANCEL_REQUEST) {
          // The cancel connection itself is closed without an answer (protocol).
          if (message.length >= 16) this.server.cancel(message.readInt32BE(8), message.readInt32BE(12))
          this.close()
          return
        }
        this.started = true
        this.server.enqueue({
          connection: this,
          messages: [message],
          copyIn: false,
          endsReady: true,
          startup: true,
        })
        continue
      }
      if (this.buffer.length < 5) return
      const total = 1 + this.buffer.readInt32BE(1)
      if (this.buffer.length < total) return
      const message = Buffer.from(this.buffer.subarray(0, total))
      this.buffer = this.buffer.subarray(total)
      this.onMessage(message)
      if (this.closed) return
    }
  }

  private onMessage(message: Buffer): void {
    const type = String.fromCharCode(message[0] ?? 0)
    if (this.copyIn) {
      // The backend ignores Sync and Flush during copy-in (protocol docs); so do we.
      if (type === 'S' || type === 'H') return
      this.copyIn.push(message)
      if (type === 'c' || type === 'f') {
        const messages = this.copyIn
        this.copyIn = null
        this.server.enqueue({ connection: this, messages, copyIn: true, endsReady: true })
      }
      return
    }
    if (type === 'X') {
      this.close()
      return
    }
    if (type === 'Q' && this.pending.length === 0 && COPY_FROM_STDIN.test(queryText(message))) {
      this.copyIn = [message]
      // CopyInResponse: text format, no per-column formats; the client starts sending data.
      const body = Buffer.from([0, 0, 0])
      this.write(frontendMessage('G', body))
      return
    }
    if (type === 'Q' && this.pending.length === 0) {
      const listen = LISTEN.exec(queryText(message))
      if (listen) {
        const channel = listen[2]!
        if (listen[1]!.toLowerCase() === 'unlisten') {
          if (channel === '*') this.channels.clear()
          else this.channels.delete(channelName(channel))
          const tag = Buffer.from('UNLISTEN\0')
          this.server.enqueue({
            connection: this,
            messages: [],
            copyIn: false,
            endsReady: true,
            reply: frontendMessage('C', tag),
          })
          return
        }
        if (channel !== '*') {
          this.channels.add(channelName(channel))
          this.server.listening = true
        }
      }
    }
    this.pending.push(message)
    if (type === 'Q' || type === 'S' || type === 'H') {
      const messages = this.pending
      this.pending = []
      this.server.enqueue({ connection: this, messages, copyIn: false, endsReady: type !== 'H' })
    }
  }
}

export interface Timers {
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

const realTimers: Timers = {
  set: (fn, ms) => {
    const timer = setTimeout(fn, ms)
    timer.unref()
    return timer
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

export interface WireServerOptions {
  db: PGlite
  socketPath: string
  /** A connection idle inside a transaction longer than this is terminated (0: never). */
  idleInTransactionTimeoutMs?: number
  /** The backend could not be reset: it is unusable, the process must stop (worker.ts). */
  onFatal?: (error: unknown) => void
  timers?: Timers
}

export class WireServer {
  private readonly db: PGlite
  private readonly socketPath: string
  private readonly net: net.Server
  private readonly connections = new Set<ClientConnection>()
  private queue: Unit[] = []
  /** The connection that holds the backend across units (open transaction). */
  private owner: ClientConnection | null = null
  private running = false
  private resetting: Promise<void> | null = null
  private idleTimer: unknown
  private readonly idleInTransactionTimeoutMs: number
  private readonly timers: Timers
  private readonly onFatal: (error: unknown) => void
  /** Some connection has run LISTEN: the backend may emit notifications, to be routed. */
  listening = false

  constructor(options: WireServerOptions) {
    this.db = options.db
    this.socketPath = options.socketPath
    this.idleInTransactionTimeoutMs = options.idleInTransactionTimeoutMs ?? 60_000
    this.timers = options.timers ?? realTimers
    this.onFatal =
      options.onFatal ??
      ((error) => {
        throw error
      })
    this.net = net.createServer((socket) => {
      this.connections.add(new ClientConnection(socket, this))
    })
  }

  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.net.once('error', reject)
      this.net.listen(this.socketPath, () => {
        this.net.off('error', reject)
        resolve()
      })
    })
  }

  async close(): Promise<void> {
    for (const connection of this.connections) connection.close()
    await new Promise<void>((resolve) => this.net.close(() => resolve()))
    while (this.running) await new Promise((r) => setTimeout(r, 5))
  }

  get stats(): { connections: number; queued: number } {
    return { connections: this.connections.size, queued: this.queue.length }
  }

  enqueue(unit: Unit): void {
    if (unit.connection === this.owner) this.stopIdleTimer()
    this.queue.push(unit)
    void this.pump()
  }

  /** CancelRequest: the statements of that connection still waiting for the backend fail with 57014. */
  cancel(processId: number, secretKey: number): void {
    const target = [...this.connections].find((c) => c.processId === processId && c.secretKey === secretKey)
    if (!target || target === this.owner) return
    const waiting = this.queue.filter(
      (u) => u.connection === target && !u.copyIn && u.endsReady && !u.startup,
    )
    if (waiting.length === 0) return
    this.queue = this.queue.filter((u) => !waiting.includes(u))
    for (const _ of waiting) {
      // Not in a transaction (it does not own the backend): ready again, idle.
      target.write(
        Buffer.concat([
          errorResponse('ERROR', '57014', 'canceling statement due to user request'),
          frontendMessage('Z', Buffer.from('I')),
        ]),
      )
    }
  }

  connectionClosed(connection: ClientConnection): void {
    this.connections.delete(connection)
    this.queue = this.queue.filter((u) => u.connection !== connection)
    if (this.owner === connection && !this.running) {
      this.owner = null
      this.stopIdleTimer()
      this.resetting = this.resetBackend()
        .catch((error: unknown) => this.onFatal(error))
        .finally(() => {
          this.resetting = null
          void this.pump()
        })
      return
    }
    void this.pump()
  }

  private stopIdleTimer(): void {
    if (this.idleTimer === undefined) return
    this.timers.clear(this.idleTimer)
    this.idleTimer = undefined
  }

  /** The owner keeps the backend in a transaction: it must send its next statement in time. */
  private startIdleTimer(owner: ClientConnection): void {
    this.stopIdleTimer()
    if (this.idleInTransactionTimeoutMs <= 0) return
    this.idleTimer = this.timers.set(() => {
      this.idleTimer = undefined
      if (this.owner !== owner || owner.closed) return
      owner.write(
        errorResponse('FATAL', '25P03', 'terminating connection due to idle-in-transaction timeout'),
      )
      owner.close()
    }, this.idleInTransactionTimeoutMs)
  }

  /** Sends each notification to the connections listening on its channel. */
  private deliver(notifications: Buffer[]): void {
    for (const notification of notifications) {
      const channel = notificationChannel(notification)
      for (const connection of this.connections) {
        if (connection.channels.has(channel)) connection.write(notification)
      }
    }
  }

  /** Ends any extended-protocol exchange and rolls back an open transaction. */
  private async resetBackend(): Promise<void> {
    const sync = frontendMessage('S', Buffer.alloc(0))
    const rollback = frontendMessage('Q', Buffer.from('ROLLBACK\0'))
    await this.db.execProtocolRaw(new Uint8Array(Buffer.concat([sync, rollback])))
  }

  private next(): Unit | undefined {
    if (this.owner) {
      const index = this.queue.findIndex((u) => u.connection === this.owner)
      if (index === -1) return undefined
      return this.queue.splice(index, 1)[0]
    }
    return this.queue.shift()
  }

  private async pump(): Promise<void> {
    if (this.running || this.resetting) return
    this.running = true
    try {
      for (let unit = this.next(); unit; unit = this.next()) {
        await this.run(unit)
      }
    } finally {
      this.running = false
    }
  }

  private async run(unit: Unit): Promise<void> {
    const { connection } = unit
    const input = new Uint8Array(Buffer.concat(unit.messages))
    const splitter = this.listening ? new NotificationSplitter() : null
    const write = (data: Buffer) => {
      if (!splitter) connection.write(data)
      else for (const part of splitter.feed(data)) connection.write(part)
    }
    try {
      if (unit.reply) {
        const status = this.owner === connection && this.db.isInTransaction() ? 'T' : 'I'
        connection.write(Buffer.concat([unit.reply, frontendMessage('Z', Buffer.from(status))]))
      } else if (unit.copyIn) {
        const output = await this.db.execProtocolRaw(input)
        write(dropFirstMessage(Buffer.from(output), 'G'))
      } else if (unit.startup) {
        const output = await this.db.execProtocolRaw(input)
        write(withBackendKey(Buffer.from(output), connection.processId, connection.secretKey))
      } else {
        await this.db.execProtocolRawStream(input, {
          onRawData: (data) => write(Buffer.from(data)),
        })
      }
    } catch {
      connection.close()
    }
    if (splitter) this.deliver(splitter.notifications)
    const holdsBackend = !unit.endsReady || this.db.isInTransaction()
    if (connection.closed) {
      if (holdsBackend) await this.resetBackend().catch((error: unknown) => this.onFatal(error))
      this.owner = null
      return
    }
    this.owner = holdsBackend ? connection : null
    if (this.owner) this.startIdleTimer(this.owner)
    else this.stopIdleTimer()
  }
}
