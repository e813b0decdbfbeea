// The channel through which server.ts hands route handlers what Next.js loses: the JSON body of a
// GET request (Next drops GET bodies) and the path the client requested (before server.ts added
// /v0 or removed an extension), the `instance` of every problem. It is process memory scoped to
// the request's async context, so a client cannot forge it with a header; the key is shared
// through globalThis because route handlers are bundled separately from server.ts.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { ParsedBody } from './body'

export type GetBody = ParsedBody

interface RequestContext {
  body: GetBody
  /** The path as the client requested it, without the query string. */
  path: string | undefined
}

const KEY = Symbol.for('tda.http.get-body')
type Holder = typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestContext> }

function storage(): AsyncLocalStorage<RequestContext> {
  const g = globalThis as Holder
  return (g[KEY] ??= new AsyncLocalStorage<RequestContext>())
}

export function runWithGetBody<T>(body: GetBody, fn: () => T, path?: string): T {
  return storage().run({ body, path }, fn)
}

/** The parsed JSON body of the current GET request, as buffered by server.ts. */
export function currentGetBody(): GetBody {
  return storage().getStore()?.body ?? { present: false }
}

/** The path the client requested (the problem `instance`), or `fallback` outside server.ts. */
export function requestedPath(fallback: string): string {
  return storage().getStore()?.path ?? fallback
}
