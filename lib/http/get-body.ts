// The channel through which server.ts hands the JSON body of a GET request to route handlers
// (Next.js drops GET bodies). It is process memory scoped to the request's async context, so a
// client cannot forge it with a header; the key is shared through globalThis because route
// handlers are bundled separately from server.ts.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { ParsedBody } from './body'

export type GetBody = ParsedBody

const KEY = Symbol.for('tda.http.get-body')
type Holder = typeof globalThis & { [KEY]?: AsyncLocalStorage<GetBody> }

function storage(): AsyncLocalStorage<GetBody> {
  const g = globalThis as Holder
  return (g[KEY] ??= new AsyncLocalStorage<GetBody>())
}

export function runWithGetBody<T>(body: GetBody, fn: () => T): T {
  return storage().run(body, fn)
}

/** The parsed JSON body of the current GET request, as buffered by server.ts. */
export function currentGetBody(): GetBody {
  return storage().getStore() ?? { present: false }
}
