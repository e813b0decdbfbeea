// Staff sign-in (next-auth): /api/auth/signin, /callback, /session, /signout… through this
// service's own authorization server.
import NextAuth from 'next-auth'
import type { NextRequest } from 'next/server'
import { authOptions } from '@/lib/oauth/next-auth-options'

export const dynamic = 'force-dynamic'

async function handler(
  request: NextRequest,
  context: RouteContext<'/api/auth/[...nextauth]'>,
): Promise<Response> {
  return (await NextAuth(request, context, authOptions())) as Response
}

export { handler as GET, handler as POST }
