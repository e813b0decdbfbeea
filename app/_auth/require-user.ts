// The signed-in user of a page request, looked up once per request however many server
// components ask (the layout for the navigation, the page for its guard): React's per-request
// cache. Guards: a visitor who is not signed in is sent to the sign-in form and brought back; a
// signed-in user whose role is insufficient gets the 403 page.
import 'server-only'
import { headers } from 'next/headers'
import { forbidden, redirect } from 'next/navigation'
import { cache } from 'react'
import { currentStaffUser, hasRole } from '@/lib/auth/staff-session'
import type { Role, StaffUser } from '@/lib/auth/users'
import { signInStartUrl } from '@/lib/oauth/sign-in-path'

/** The session's user, read from its cookie and the database once per request. */
const signedInUser = cache(async (): Promise<StaffUser | null> => currentStaffUser(await headers()))

export async function requireUser(role: Role, returnTo: string): Promise<StaffUser> {
  const user = await signedInUser()
  // Straight to the sign-in form, then back here.
  if (!user) redirect(signInStartUrl(returnTo))
  if (!hasRole(user, role)) forbidden()
  return user
}

/**
 * The signed-in user, or null, for what shows something to everyone (the layout, the home page);
 * null too when the database is down: the status banner reports the outage.
 */
export async function optionalUser(): Promise<StaffUser | null> {
  return signedInUser().catch(() => null)
}
