// The one command-line entry point: `npm run cli -- <command>`. Every command works against
// PostgreSQL (DATABASE_URL) or the embedded engine, including while the app runs on it.
import { Command, InvalidArgumentError, Option } from 'commander'
import { prepareDatabase } from '@/lib/bootstrap/prepare-database'
import { createUser, listUsers, ROLES, type Role } from '@/lib/auth/users'
import { startDatabase, type DatabaseHandle } from '@/lib/db/engine'
import { pool } from '@/lib/db/pool'
import { env, EnvError, loadDotEnv } from '@/lib/env'
import { seedDatabase } from '@/lib/seed/seed-database'
import { progressReporter } from './progress'

function positiveInt(value: string): number {
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new InvalidArgumentError('expected a non-negative integer')
  return parsed
}

function integer(value: string): number {
  const parsed = Number(value)
  if (!Number.isInteger(parsed)) throw new InvalidArgumentError('expected an integer')
  return parsed
}

const log = (line: string) => console.error(line)

/** Opens the database for one command (borrowing the running app's embedded engine if any). */
async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
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

export function buildProgram(): Command {
  const program = new Command()
    .name('npm run cli --')
    .description('Territorial Data API: administration commands')
    .showHelpAfterError()

  const db = program.command('db').description('database schema and reference data')
  db.command('migrate')
    .description('apply pending migrations and load the reference territory data')
    .action(() =>
      withDatabase(async () => {
        await prepareDatabase(pool(), { env: env(), seedIfEmpty: false, log })
      }),
    )

  program
    .command('seed')
    .description('replace establishments and local premises with a deterministic synthetic set')
    .addOption(
      new Option('--establishments <n>', 'number of establishments').argParser(positiveInt).default(50_000),
    )
    .addOption(
      new Option('--premises <n>', 'number of local premises').argParser(positiveInt).default(20_000),
    )
    .addOption(new Option('--seed <s>', 'random seed (same seed, same data)').argParser(integer).default(1))
    .option('--json', 'print the result as JSON on the last line')
    .action((options: { establishments: number; premises: number; seed: number; json?: boolean }) =>
      withDatabase(async () => {
        await prepareDatabase(pool(), { env: env(), seedIfEmpty: false, log })
        const progress = progressReporter()
        const result = await seedDatabase(pool(), {
          establishments: options.establishments,
          premises: options.premises,
          seed: options.seed,
          onProgress: (e) => progress.update(e),
        }).finally(() => progress.stop())
        log(
          `seeded ${result.establishments} establishments and ${result.premises} premises in ${(result.milliseconds / 1000).toFixed(1)} s`,
        )
        if (options.json) console.log(JSON.stringify(result))
      }),
    )

  const users = program.command('users').description('staff users of the browser app')
  users
    .command('create')
    .description('create a staff user')
    .requiredOption('--email <email>')
    .requiredOption('--name <name>')
    .addOption(new Option('--role <role>').choices(ROLES).default('staff'))
    .requiredOption('--password <password>', 'at least 8 characters')
    .option('--json', 'print the user as JSON')
    .action((options: { email: string; name: string; role: Role; password: string; json?: boolean }) =>
      withDatabase(async () => {
        const user = await createUser(options)
        if (options.json) console.log(JSON.stringify(user))
        else log(`created ${user.role} ${user.email} (${user.id})`)
      }),
    )
  users
    .command('list')
    .description('list staff users')
    .option('--json', 'print as JSON')
    .action((options: { json?: boolean }) =>
      withDatabase(async () => {
        const all = await listUsers()
        if (options.json) console.log(JSON.stringify(all))
        else
          for (const u of all)
            console.log(`${u.email}\t${u.role}\t${u.disabled ? 'disabled' : 'active'}\t${u.name}`)
      }),
    )

  return program
}

async function main(): Promise<void> {
  loadDotEnv()
  try {
    await buildProgram().parseAsync(process.argv)
  } catch (error) {
    if (error instanceof EnvError) console.error(error.message)
    else console.error(`error: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  }
}

await main()
