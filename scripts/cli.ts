// The one command-line entry point: `npm run cli -- <command>`. Every command works against
// PostgreSQL (DATABASE_URL) or the embedded engine, including while the app runs on it.
// Each area registers its commands from scripts/commands/.
import { Command } from 'commander'
import { EnvError, loadDotEnv } from '@/lib/env'
import { registerClientCommands } from './commands/clients'
import { registerDatasetCommands } from './commands/datasets'
import { registerDbCommands } from './commands/db'
import { registerImportCommand } from './commands/import'
import { registerOAuthCommands } from './commands/oauth'
import { registerOfferCommands } from './commands/offres'
import { registerSeedCommand } from './commands/seed'
import { registerUserCommands } from './commands/users'

export function buildProgram(): Command {
  const program = new Command()
    .name('npm run cli --')
    .description('Territorial Data API: administration commands')
    .showHelpAfterError()
  registerDbCommands(program)
  registerImportCommand(program)
  registerSeedCommand(program)
  registerUserCommands(program)
  registerClientCommands(program)
  registerOAuthCommands(program)
  registerDatasetCommands(program)
  registerOfferCommands(program)
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
