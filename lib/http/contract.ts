// A route's contract, declared once: method, path, scopes, input schemas, formats and responses.
// The route wrapper enforces it and the OpenAPI document is generated from it.
import type { z } from 'zod'
import type { Scope, ScopeRequirement } from '../auth/scopes'
import type { BodyMediaType } from './body'
import type { Format } from './negotiate'

export type Auth =
  | { kind: 'public' }
  /** A valid token holding these scopes. */
  | { kind: 'scopes'; requirement: ScopeRequirement }
  /** A valid token; the handler checks the scope, which depends on what it loads. */
  | { kind: 'dynamic'; description: string }

export interface ResponseSpec {
  description: string
  /** Schema per format of the body; omitted for redirects and empty bodies. */
  content?: Partial<Record<Format | 'problem', z.ZodType>>
  headers?: Record<string, string>
}

/**
 * A concrete request the route answers: what the route × scope matrix (e2e/api/scopes-matrix.spec.ts)
 * sends with and without the right token. Every protected contract provides one.
 */
export interface RouteExample {
  /** Request path with its parameters filled in, e.g. /v0/eco/sirets/35600000000048. */
  path: string
  query?: Record<string, string>
  /** JSON body of the GET request, as the spec's clients send it. */
  body?: unknown
  /** Accept header; default: the route's first format. */
  accept?: string
  /** For auth kind "dynamic": the scope this particular request needs. */
  scope?: Scope
  /**
   * The JSON body of its 200 on the default data (seed 1), published as the response's example: its
   * texts (ids, names, versions) hold on every such instance; its numbers (counts) and instants (dates
   * of update) move with the data.
   */
  response?: unknown
}

export interface RouteContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  operationId: string
  /** GET (parameters in the query string or a JSON body) or POST (a body). */
  method: 'GET' | 'POST'
  /** OpenAPI path template, e.g. /v0/eco/sirets/{id}. */
  path: string
  summary: string
  description?: string
  tags: readonly string[]
  /** Version of the API in which the endpoint appeared (spec §9). */
  since?: string
  auth: Auth
  params?: P
  query?: Q
  /** The body: JSON on GET (buffered by server.ts), or the body of a POST. */
  body?: B
  /** Media types of a POST body (default JSON; a form is parsed like a query string). */
  bodyTypes?: readonly BodyMediaType[]
  /** A body breaking its schema answers 422 (resources created from their data) instead of 400. */
  invalidBody?: 'unprocessable'
  /**
   * Parameters the route requires once the query string and the body are merged (each may come from
   * either): documented as required query parameters.
   */
  requiredParameters?: readonly string[]
  /** Offered representations, the default first. */
  formats: readonly Format[]
  responses: Record<number, ResponseSpec>
  /** Required for protected routes (with `scope` for dynamic ones), optional for public ones. */
  example?: RouteExample
}

type ExampleRule<A extends Auth> = A extends { kind: 'public' }
  ? { example?: RouteExample }
  : A extends { kind: 'dynamic' }
    ? { example: RouteExample & { scope: Scope } }
    : { example: RouteExample }

export function defineContract<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A extends Auth>(
  contract: RouteContract<P, Q, B> & { auth: A } & ExampleRule<A>,
): RouteContract<P, Q, B> {
  return contract
}

/** The scopes a token must hold for the contract's example request; empty for public routes. */
export function exampleRequirement(
  contract: RouteContract,
): { allOf: readonly Scope[] } | { anyOf: readonly Scope[] } | null {
  if (contract.auth.kind === 'public') return null
  if (contract.auth.kind === 'scopes') return contract.auth.requirement
  return contract.example?.scope ? { allOf: [contract.example.scope] } : null
}
