// Independent statements spread over a few connections of the pool, each in its own transaction
// with optional per-transaction settings (SET LOCAL). On PostgreSQL they run in parallel backends;
// on the embedded engine, which has one backend, they simply run one after the other.
import type pg from 'pg'

const SETTING = /^[a-z_]+$/
const VALUE = /^[0-9]+(kB|MB|GB)?$/

export interface ConcurrentOptions {
  connections: number
  /** Settings for each statement's transaction, e.g. { maintenance_work_mem: '256MB' }. */
  settings?: Readonly<Record<string, string>>
  onDone?: (done: number, total: number) => void
}

/** Runs every statement once and resolves their row counts, in the order given. */
export async function runConcurrently(
  db: pg.Pool,
  statements: readonly string[],
  options: ConcurrentOptions,
): Promise<number[]> {
  const settings = Object.entries(options.settings ?? {})
  for (const [name, value] of settings) {
    if (!SETTING.test(name) || !VALUE.test(value)) throw new Error(`Unexpected setting ${name}=${value}`)
  }
  const counts = new Array<number>(statements.length).fill(0)
  let nextIndex = 0
  let done = 0
  let failure: unknown = null
  const worker = async () => {
    const client = await db.connect()
    try {
      while (failure === null && nextIndex < statements.length) {
        const index = nextIndex++
        await client.query('BEGIN')
        try {
          for (const [name, value] of settings) await client.query(`SET LOCAL ${name} = '${value}'`)
          counts[index] = (await client.query(statements[index]!)).rowCount ?? 0
          await client.query('COMMIT')
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {})
          throw error
        }
        options.onDone?.(++done, statements.length)
      }
    } catch (error) {
      failure ??= error
    } finally {
      client.release()
    }
  }
  const connections = Math.max(1, Math.min(options.connections, statements.length))
  await Promise.all(Array.from({ length: connections }, worker))
  if (failure !== null) throw failure
  return counts
}
