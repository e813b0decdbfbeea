// Guards of the browser app's pages (server components): a visitor who is not signed in is sent to
// the sign-in page and brought back; a signed-in user whose role is insufficient gets the 403 page.
import { headers } from 'next/headers'
import { forbidden, redirect } from 'next/navigation'
import { currentStaffUser, hasRole } from '@/lib/auth/staff-session'
import type { Role, StaffUser } from '@/lib/auth/users'

export async function requireUser(role: Role, returnTo: string): Promise<StaffUser> {
  const user = await currentStaffUser(await headers())
  if (!user) redirect(`/connexion?callbackUrl=${encodeURIComponent(returnTo)}`)
  if (!hasRole(user, role)) forbidden()
  return user
}

/** The signed-in user, or null, for pages that show something to everyone. */
export async function optionalUser(): Promise<StaffUser | null> {
  return currentStaffUser(await headers()).catch(() => null)
}
