// The wrapper of the browser app's same-origin endpoints (app/bff/**): `bffRoute(contract, handler)`.
// It refuses cross-site state-changing requests (CSRF: 403), requires a signed-in staff user
// (401) with the contract's role (403), parses params, query and JSON body with zod (400 listing
// every issue, the same parser as the API's), runs the handler and renders any error once as
// problem+json. The browser's session cookie stands in for a Bearer token; no API token ever
// reaches the browser.
import type { z } from 'zod'
import { currentStaffUser, hasRole } from '../auth/staff-session'
import type { Role, StaffUser } from '../auth/users'
import { env } from '../env'
import { ApiError, forbidden } from './api-error'
import type { RouteParams } from './api-route'
import { requestBody } from './body'
import { parseInput } from './input'
import { problemResponse } from './render-problem'
import { noteCaller } from './request-context'
import { jsonResponse } from './respond'

export interface BffContract {
  /** Least role allowed: 'staff' (any signed-in user) or 'admin'. */
  role: Role
  params?: z.ZodType
  query?: z.ZodType
  /** JSON body of POST/PUT/PATCH/DELETE requests. */
  body?: z.ZodType
}

type Infer<T> = NonNullable<T> extends z.ZodType ? z.output<NonNullable<T>> : undefined

export interface BffContext<C extends BffContract> {
  request: Request
  url: URL
  user: StaffUser
  params: Infer<C['params']>
  query: Infer<C['query']>
  body: Infer<C['body']>
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const unauthenticated = () =>
  new ApiError('unauthorized', 'Connectez-vous pour utiliser cette fonction.', {
    headers: { 'WWW-Authenticate': 'Session realm="territorial-data-api"' },
  })

/**
 * Same-origin check for state-changing requests: browsers send Origin on them; it must be the
 * public origin or the request's own. Without Origin, Sec-Fetch-Site must say same-origin.
 */
function assertSameOrigin(request: Request, publicOrigin: string): void {
  const origin = request.headers.get('origin')
  const own = new URL(request.url).origin
  if (origin !== null) {
    if (origin === publicOrigin || origin === own) return
    throw forbidden('Requête intersite refusée : cette action doit venir de l’application.')
  }
  if (request.headers.get('sec-fetch-site') === 'same-origin') return
  throw forbidden('Requête refusée : en-tête Origin manquant.')
}

export function bffRoute<C extends BffContract>(
  contract: C,
  handler: (context: BffContext<C>) => Promise<Response | unknown>,
): (request: Request, context: RouteParams) => Promise<Response> {
  return async (request, routeContext) => {
    const url = new URL(request.url)
    try {
      const safe = SAFE_METHODS.has(request.method)
      if (!safe) assertSameOrigin(request, new URL(env().publicUrl).origin)
      const user = await currentStaffUser(request.headers)
      if (!user) throw unauthenticated()
      noteCaller(`staff:${user.id}`)
      if (!hasRole(user, contract.role)) {
        throw forbidden(
          contract.role === 'admin'
            ? 'Cette fonction est réservée aux administrateurs.'
            : 'Cette fonction est réservée au personnel.',
        )
      }
      const input = parseInput(
        contract,
        {
          params: (await routeContext.params) ?? {},
          searchParams: url.searchParams,
          body: safe ? { present: false } : await requestBody(request, { accepted: ['json'] }),
        },
        { undeclared: 'ignore', absentBody: safe ? 'skip' : 'empty-object' },
      )
      const result = await handler({ request, url, user, ...input } as BffContext<C>)
      if (result instanceof Response) return result
      return jsonResponse(result, { headers: { 'Cache-Control': 'no-store' } })
    } catch (error) {
      return problemResponse(error, url.pathname)
    }
  }
}
