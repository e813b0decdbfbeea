// Which errors come from the database connection. An error code alone does not say it: ECONNRESET,
// EPIPE or ETIMEDOUT are raised just as well by a client that closes its request mid-body. So every
// error that the `pg` driver hands back (a query's, a connection's, the pool's: refused, lost or
// timed-out connections, server errors) is marked here at its origin, and only a marked error may
// count as a database failure (lib/db/availability.ts). Both engines speak `pg` (the embedded one
// through its wire-protocol socket), so one place covers both.
import pg from 'pg'

const ORIGIN = Symbol.for('tda.db.origin')

/** Marks `error` as raised by the database connection; returns it. */
export function markDatabaseError<T>(error: T): T {
  if (error instanceof Object && !Object.prototype.hasOwnProperty.call(error, ORIGIN)) {
    try {
      Object.defineProperty(error, ORIGIN, { value: true, enumerable: false })
    } catch {
      // A frozen object: it cannot be a driver error.
    }
  }
  return error
}

/** Whether `error` was raised by the database connection (marked by markDatabaseError). */
export function isMarkedDatabaseError(error: unknown): boolean {
  return error instanceof Object && Object.prototype.hasOwnProperty.call(error, ORIGIN)
}

type Callback = (error: unknown, ...rest: unknown[]) => unknown
type Method = (this: unknown, ...args: unknown[]) => unknown

const marking =
  (callback: Callback): Callback =>
  (error, ...rest) =>
    callback(error ? markDatabaseError(error) : error, ...rest)

interface Submittable {
  submit: unknown
  handleError?: (error: unknown, ...rest: unknown[]) => unknown
}

/**
 * The driver method `original` with its errors marked, whichever form the caller uses: a callback
 * (the last argument), a promise, or a submittable query (pg-cursor, COPY streams), whose errors
 * reach it through `handleError`.
 */
function markingErrors(original: Method): Method {
  return function (this: unknown, ...args: unknown[]) {
    const first = args[0] as Submittable | undefined
    if (first instanceof Object && typeof first.submit === 'function') {
      const handleError = first.handleError
      if (typeof handleError === 'function') {
        first.handleError = function (this: unknown, error: unknown, ...rest: unknown[]) {
          return handleError.call(this, markDatabaseError(error), ...rest)
        }
      }
      return original.apply(this, args)
    }
    const last = args.length - 1
    if (last >= 0 && typeof args[last] === 'function') {
      args[last] = marking(args[last] as Callback)
      return original.apply(this, args)
    }
    const result = original.apply(this, args)
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        throw markDatabaseError(error)
      })
    }
    return result
  }
}

/** A `pg` client whose connection and query errors are marked as the database's. */
export class TrackedClient extends pg.Client {}
for (const name of ['connect', 'query'] as const) {
  const original = pg.Client.prototype[name] as unknown as Method
  Object.defineProperty(TrackedClient.prototype, name, {
    value: markingErrors(original),
    writable: true,
    configurable: true,
  })
}

/**
 * A `pg` pool of TrackedClient whose own errors (no connection within the connection timeout, a
 * pool that was ended) are marked too. `pool.query` goes through `connect`, so both are covered.
 */
export class TrackedPool extends pg.Pool {
  private readonly clients = new Set<pg.PoolClient>()

  constructor(config: pg.PoolConfig = {}) {
    super({ Client: TrackedClient as unknown as NonNullable<pg.PoolConfig['Client']>, ...config })
    this.on('connect', (client) => this.clients.add(client))
    this.on('remove', (client) => this.clients.delete(client))
  }

  /**
   * Cuts every connection of the pool, idle or running a query: called when the database is found
   * unreachable, so that the requests waiting on a frozen server answer 503 now instead of at their
   * own timeout, and the pool starts afresh when the database is back.
   */
  cutConnections(): number {
    let cut = 0
    for (const client of this.clients) {
      const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection
        ?.stream
      if (stream) {
        stream.destroy()
        cut++
      }
    }
    return cut
  }
}
Object.defineProperty(TrackedPool.prototype, 'connect', {
  value: markingErrors(pg.Pool.prototype.connect as unknown as Method),
  writable: true,
  configurable: true,
})
