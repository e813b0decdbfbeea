// The signed-in staff user of a browser request, read from the next-auth session cookie (an
// encrypted JWT) and checked against its server-side session record, so a sign-out, a disabled
// account, a changed role or password takes effect at once. For BFF routes (lib/http/bff-route.ts) and for server components, which pass
// `await headers()`.
import { decode } from 'next-auth/jwt'
import { env } from '../env'
import { appSecret } from './app-secret'
import { activeSessionUser } from './staff-sessions'
import type { Role, StaffUser } from './users'

export interface HeaderSource {
  get(name: string): string | null
}

/** next-auth's cookie name: secure-prefixed when the public origin is https. */
function sessionCookieName(publicUrl: string = env().publicUrl): string {
  return `${publicUrl.startsWith('https://') ? '__Secure-' : ''}next-auth.session-token`
}

function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=')
    if (index <= 0) continue
    const name = part.slice(0, index).trim()
    const value = part.slice(index + 1).trim()
    try {
      cookies.set(name, decodeURIComponent(value))
    } catch {
      cookies.set(name, value)
    }
  }
  return cookies
}

/** The session token, reassembled when next-auth split it into chunks (name.0, name.1, …). */
function sessionTokenFrom(cookies: Map<string, string>, name: string): string | null {
  const whole = cookies.get(name)
  if (whole) return whole
  const chunks: string[] = []
  for (let i = 0; cookies.has(`${name}.${i}`); i++) chunks.push(cookies.get(`${name}.${i}`)!)
  return chunks.length > 0 ? chunks.join('') : null
}

/** The active staff user signed in on this request, or null. */
export async function currentStaffUser(headers: HeaderSource): Promise<StaffUser | null> {
  const token = sessionTokenFrom(parseCookies(headers.get('cookie')), sessionCookieName())
  if (!token) return null
  let claims: { sub?: unknown; ssid?: unknown } | null
  try {
    claims = await decode({ token, secret: appSecret() })
  } catch {
    return null
  }
  // The cookie names its server-side session record (lib/auth/staff-sessions.ts): revoked at
  // sign-out, ended by a role or password change or a disabled account.
  if (typeof claims?.sub !== 'string' || typeof claims.ssid !== 'string') return null
  return activeSessionUser(claims.ssid, claims.sub)
}

const RANK: Record<Role, number> = { staff: 1, admin: 2 }

/** Whether the user's role is at least `role` (admins can do what staff do). */
export function hasRole(user: Pick<StaffUser, 'role'>, role: Role): boolean {
  return RANK[user.role] >= RANK[role]
}
