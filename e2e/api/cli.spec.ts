// The CLI works while the app runs: on the embedded engine it borrows the running app's database
// through its socket instead of opening the data directory a second time.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { dataDirOf, engineOf } from '../support/engine'

const exec = promisify(execFile)

test('runs commands against the running app’s database', async ({ request }, testInfo) => {
  test.skip(engineOf(testInfo) !== 'embedded', 'concerns the embedded engine')
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDirOf(testInfo) }
  delete env.DATABASE_URL
  const email = `cli-${Date.now()}@e2e.test`
  const created = await exec(
    process.execPath,
    [
      'node_modules/tsx/dist/cli.mjs',
      'scripts/cli.ts',
      'users',
      'create',
      '--email',
      email,
      '--name',
      'CLI',
      '--role',
      'staff',
      '--password',
      'cli-password-1',
      '--json',
    ],
    { env },
  )
  expect(created.stderr).toContain('using the running app’s engine')
  expect(JSON.parse(created.stdout.trim().split('\n').pop()!)).toMatchObject({ email, role: 'staff' })

  const migrated = await exec(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'scripts/cli.ts', 'db', 'migrate'],
    { env },
  )
  expect(migrated.stderr).toContain('schema up to date')

  // The app kept serving throughout.
  const status = await request.get('/', { headers: { Accept: 'application/json' } })
  expect(status.status()).toBe(200)
})
