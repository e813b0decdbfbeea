// The route wrapper: every API route handler is `apiRoute(contract, handler)`. It negotiates the
// format (406), authenticates the Bearer token (401), parses params, query and body with the
// contract's zod schemas (400 listing every issue), checks scopes (403 naming the missing one),
// runs the handler and renders any error once as problem+json. The body of a GET request comes
// from server.ts (lib/http/request-context); the body of other methods is read here (lib/http/body).
import type { z } from 'zod'
import type { Principal } from '../auth/principal'
import { missingScopes, type Scope } from '../auth/scopes'
import { verifyAccessToken } from '../auth/verify-access-token'
import { insufficientScope } from './api-error'
import { authenticate } from './authenticate'
import { requestBody } from './body'
import type { RouteContract } from './contract'
import { currentGetBody, noteCaller } from './request-context'
import { parseInput } from './input'
import { enforceQuota } from './request-limits'
import { usageRecorder } from '../usage/usage'
import { negotiate, type Format } from './negotiate'
import { problemResponse } from './render-problem'
import { jsonResponse } from './respond'

type Infer<T> = NonNullable<T> extends z.ZodType ? z.output<NonNullable<T>> : undefined

export interface HandlerContext<C extends RouteContract> {
  request: Request
  url: URL
  format: Format
  params: Infer<C['params']>
  query: Infer<C['query']>
  /** The request's body, when the contract accepts one and the client sent it. */
  body: Infer<C['body']> | undefined
  principal: C['auth'] extends { kind: 'public' } ? null : Principal
  /** For routes whose scope depends on the data (auth kind "dynamic"): 403 unless held. */
  requireScope(scope: Scope): void
}

export type RouteParams = { params: Promise<Record<string, string | string[] | undefined>> }

export function apiRoute<C extends RouteContract>(
  contract: C,
  handler: (context: HandlerContext<C>) => Promise<Response | unknown>,
): (request: Request, context: RouteParams) => Promise<Response> {
  return async (request, routeContext) => {
    const url = new URL(request.url)
    // Every answer to an authenticated request tells the application where its quota stands, and
    // counts in its usage.
    let quotaFields: Record<string, string> = {}
    let clientId: string | undefined
    const withQuotaFields = (response: Response) => {
      if (clientId !== undefined) usageRecorder().record(clientId, contract.operationId, response.status)
      const fields = Object.entries(quotaFields)
      if (fields.length === 0) return response
      for (const [name, value] of fields) response.headers.set(name, value)
      return response
    }
    try {
      const format = negotiate(request.headers.get('accept'), contract.formats)
      const principal =
        contract.auth.kind === 'public' ? null : await authenticate(request, verifyAccessToken)
      if (principal) {
        noteCaller(`client:${principal.clientId}`)
        clientId = principal.clientId
        quotaFields = await enforceQuota(principal)
      }

      const body =
        request.method === 'GET' || request.method === 'HEAD'
          ? currentGetBody()
          : await requestBody(request, { accepted: contract.bodyTypes ?? ['json'] })
      const input = parseInput(
        contract,
        { params: (await routeContext.params) ?? {}, searchParams: url.searchParams, body },
        {
          undeclared: 'refuse',
          absentBody: contract.invalidBody ? 'empty-object' : 'skip',
          ...(contract.invalidBody ? { invalidBody: contract.invalidBody } : {}),
        },
      )

      if (contract.auth.kind === 'scopes' && principal) {
        const missing = missingScopes(principal.scopes, contract.auth.requirement)
        if (missing.length > 0) throw insufficientScope(missing, 'anyOf' in contract.auth.requirement)
      }

      const context = {
        request,
        url,
        format,
        ...input,
        principal,
        requireScope(scope: Scope) {
          if (!principal?.scopes.has(scope)) throw insufficientScope([scope])
        },
      } as HandlerContext<C>
      const result = await handler(context)
      return withQuotaFields(result instanceof Response ? result : jsonResponse(result))
    } catch (error) {
      return withQuotaFields(problemResponse(error, url.pathname))
    }
  }
}
