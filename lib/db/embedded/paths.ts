import path from 'node:path'

export interface EmbeddedPaths {
  /** PGlite's data directory (a PostgreSQL cluster). */
  pgliteDir: string
  /** Directory of the unix socket: what `pg` takes as `host`. */
  socketDir: string
  socketPath: string
  /** Ownership record: which process holds the data directory. */
  lockPath: string
}

// A unix socket path is limited to 107 bytes on Linux.
const MAX_SOCKET_PATH = 107

export function embeddedPaths(dataDir: string): EmbeddedPaths {
  const socketDir = path.join(dataDir, 'run')
  const socketPath = path.join(socketDir, '.s.PGSQL.5432')
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw new Error(
      `DATA_DIR is too long for the embedded engine's unix socket (${socketPath}); ` +
        'choose a shorter DATA_DIR or set DATABASE_URL.',
    )
  }
  return {
    pgliteDir: path.join(dataDir, 'pglite'),
    socketDir,
    socketPath,
    lockPath: path.join(socketDir, 'owner.json'),
  }
}
