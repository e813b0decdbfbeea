import type { Command } from 'commander'
import { revokeClientApplication, rotateClientSecret } from '@/lib/applications/admin'
import {
  createClientApplication,
  listClientApplications,
  serialiseClientApplication,
  type ClientApplication,
} from '@/lib/auth/clients'
import { parseScopes, SCOPES } from '@/lib/auth/scopes'
import { log, withDatabase } from './shared'

function describe(application: ClientApplication): string {
  const state = application.revokedAt ? 'revoked' : 'active'
  const scopes = application.scopes.join(' ') || '(no scope)'
  return `${application.clientId}\t${state}\t${scopes}\t${application.name}`
}

function unknownScopes(value: string): string[] {
  return value.split(/\s+/).filter((s) => s !== '' && !(SCOPES as readonly string[]).includes(s))
}

export function registerClientCommands(program: Command): void {
  const clients = program.command('clients').description('OAuth client applications of the API')
  clients
    .command('create')
    .description('register an application; its secret is printed once')
    .requiredOption('--name <name>', 'name shown to administrators and on the consent page')
    .option('--scope <scopes>', `space-separated scopes among: ${SCOPES.join(' ')}`, '')
    .option(
      '--redirect-uri <uri>',
      'exact redirect URI, enabling the Authorization Code flow (repeatable)',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option('--json', 'print {"client_id","client_secret"} as JSON on the last line')
    .action((options: { name: string; scope: string; redirectUri: string[]; json?: boolean }) =>
      withDatabase(async () => {
        const unknown = unknownScopes(options.scope)
        if (unknown.length > 0)
          throw new Error(`unknown scope ${unknown.join(', ')} (scopes: ${SCOPES.join(' ')})`)
        const { application, clientSecret } = await createClientApplication({
          name: options.name,
          scopes: parseScopes(options.scope),
          redirectUris: options.redirectUri,
        })
        log(
          `created application ${application.clientId} (${application.name}); keep the secret: it is not shown again`,
        )
        if (options.json)
          console.log(JSON.stringify({ client_id: application.clientId, client_secret: clientSecret }))
        else console.log(`client_id: ${application.clientId}\nclient_secret: ${clientSecret}`)
      }),
    )
  clients
    .command('list')
    .description('list applications (client_id, state, scopes, name)')
    .option('--json', 'print as JSON')
    .action((options: { json?: boolean }) =>
      withDatabase(async () => {
        const all = await listClientApplications()
        if (options.json) console.log(JSON.stringify(all.map(serialiseClientApplication)))
        else for (const application of all) console.log(describe(application))
      }),
    )
  clients
    .command('rotate-secret')
    .description('replace the secret of an application (by client_id or id); printed once')
    .argument('<id>', 'client_id or id of the application')
    .option('--json', 'print {"client_id","client_secret"} as JSON on the last line')
    .action((id: string, options: { json?: boolean }) =>
      withDatabase(async () => {
        const { application, clientSecret } = await rotateClientSecret(id)
        log(`new secret for ${application.clientId}; the previous one no longer works`)
        if (options.json)
          console.log(JSON.stringify({ client_id: application.clientId, client_secret: clientSecret }))
        else console.log(`client_id: ${application.clientId}\nclient_secret: ${clientSecret}`)
      }),
    )
  clients
    .command('revoke')
    .description('revoke an application for good: no new token, existing tokens refused within seconds')
    .argument('<id>', 'client_id or id of the application')
    .option('--json', 'print the application as JSON')
    .action((id: string, options: { json?: boolean }) =>
      withDatabase(async () => {
        const application = await revokeClientApplication(id)
        if (options.json) console.log(JSON.stringify(serialiseClientApplication(application)))
        else log(`revoked ${application.clientId} (${application.name})`)
      }),
    )
}
