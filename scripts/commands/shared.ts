// Helpers shared by the CLI commands.
import { InvalidArgumentError } from 'commander'
import { startDatabase, type DatabaseHandle } from '@/lib/db/engine'
import { env } from '@/lib/env'

/** Human-readable messages go to stderr; stdout carries only results (e.g. --json output). */
export const log = (line: string): void => {
  console.error(line)
}

export function nonNegativeInt(value: string): number {
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new InvalidArgumentError('expected a non-negative integer')
  return parsed
}

export function integer(value: string): number {
  const parsed = Number(value)
  if (!Number.isInteger(parsed)) throw new InvalidArgumentError('expected an integer')
  return parsed
}

/** Opens the database for one command (borrowing the running app's embedded engine if any). */
export async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await startDatabase('cli')
  if (handle.kind === 'embedded') {
    log(
      handle.owner
        ? `embedded database: ${env().dataDir}`
        : 'embedded database: using the running app’s engine',
    )
  }
  try {
    return await work(handle)
  } finally {
    await handle.close()
  }
}
