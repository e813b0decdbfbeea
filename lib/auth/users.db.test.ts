import { afterAll, describe, expect, it } from 'vitest'
import { closePool } from '../db/pool'
import { engineSkipped, testEngine } from '../testing/engine'
import { authenticateUser, createUser, listUsers } from './users'

afterAll(() => closePool())

describe.skipIf(engineSkipped)(`staff users on ${testEngine}`, () => {
  it('creates a user and signs them in with the right password only', async () => {
    const user = await createUser({
      email: 'Agent@Example.org',
      name: 'Agent',
      role: 'staff',
      password: 'motdepasse-1',
    })
    expect(user).toMatchObject({ email: 'Agent@Example.org', role: 'staff', disabled: false })
    expect(await authenticateUser('agent@example.org', 'motdepasse-1')).toMatchObject({ id: user.id })
    expect(await authenticateUser('agent@example.org', 'mauvais')).toBeNull()
    expect(await authenticateUser('nobody@example.org', 'motdepasse-1')).toBeNull()
    expect((await listUsers()).map((u) => u.email)).toContain('Agent@Example.org')
  })

  it('refuses a second account with the same email in another case', async () => {
    await expect(
      createUser({ email: 'AGENT@example.org', name: 'Copie', role: 'staff', password: 'motdepasse-2' }),
    ).rejects.toThrow(/duplicate key|unique/i)
  })

  it('validates input', async () => {
    await expect(createUser({ email: 'x', name: '', role: 'staff', password: 'short' })).rejects.toThrow()
  })
})
