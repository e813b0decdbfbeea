import type { Command } from 'commander'
import { prepareDatabase } from '@/lib/bootstrap/prepare-database'
import { pool } from '@/lib/db/pool'
import { env } from '@/lib/env'
import { log, withDatabase } from './shared'

export function registerDbCommands(program: Command): void {
  const db = program.command('db').description('database schema and reference data')
  db.command('migrate')
    .description('apply pending migrations and load the reference territory data')
    .action(() =>
      withDatabase(async () => {
        await prepareDatabase(pool(), { env: env(), seedIfEmpty: false, log })
      }),
    )
}
