// Calls to the same-origin BFF routes from the browser: JSON in, problem details (RFC 9457) turned
// into a typed error the components can show next to the fields concerned.

export interface ProblemIssue {
  location?: string
  path: string
  message: string
}

export class BffProblem extends Error {
  override name = 'BffProblem'
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string | undefined,
    readonly issues: ProblemIssue[],
  ) {
    super(detail ?? title)
  }
}

async function readProblem(response: Response): Promise<BffProblem> {
  let body: { title?: string; detail?: string; errors?: ProblemIssue[] } = {}
  try {
    body = (await response.json()) as typeof body
  } catch {
    // Not a problem body (a proxy's error page): the status says enough.
  }
  return new BffProblem(
    response.status,
    body.title ?? `Erreur ${response.status}`,
    body.detail,
    Array.isArray(body.errors) ? body.errors : [],
  )
}

export async function bffGet<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, signal })
  if (!response.ok) throw await readProblem(response)
  return (await response.json()) as T
}

export async function bffSend<T>(
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body: unknown,
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw await readProblem(response)
  return (await response.json()) as T
}

/** react-query retry policy: client errors (4xx) are final; others are retried twice. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof BffProblem && error.status >= 400 && error.status < 500) return false
  return failureCount < 2
}

export function problemMessage(error: unknown): string {
  if (error instanceof BffProblem) {
    if (error.status === 401) return 'Votre session a expiré : reconnectez-vous.'
    return error.detail ?? error.title
  }
  return 'Le service ne répond pas. Réessayez dans un instant.'
}
