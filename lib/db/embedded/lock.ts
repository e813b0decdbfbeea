// One process at a time opens PGlite's data directory. The owner records itself in a lock file
// created atomically; a record left by a process that no longer exists is stale and is taken over.
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

export type OwnerRole = 'app' | 'cli'

const ownerSchema = z.object({
  pid: z.number().int(),
  role: z.enum(['app', 'cli']),
  startedAt: z.string(),
})
export type Owner = z.infer<typeof ownerSchema>

export type AcquireResult = { acquired: true; release: () => void } | { acquired: false; owner: Owner }

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readOwner(lockPath: string): Owner | null {
  try {
    const parsed = ownerSchema.safeParse(JSON.parse(fs.readFileSync(lockPath, 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function tryAcquire(lockPath: string, role: OwnerRole): AcquireResult {
  fs.mkdirSync(path.dirname(lockPath), { recursive: true, mode: 0o700 })
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600)
      const owner: Owner = { pid: process.pid, role, startedAt: new Date().toISOString() }
      fs.writeSync(fd, JSON.stringify(owner))
      fs.closeSync(fd)
      return {
        acquired: true,
        release: () => {
          if (readOwner(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readOwner(lockPath)
      if (owner && owner.pid !== process.pid && isAlive(owner.pid)) return { acquired: false, owner }
      // Stale (its process is gone) or unreadable (a writer died half-way): take it over.
      fs.rmSync(lockPath, { force: true })
    }
  }
  throw new Error(`Could not acquire ${lockPath}`)
}
