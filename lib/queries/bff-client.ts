// Calls from the browser to the same-origin BFF routes (/bff/**): JSON in and out, and the problem
// details (RFC 9457) of a refusal turned into one error type the pages can show next to their fields.
import type { Problem } from '../http/problem-schema'

export type FieldError = NonNullable<Problem['errors']>[number]

/** A refusal of a BFF route: its status, its problem's detail and field errors. */
export class BffError extends Error {
  readonly status: number
  readonly problem: Problem | null

  constructor(status: number, problem: Problem | null) {
    super(problem?.detail ?? problem?.title ?? `Le serveur a répondu ${status}.`)
    this.name = 'BffError'
    this.status = status
    this.problem = problem
  }

  /** The field errors whose dotted path is `path` or lies under it (`redirect_uris.1`). */
  fieldErrors(path: string): FieldError[] {
    return (this.problem?.errors ?? []).filter((e) => e.path === path || e.path.startsWith(`${path}.`))
  }

  /** Messages of those field errors. */
  fieldMessages(path: string): string[] {
    return this.fieldErrors(path).map((e) => e.message)
  }
}

/** Message to show for any failure of a call (a network failure included). */
export function errorMessage(error: unknown): string {
  if (error instanceof BffError && error.status === 401) return 'Votre session a expiré : reconnectez-vous.'
  if (error instanceof BffError) return error.message
  if (error instanceof TypeError) return 'Le serveur ne répond pas. Vérifiez la connexion et réessayez.'
  return error instanceof Error ? error.message : 'Erreur inattendue.'
}

/** Whether a failure may pass by itself (network, overloaded or restarting server): retried once. */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof BffError) return error.status === 502 || error.status === 503 || error.status === 504
  return error instanceof TypeError
}

/** The French message of a failed search (the server's own text is not shown). */
export function searchFailureMessage(error: unknown): string {
  if (error instanceof BffError) {
    if (error.status === 401) return 'Votre session a expiré : reconnectez-vous pour reprendre la recherche.'
    if (error.status === 403) return 'Votre compte ne permet pas cette recherche.'
    if (error.status === 429) return 'Trop de recherches en peu de temps : patientez quelques secondes.'
    if (error.status === 503 || error.status === 502)
      return 'Le service est momentanément indisponible (base de données ou serveur en cours de redémarrage).'
    if (error.status === 504)
      return 'La recherche a pris trop de temps : réessayez, ou précisez les critères.'
    if (error.status >= 500) return 'Le serveur a rencontré une erreur pendant la recherche.'
    return error.problem?.detail ?? 'La recherche a été refusée.'
  }
  if (error instanceof TypeError) return 'Le serveur ne répond pas : vérifiez la connexion.'
  return 'Une erreur inattendue a interrompu la recherche.'
}

async function readProblem(response: Response): Promise<Problem | null> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return null
  try {
    return (await response.json()) as Problem
  } catch {
    return null
  }
}

/** Sends a request to a BFF route; resolves its JSON body (undefined for 204), rejects with BffError. */
export async function bffFetch<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    cache: 'no-store',
    credentials: 'same-origin',
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    ...(init.signal ? { signal: init.signal } : {}),
  })
  if (!response.ok) throw new BffError(response.status, await readProblem(response))
  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

/** react-query retry policy: refusals (4xx) are final; other failures are retried twice. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof BffError && error.status >= 400 && error.status < 500) return false
  return failureCount < 2
}
