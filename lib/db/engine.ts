// Starts what the configured engine needs in this process and gives back one handle to stop it.
// PostgreSQL needs nothing; the embedded engine is opened (or borrowed from the running app).
import { env } from '../env'
import { engineKind, type EngineKind } from './connection'
import { openEmbedded, type EngineStats } from './embedded/host'
import type { Owner, OwnerRole } from './embedded/lock'
import { closePool } from './pool'

export interface DatabaseHandle {
  kind: EngineKind
  /** For the embedded engine: whether this process opened it (false: borrowed from the app). */
  owner: boolean
  close(): Promise<void>
  /** The embedded engine's connections and queued statements, when this process owns it. */
  stats?(): Promise<EngineStats>
}

export async function startDatabase(
  role: OwnerRole,
  onWait?: (holder: Owner) => void,
): Promise<DatabaseHandle> {
  const e = env()
  const kind = engineKind(e)
  if (kind === 'postgres') return { kind, owner: false, close: closePool }
  const embedded = await openEmbedded({
    dataDir: e.dataDir,
    role,
    idleInTransactionTimeoutMs: e.EMBEDDED_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    ...(onWait ? { onWait } : {}),
  })
  return {
    kind,
    owner: embedded.owner,
    ...(embedded.stats ? { stats: embedded.stats } : {}),
    close: async () => {
      await closePool()
      await embedded.stop()
    },
  }
}
