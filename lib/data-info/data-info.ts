// What the served data is, and its version. Every seed and SIRENE import records the data
// information (source, date, counts) in app_meta, in the transaction that replaces the data; the
// status resource shows it, the search without criteria takes its total from it, and the data
// version — a digest of it and of the reference data's version — tags every read representation
// (ETag), so that a new seed, import or reference reload changes every tag.
import type pg from 'pg'
import { z } from 'zod'
import { query, type Queryable } from '../db/pool'

export const dataInfoSchema = z.object({
  source: z.enum(['synthetic', 'sirene']).describe('Origine des établissements'),
  mise_a_jour: z.string().describe('Date de la dernière mise à jour des données (ISO 8601)'),
  etablissements: z.number().int(),
  locaux: z.number().int(),
})
export type DataInfo = z.infer<typeof dataInfoSchema>

/** The app_meta rows of the data information and of the reference data's version. */
const DATA_INFO_KEY = 'data'
const REFERENCE_KEY = 'reference'

async function recordMeta(client: pg.PoolClient | pg.Pool, key: string, value: unknown): Promise<void> {
  await client.query(
    `INSERT INTO app_meta (key, value, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  )
  forgetDataVersion()
}

/** Records the data information; call it in the transaction that replaces the data. */
export async function recordDataInfo(client: pg.PoolClient | pg.Pool, info: DataInfo): Promise<void> {
  await recordMeta(client, DATA_INFO_KEY, info)
}

/** Records the version of the reference territory loaded (in the transaction that loads it). */
export async function recordReferenceVersion(
  client: pg.PoolClient | pg.Pool,
  version: string,
): Promise<void> {
  await recordMeta(client, REFERENCE_KEY, { version })
}

/** The version of the reference territory loaded; null before the first load. */
export async function storedReferenceVersion(db: pg.Pool | pg.PoolClient): Promise<string | null> {
  const { rows } = await db.query<{ version: string }>(
    "SELECT value->>'version' AS version FROM app_meta WHERE key = $1",
    [REFERENCE_KEY],
  )
  return rows[0]?.version ?? null
}

/** The data information recorded by the last seed or import; null before any. */
export async function readDataInfo(db?: Queryable): Promise<DataInfo | null> {
  const { rows } = await query<{ value: unknown }>(
    'SELECT value FROM app_meta WHERE key = $1',
    [DATA_INFO_KEY],
    db,
  )
  const info = dataInfoSchema.safeParse(rows[0]?.value)
  return info.success ? info.data : null
}

/**
 * SQL of the number of establishments the last seed or import recorded (NULL before any), for a
 * statement that needs it as a value.
 */
export const RECORDED_ESTABLISHMENTS_SQL = `(SELECT (value->>'etablissements')::int FROM app_meta WHERE key = '${DATA_INFO_KEY}')`

// The data version ---------------------------------------------------------------------------------

/** How long a process serves the data version it read before reading it again, in the background. */
const DATA_VERSION_TTL_MS = 1000

interface VersionState {
  value: string
  readAt: number
  refreshing: Promise<void> | null
}

// Shared through globalThis: route handlers are bundled separately, each with its own copy of this
// module, and must all see one version per process.
const KEY = Symbol.for('tda.data-info.version')
type Holder = typeof globalThis & { [KEY]?: VersionState }

async function readDataVersion(): Promise<string> {
  const { rows } = await query<{ version: string | null }>(
    `SELECT md5(string_agg(key || '=' || value::text, '|' ORDER BY key)) AS version
       FROM app_meta WHERE key IN ('${DATA_INFO_KEY}', '${REFERENCE_KEY}')`,
  )
  return rows[0]?.version ?? 'empty'
}

/**
 * A digest of the data information and of the reference data's version: it changes whenever the
 * establishments or the territory change. Only the first call of a process waits for the
 * database; afterwards the version is served from memory and, once older than
 * DATA_VERSION_TTL_MS, read again in the background (a change made by another process shows
 * within about a second; one made by this process at once).
 */
export async function dataVersion(now = Date.now()): Promise<string> {
  const holder = globalThis as Holder
  const state = holder[KEY]
  if (!state) {
    const value = await readDataVersion()
    holder[KEY] ??= { value, readAt: now, refreshing: null }
    return holder[KEY].value
  }
  if (now - state.readAt >= DATA_VERSION_TTL_MS && !state.refreshing) {
    state.refreshing = readDataVersion()
      .then((value) => {
        state.value = value
        state.readAt = now
      })
      .catch((error: unknown) => {
        // Keep serving the last version; the next request tries again.
        console.error('[data-info] data version unavailable:', (error as Error).message)
      })
      .finally(() => {
        state.refreshing = null
      })
  }
  return state.value
}

/** Makes the next call read the version again (after this process changed the data). */
function forgetDataVersion(): void {
  delete (globalThis as Holder)[KEY]
}
