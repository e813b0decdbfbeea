import { afterAll, describe, expect, it } from 'vitest'
import { closePool, query } from '../db/pool'
import { engineSkipped, testEngine } from '../testing/engine'
import { hashPassword } from './password'
import { activeSessionUser, openStaffSession, revokeStaffSession, revokeUserSessions } from './staff-sessions'
import { createUser } from './users'

afterAll(() => closePool())

let counter = 0
async function signedIn() {
  const user = await createUser({
    email: `session-${++counter}@exemple.fr`,
    name: 'Session',
    role: 'staff',
    password: 'motdepasse-session',
  })
  const sessionId = (await openStaffSession(user.id, 3600))!
  expect(await activeSessionUser(sessionId, user.id)).toMatchObject({ id: user.id, role: 'staff' })
  return { user, sessionId }
}

describe.skipIf(engineSkipped)(`server-side staff sessions on ${testEngine}`, () => {
  it('ends at sign-out, and only that session', async () => {
    const { user, sessionId } = await signedIn()
    const other = (await openStaffSession(user.id, 3600))!
    expect(await revokeStaffSession(sessionId)).toBe(true)
    expect(await activeSessionUser(sessionId, user.id)).toBeNull()
    expect(await revokeStaffSession(sessionId)).toBe(false)
    expect(await activeSessionUser(other, user.id)).not.toBeNull()
    expect(await revokeUserSessions(user.id)).toBe(1)
    expect(await activeSessionUser(other, user.id)).toBeNull()
  })

  it('ends when the role changes, the password changes or the account is disabled', async () => {
    const changes = [
      "UPDATE staff_user SET role = 'admin' WHERE id = $1",
      `UPDATE staff_user SET password_hash = '${await hashPassword('nouveau-mot-de-passe')}' WHERE id = $1`,
      'UPDATE staff_user SET disabled = true WHERE id = $1',
    ]
    for (const change of changes) {
      const { user, sessionId } = await signedIn()
      await query(change, [user.id])
      expect(await activeSessionUser(sessionId, user.id), change).toBeNull()
    }
  })

  it('is bound to its user, expires, and cannot be opened for a disabled account', async () => {
    const { user, sessionId } = await signedIn()
    const { user: someoneElse } = await signedIn()
    expect(await activeSessionUser(sessionId, someoneElse.id)).toBeNull()
    await query("UPDATE staff_session SET expires_at = now() - interval '1 second' WHERE id = $1", [
      sessionId,
    ])
    expect(await activeSessionUser(sessionId, user.id)).toBeNull()
    await query('UPDATE staff_user SET disabled = true WHERE id = $1', [user.id])
    expect(await openStaffSession(user.id, 3600)).toBeNull()
    expect(await activeSessionUser('not-a-uuid', user.id)).toBeNull()
  })
})
