// A route's contract, declared once: method, path, scopes, input schemas, formats and responses.
// The route wrapper enforces it and the OpenAPI document is generated from it.
import type { z } from 'zod'
import type { ScopeRequirement } from '../auth/scopes'
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

export interface RouteContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  operationId: string
  method: 'GET'
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
  /** JSON body accepted on GET (buffered by server.ts). */
  body?: B
  /** Offered representations, the default first. */
  formats: readonly Format[]
  responses: Record<number, ResponseSpec>
}

export function defineContract<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  contract: RouteContract<P, Q, B>,
): RouteContract<P, Q, B> {
  return contract
}
