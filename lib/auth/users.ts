// Staff users of the browser app: email, name, scrypt password hash and role.
import { z } from 'zod'
import { query, type Queryable } from '../db/pool'
import { normaliseEmail } from '../text/email'
import { hashPassword, verifyPassword } from './password'

export const ROLES = ['admin', 'staff'] as const
export type Role = (typeof ROLES)[number]

export interface StaffUser {
  id: string
  email: string
  name: string
  role: Role
  disabled: boolean
}

const newUserSchema = z.object({
  email: z.string().transform(normaliseEmail).pipe(z.email()),
  name: z.string().trim().min(1).max(200),
  role: z.enum(ROLES),
  password: z.string().min(8, 'Le mot de passe doit compter au moins 8 caractères.').max(200),
})
export type NewUser = z.infer<typeof newUserSchema>

const COLUMNS = 'id, email, name, role, disabled'

export async function createUser(input: NewUser, db?: Queryable): Promise<StaffUser> {
  const user = newUserSchema.parse(input)
  const hash = await hashPassword(user.password)
  const { rows } = await query<StaffUser>(
    `INSERT INTO staff_user (email, name, role, password_hash) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [user.email, user.name, user.role, hash],
    db,
  )
  return rows[0]!
}

export async function findUserByEmail(
  email: string,
  db?: Queryable,
): Promise<(StaffUser & { passwordHash: string }) | null> {
  const { rows } = await query<StaffUser & { passwordHash: string }>(
    `SELECT ${COLUMNS}, password_hash AS "passwordHash" FROM staff_user WHERE email = $1`,
    [normaliseEmail(email)],
    db,
  )
  return rows[0] ?? null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function findUserById(id: string, db?: Queryable): Promise<StaffUser | null> {
  if (!UUID.test(id)) return null
  const { rows } = await query<StaffUser>(`SELECT ${COLUMNS} FROM staff_user WHERE id = $1`, [id], db)
  return rows[0] ?? null
}

/** The user whose email and password match, unless disabled; null otherwise (same time either way). */
export async function authenticateUser(email: string, password: string): Promise<StaffUser | null> {
  const user = await findUserByEmail(email)
  // Hash even for an unknown email, so timing does not reveal which emails exist.
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH)
  if (!user || !ok || user.disabled) return null
  const { passwordHash: _, ...rest } = user
  return rest
}

const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'

export async function listUsers(db?: Queryable): Promise<StaffUser[]> {
  return (await query<StaffUser>(`SELECT ${COLUMNS} FROM staff_user ORDER BY email`, [], db)).rows
}

/**
 * The bootstrap administrator from ADMIN_EMAIL / ADMIN_PASSWORD: created when missing; its password
 * follows ADMIN_PASSWORD when that changes.
 */
export async function ensureAdminUser(
  email: string,
  password: string,
  db?: Queryable,
): Promise<'created' | 'updated' | 'unchanged'> {
  const existing = await findUserByEmail(email, db)
  if (!existing) {
    await createUser({ email, name: 'Administrateur', role: 'admin', password }, db)
    return 'created'
  }
  if (existing.role === 'admin' && (await verifyPassword(password, existing.passwordHash))) return 'unchanged'
  await query(
    "UPDATE staff_user SET password_hash = $2, role = 'admin', disabled = false, updated_at = now() WHERE id = $1",
    [existing.id, await hashPassword(password)],
    db,
  )
  return 'updated'
}
