// The CLI works while the app runs, on both engines. On the embedded engine it borrows the running
// app's database through its socket instead of opening the data directory a second time.
import { expect, test } from '../support/contract-test'
import { engineOf, runCli } from '../support/engine'

test('runs commands against the running app’s database', async ({ request }, testInfo) => {
  const email = `cli-${engineOf(testInfo)}-${Date.now()}@e2e.test`
  const created = await runCli(testInfo, [
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
  ])
  if (engineOf(testInfo) === 'embedded') expect(created.stderr).toContain('using the running app’s engine')
  expect(JSON.parse(created.stdout.trim().split('\n').pop()!)).toMatchObject({ email, role: 'staff' })

  const listed = await runCli(testInfo, ['users', 'list', '--json'])
  expect((JSON.parse(listed.stdout) as Array<{ email: string }>).map((u) => u.email)).toContain(email)

  const migrated = await runCli(testInfo, ['db', 'migrate'])
  expect(migrated.stderr).toContain('schema up to date')

  // The app kept serving throughout.
  const status = await request.get('/', { headers: { Accept: 'application/json' } })
  expect(status.status()).toBe(200)
})
