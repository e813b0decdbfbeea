// The route wrapper: every API route handler is `apiRoute(contract, handler)`. It negotiates the
// format (406), authenticates the Bearer token (401), parses params, query and body with the
// contract's zod schemas (400 listing every issue), checks scopes (403 naming the missing one),
// runs the handler and renders any error once as problem+json.
import type { z } from 'zod'
import { authenticate } from './authenticate'
import type { Principal } from '../auth/principal'
import { missingScopes, type Scope } from '../auth/scopes'
import { verifyAccessToken } from '../auth/verify-access-token'
import { badRequest, insufficientScope, type FieldIssue } from './api-error'
import type { RouteContract } from './contract'
import { currentGetBody } from './get-body'
import { negotiate, type Format } from './negotiate'
import { queryToObject } from './query'
import { problemResponse, zodIssues } from './render-problem'
import { jsonResponse } from './respond'

type Infer<T> = NonNullable<T> extends z.ZodType ? z.output<NonNullable<T>> : undefined

export interface HandlerContext<C extends RouteContract> {
  request: Request
  url: URL
  format: Format
  params: Infer<C['params']>
  query: Infer<C['query']>
  /** The JSON body of the GET request, when the contract accepts one and the client sent it. */
  body: Infer<C['body']> | undefined
  principal: C['auth'] extends { kind: 'public' } ? null : Principal
  /** For routes whose scope depends on the data (auth kind "dynamic"): 403 unless held. */
  requireScope(scope: Scope): void
}

export type RouteParams = { params: Promise<Record<string, string | string[] | undefined>> }

function parsePart(
  schema: z.ZodType | undefined,
  value: unknown,
  location: FieldIssue['location'],
  issues: FieldIssue[],
  isEmpty: boolean,
): unknown {
  if (!schema) {
    if (!isEmpty) {
      issues.push({
        location,
        path: '',
        message:
          location === 'body'
            ? 'Cette adresse n’accepte pas de corps de requête.'
            : 'Cette adresse n’accepte pas de paramètres de requête.',
        code: 'unexpected',
      })
    }
    return undefined
  }
  const result = schema.safeParse(value)
  if (result.success) return result.data
  issues.push(...zodIssues(result.error, location))
  return undefined
}

export function apiRoute<C extends RouteContract>(
  contract: C,
  handler: (context: HandlerContext<C>) => Promise<Response | unknown>,
): (request: Request, context: RouteParams) => Promise<Response> {
  return async (request, routeContext) => {
    const url = new URL(request.url)
    try {
      const format = negotiate(request.headers.get('accept'), contract.formats)
      const principal =
        contract.auth.kind === 'public' ? null : await authenticate(request, verifyAccessToken)

      const issues: FieldIssue[] = []
      const rawParams = (await routeContext.params) ?? {}
      const params = parsePart(
        contract.params,
        rawParams,
        'params',
        issues,
        Object.keys(rawParams).length === 0,
      )
      const rawQuery = queryToObject(url.searchParams)
      const query = parsePart(contract.query, rawQuery, 'query', issues, Object.keys(rawQuery).length === 0)
      const getBody = currentGetBody()
      const body = getBody.present
        ? parsePart(contract.body, getBody.value, 'body', issues, false)
        : undefined
      if (issues.length > 0) {
        throw badRequest('La requête contient des valeurs invalides.', issues)
      }

      if (contract.auth.kind === 'scopes' && principal) {
        const missing = missingScopes(principal.scopes, contract.auth.requirement)
        if (missing.length > 0) throw insufficientScope(missing, 'anyOf' in contract.auth.requirement)
      }

      const context = {
        request,
        url,
        format,
        params,
        query,
        body,
        principal,
        requireScope(scope: Scope) {
          if (!principal?.scopes.has(scope)) throw insufficientScope([scope])
        },
      } as HandlerContext<C>
      const result = await handler(context)
      return result instanceof Response ? result : jsonResponse(result)
    } catch (error) {
      return problemResponse(error, url.pathname)
    }
  }
}
