// Renders any thrown value as an application/problem+json response: ApiError as itself, a
// ZodError as 400 listing every issue, anything else as a generic 500 whose cause is logged and
// never sent to the client. Every problem carries the request id (`request_id`), the one the
// access log and the X-Request-Id header carry, so a user's report leads to the log lines.
import { randomUUID } from 'node:crypto'
import { logger } from '../observability/logger'
import { ZodError } from 'zod'
import { classifyDatabaseError, databaseMonitor } from '../db/availability'
import {
  ApiError,
  badRequest,
  databaseTimeout,
  databaseUnavailable,
  internalError,
  type FieldIssue,
} from './api-error'
import { currentRequest, requestedPath } from './request-context'

const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8'

export interface RenderedProblem {
  status: number
  headers: Record<string, string>
  body: string
}

export function zodIssues(error: ZodError, location: FieldIssue['location']): FieldIssue[] {
  return error.issues.map((issue) => ({
    location,
    path: issue.path.map(String).join('.'),
    message: issue.message,
    code: issue.code,
  }))
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof ZodError)
    return badRequest('La requête contient des valeurs invalides.', zodIssues(error, 'query'))
  // An unreachable or too slow database: 503/504, counted by the monitor, no stack trace per request.
  const monitor = databaseMonitor()
  const failure = monitor ? monitor.report(error) : classifyDatabaseError(error)
  const retryAfter = monitor?.retryAfterSeconds ?? 1
  if (failure === 'unreachable') return databaseUnavailable(retryAfter)
  if (failure === 'timeout') return databaseTimeout(retryAfter)
  const requestId = currentRequest()?.id ?? randomUUID()
  logger().error({ err: error, request_id: requestId }, 'unexpected error')
  return internalError(requestId)
}

export function renderProblem(error: unknown, instance?: string): RenderedProblem {
  const apiError = toApiError(error)
  const requestId = currentRequest()?.id
  const body = JSON.stringify({
    ...apiError.toProblem(instance),
    ...(requestId === undefined ? {} : { request_id: requestId }),
  })
  return {
    status: apiError.status,
    headers: {
      'Content-Type': PROBLEM_CONTENT_TYPE,
      'Cache-Control': 'no-store',
      // Known length: a small problem is not worth compressing (lib/http/compression).
      'Content-Length': String(Buffer.byteLength(body)),
      ...apiError.headers,
    },
    body,
  }
}

/** The problem as a Response; its `instance` is the path the client requested (server.ts passes it). */
export function problemResponse(error: unknown, instance?: string): Response {
  const { status, headers, body } = renderProblem(
    error,
    instance === undefined ? undefined : requestedPath(instance),
  )
  return new Response(body, { status, headers })
}
