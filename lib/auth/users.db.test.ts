import { afterAll, describe, expect, it } from 'vitest'
import { closePool } from '../db/pool'
import { engineSkipped, testEngine } from '../testing/engine'
import { RateLimiter } from '../rate-limit/rate-limiter'
import { MemoryStore } from '../rate-limit/store'
import { normaliseEmail } from '../text/email'
import { authenticateUser, createUser, findUserByEmail, listUsers } from './users'

afterAll(() => closePool())

describe.skipIf(engineSkipped)(`staff users on ${testEngine}`, () => {
  it('creates a user and signs them in with the right password only', async () => {
    const user = await createUser({
      email: 'Agent@Example.org',
      name: 'Agent',
      role: 'staff',
      password: 'motdepasse-1',
    })
    expect(user).toMatchObject({ email: 'agent@example.org', role: 'staff', disabled: false })
    expect(await authenticateUser('agent@example.org', 'motdepasse-1')).toMatchObject({ id: user.id })
    expect(await authenticateUser('agent@example.org', 'mauvais')).toBeNull()
    expect(await authenticateUser('nobody@example.org', 'motdepasse-1')).toBeNull()
    expect((await listUsers()).map((u) => u.email)).toContain('agent@example.org')
  })

  it('refuses a second account with the same email in another case', async () => {
    await expect(
      createUser({ email: 'AGENT@example.org', name: 'Copie', role: 'staff', password: 'motdepasse-2' }),
    ).rejects.toThrow(/duplicate key|unique/i)
  })

  it('finds an account only by spellings that share its rate-limit key (İ/ı, ß, full-width, combining)', async () => {
    const user = await createUser({
      email: 'Liste.Straße@Exemple.fr',
      name: 'L',
      role: 'staff',
      password: 'motdepasse-3',
    })
    expect(user.email).toBe('liste.strasse@exemple.fr')
    const limiter = new RateLimiter(new MemoryStore(), 'signin-account', 1, 60_000)
    await limiter.consume(normaliseEmail(user.email))
    const spellings = [
      'LISTE.STRASSE@EXEMPLE.FR',
      'liste.straße@exemple.fr',
      'ＬＩＳＴＥ.ｓｔｒａｓｓｅ@ｅｘｅｍｐｌｅ.ｆｒ',
      'lİste.strasse@exemple.fr',
      'lıste.strasse@exemple.fr',
    ]
    for (const spelling of spellings) {
      const found = await findUserByEmail(spelling)
      const locked = !(await limiter.consume(normaliseEmail(spelling))).allowed
      // Whoever reaches the account is already locked out with it.
      if (found) expect(locked, spelling).toBe(true)
    }
    expect(await findUserByEmail('ＬＩＳＴＥ.ｓｔｒａｓｓｅ@ｅｘｅｍｐｌｅ.ｆｒ')).toMatchObject({
      id: user.id,
    })
    expect(await findUserByEmail('lİste.strasse@exemple.fr')).toBeNull()
    expect(await findUserByEmail('lıste.strasse@exemple.fr')).toBeNull()
  })

  it('validates input', async () => {
    await expect(createUser({ email: 'x', name: '', role: 'staff', password: 'short' })).rejects.toThrow()
  })
})
