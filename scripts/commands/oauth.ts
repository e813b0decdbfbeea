import type { Command } from 'commander'
import { env } from '@/lib/env'
import { keyRetentionSeconds } from '@/lib/auth/tokens'
import { publishedSigningKeys, rotateSigningKey } from '@/lib/auth/signing-keys'
import { log, withDatabase } from './shared'

export function registerOAuthCommands(program: Command): void {
  const oauth = program.command('oauth').description('the authorization server')
  const keys = oauth.command('keys').description('token signing keys')
  keys
    .command('list')
    .description('published signing keys (the first one signs)')
    .action(() =>
      withDatabase(async () => {
        const all = await publishedSigningKeys(keyRetentionSeconds(env().OAUTH_ACCESS_TOKEN_TTL))
        for (const key of all)
          console.log(
            `${key.kid}\t${key.alg}\t${key.retiredAt ? `retired ${key.retiredAt.toISOString()}` : 'signing'}\tcreated ${key.createdAt.toISOString()}`,
          )
      }),
    )
  keys
    .command('rotate')
    .description('sign with a new key from now on; the old one stays published until its tokens expire')
    .action(() =>
      withDatabase(async () => {
        const key = await rotateSigningKey()
        log(`new signing key ${key.kid}; running instances switch to it within a minute`)
      }),
    )
}
