// Staff sign-in (next-auth): /api/auth/signin, /callback, /session, /signout… through this
// service's own authorization server. Unknown actions and NUL characters are refused first.
import NextAuth from 'next-auth'
import type { NextRequest } from 'next/server'
import { env } from '@/lib/env'
import { problemResponse } from '@/lib/http/render-problem'
import { authOptions } from '@/lib/oauth/next-auth-options'
import { nextAuthRequestProblem } from '@/lib/oauth/next-auth-request'

export const dynamic = 'force-dynamic'

async function handler(
  request: NextRequest,
  context: RouteContext<'/api/auth/[...nextauth]'>,
): Promise<Response> {
  const { nextauth } = await context.params
  const body = {
    contentType: request.headers.get('content-type'),
    text: request.method === 'POST' ? await request.clone().text() : '',
  }
  const problem = nextAuthRequestProblem(
    request.method,
    nextauth,
    request.nextUrl.searchParams,
    body,
    new URL(env().publicUrl).origin,
  )
  if (problem) return problemResponse(problem, request.nextUrl.pathname)
  return (await NextAuth(request, context, authOptions())) as Response
}

export { handler as GET, handler as POST }
