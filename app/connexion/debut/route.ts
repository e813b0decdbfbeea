// GET /connexion/debut?callbackUrl=/…: starts the staff sign-in and sends the browser straight to
// the sign-in form, coming back to `callbackUrl` (a path of this site) once signed in; a signed-in
// user goes there at once.
import type { NextRequest } from 'next/server'
import { currentStaffUser } from '@/lib/auth/staff-session'
import { env } from '@/lib/env'
import { safeCallbackPath, startStaffSignIn } from '@/lib/oauth/start-sign-in'

export const dynamic = 'force-dynamic'

function seeOther(location: string, cookies: readonly string[] = []): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' })
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  return new Response(null, { status: 303, headers })
}

export async function GET(request: NextRequest): Promise<Response> {
  const { publicUrl } = env()
  const returnTo = safeCallbackPath(
    request.nextUrl.searchParams.get('callbackUrl'),
    new URL(publicUrl).origin,
  )
  if (await currentStaffUser(request.headers).catch(() => null)) return seeOther(returnTo)
  try {
    const start = await startStaffSignIn(returnTo, publicUrl)
    return seeOther(start.location, start.cookies)
  } catch (error) {
    console.error('[auth] the sign-in could not start:', error)
    return seeOther(`/connexion?erreur=demarrage&callbackUrl=${encodeURIComponent(returnTo)}`)
  }
}
