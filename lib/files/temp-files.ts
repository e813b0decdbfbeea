// Temporary files (a dataset's CSV file being written, a map tile being cached) are written under a
// name saying who writes them, then renamed or uploaded whole. A process that crashes leaves its
// temporary file behind; at start an instance removes those that are certainly abandoned, and only
// those, although several instances (on one or several hosts) may share the data directory:
// - a file of this host whose writing process no longer runs;
// - any file older than `maxAgeMs` (no writer leaves a file untouched that long: a generation
//   writes continuously and is taken over by another worker after 60 s of silence).
// Name: `<final name>.<host>.<pid>.<random>.part`.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const SUFFIX = '.part'

/** Host names hold no dot in a temporary name (the name's fields are separated by dots). */
const hostTag = (host: string) => host.replace(/[^A-Za-z0-9-]/g, '-') || 'host'

/** The temporary name of `name` for this process. */
export function tempFileName(name: string, host = os.hostname(), pid = process.pid): string {
  return `${name}.${hostTag(host)}.${pid}.${randomUUID().slice(0, 8)}${SUFFIX}`
}

/** The writer of a temporary file, from its name; null for a name of another form. */
export function tempFileWriter(fileName: string): { host: string; pid: number } | null {
  const match = /\.([A-Za-z0-9-]+)\.(\d+)\.[0-9a-f]{8}\.part$/.exec(fileName)
  return match ? { host: match[1]!, pid: Number(match[2]) } : null
}

/** Whether process `pid` runs on this host (a process we may not signal runs too). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export interface SweepOptions {
  /** A temporary file untouched for longer than this is removed, whoever wrote it. */
  maxAgeMs?: number
  now?: () => number
  host?: string
  isRunning?: (pid: number) => boolean
}

/** Default age past which any temporary file is abandoned. */
export const TEMP_FILE_MAX_AGE_MS = 3_600_000

/**
 * Removes the abandoned temporary files under `dir` (recursively): this host's whose process is
 * gone, and any older than maxAgeMs. Returns the paths removed.
 */
export async function sweepTempFiles(dir: string, options: SweepOptions = {}): Promise<string[]> {
  const now = (options.now ?? Date.now)()
  const host = hostTag(options.host ?? os.hostname())
  const maxAge = options.maxAgeMs ?? TEMP_FILE_MAX_AGE_MS
  const isRunning = options.isRunning ?? processRuns
  const removed: string[] = []
  let entries: fs.Dirent[]
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true, recursive: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return removed
    throw error
  }
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(SUFFIX)) continue
    const file = path.join(entry.parentPath, entry.name)
    const writer = tempFileWriter(entry.name)
    let abandoned =
      writer !== null && writer.host === host && writer.pid !== process.pid && !isRunning(writer.pid)
    if (!abandoned) {
      const stat = await fs.promises.stat(file).catch(() => null)
      abandoned = stat !== null && now - stat.mtimeMs > maxAge
    }
    if (abandoned) {
      await fs.promises.rm(file, { force: true })
      removed.push(file)
    }
  }
  return removed
}
