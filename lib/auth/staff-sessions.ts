// Server-side records of staff sessions (db/migrations/0012): opened at sign-in, named by the
// session cookie, revoked at sign-out. A session is active while its record is neither revoked
// nor expired and its user is enabled with the role and password it signed in with — so a role
// change, a password change or a disabled account ends it at once, whatever changed them.
import { query, type Queryable } from '../db/pool'
import type { StaffUser } from './users'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Opens a session of `userId` lasting `ttlSeconds`; its id, or null when the user cannot sign in. */
export async function openStaffSession(
  userId: string,
  ttlSeconds: number,
  db?: Queryable,
): Promise<string | null> {
  if (!UUID.test(userId)) return null
  const { rows } = await query<{ id: string }>(
    `INSERT INTO staff_session (user_id, role, password_fingerprint, expires_at)
     SELECT id, role, md5(password_hash), now() + make_interval(secs => $2::integer)
     FROM staff_user WHERE id = $1 AND NOT disabled
     RETURNING id`,
    [userId, ttlSeconds],
    db,
  )
  return rows[0]?.id ?? null
}

/** The user of an active session (checked against `userId`, the cookie's subject), or null. */
export async function activeSessionUser(
  sessionId: string,
  userId: string,
  db?: Queryable,
): Promise<StaffUser | null> {
  if (!UUID.test(sessionId) || !UUID.test(userId)) return null
  const { rows } = await query<StaffUser>(
    `SELECT u.id, u.email, u.name, u.role, u.disabled
     FROM staff_session s JOIN staff_user u ON u.id = s.user_id
     WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()
       AND NOT u.disabled AND u.role = s.role AND md5(u.password_hash) = s.password_fingerprint`,
    [sessionId, userId],
    db,
  )
  return rows[0] ?? null
}

/** Ends a session (sign-out); true when it was active. */
export async function revokeStaffSession(sessionId: string, db?: Queryable): Promise<boolean> {
  if (!UUID.test(sessionId)) return false
  const { rowCount } = await query(
    'UPDATE staff_session SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL',
    [sessionId],
    db,
  )
  return (rowCount ?? 0) > 0
}

/** Ends every session of a user (e.g. an administrator's decision); how many were open. */
export async function revokeUserSessions(userId: string, db?: Queryable): Promise<number> {
  if (!UUID.test(userId)) return 0
  const { rowCount } = await query(
    'UPDATE staff_session SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
    db,
  )
  return rowCount ?? 0
}

/** Deletes records of sessions expired or revoked for more than a day; how many. */
export async function deleteStaleSessions(db?: Queryable): Promise<number> {
  const { rowCount } = await query(
    `DELETE FROM staff_session WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day'`,
    [],
    db,
  )
  return rowCount ?? 0
}
