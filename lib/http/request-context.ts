// The request's context, from server.ts to the route handlers: what Next.js loses (the JSON body
// of a GET request, which Next drops, and the path the client requested before server.ts added
// /v0 or removed an extension: the `instance` of every problem), the request id that logs and
// problems carry, and who made the request once authentication knows (for the access log). It is
// process memory scoped to the request's async context, so a client cannot forge it with a
// header; the key is shared through globalThis because route handlers are bundled apart from
// server.ts.
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import type { ParsedBody } from './body'

export type GetBody = ParsedBody

export interface RequestContext {
  /** The request id: the client's X-Request-Id when it is usable, else generated. */
  readonly id: string
  /** The path as the client requested it, without the query string. */
  readonly path: string | undefined
  /** The JSON body of a GET request, once server.ts has read it. */
  body: GetBody
  /** Who made the request (`client:<id>` or `staff:<id>`), noted by authentication. */
  caller?: string
  /** The client's address under the trusted-proxy rule (lib/http/client-ip), for limits per IP. */
  readonly clientIp?: string
}

const KEY = Symbol.for('tda.http.request-context')
type Holder = typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestContext> }

function storage(): AsyncLocalStorage<RequestContext> {
  const g = globalThis as Holder
  return (g[KEY] ??= new AsyncLocalStorage<RequestContext>())
}

// Printable ASCII without spaces or quotes, bounded: safe in a log line and a response header.
const USABLE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/

/** The client's X-Request-Id when it is usable (kept so logs can be joined), else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header
  return given !== undefined && USABLE_REQUEST_ID.test(given) ? given : randomUUID()
}

export function newRequestContext(
  init: { id?: string; path?: string; body?: GetBody; clientIp?: string } = {},
): RequestContext {
  return {
    id: init.id ?? randomUUID(),
    path: init.path,
    body: init.body ?? { present: false },
    ...(init.clientIp === undefined ? {} : { clientIp: init.clientIp }),
  }
}

export function runInRequest<T>(context: RequestContext, fn: () => T): T {
  return storage().run(context, fn)
}

/** Runs `fn` as a request with this GET body (tests and callers outside server.ts). */
export function runWithGetBody<T>(body: GetBody, fn: () => T, path?: string): T {
  return runInRequest(newRequestContext({ body, ...(path === undefined ? {} : { path }) }), fn)
}

export function currentRequest(): RequestContext | undefined {
  return storage().getStore()
}

/** The parsed JSON body of the current GET request, as buffered by server.ts. */
export function currentGetBody(): GetBody {
  return storage().getStore()?.body ?? { present: false }
}

/** The path the client requested (the problem `instance`), or `fallback` outside server.ts. */
export function requestedPath(fallback: string): string {
  return storage().getStore()?.path ?? fallback
}

/** Notes who made the current request, for the access log. */
export function noteCaller(caller: string): void {
  const context = storage().getStore()
  if (context) context.caller = caller
}

/** The address of the current request's client, as server.ts determined it; null outside server.ts. */
export function requestClientIp(): string | null {
  return storage().getStore()?.clientIp ?? null
}
