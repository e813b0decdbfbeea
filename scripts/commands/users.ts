import { Option, type Command } from 'commander'
import { createUser, listUsers, ROLES, type Role } from '@/lib/auth/users'
import { log, withDatabase } from './shared'

export function registerUserCommands(program: Command): void {
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
}
