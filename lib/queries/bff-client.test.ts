import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  BffError,
  bffFetch,
  errorMessage,
  isTransientFailure,
  retryUnlessClientError,
  searchFailureMessage,
} from './bff-client'

const problem = {
  type: '/problems/bad-request',
  title: 'Requête invalide',
  status: 400,
  detail: 'Le corps de la requête est invalide.',
  errors: [
    { location: 'body', path: 'redirect_uris.1', message: 'https obligatoire' },
    { location: 'body', path: 'client_name', message: 'Le nom est obligatoire.' },
  ],
}

function stubFetch(response: Response) {
  const fetch = vi.fn(async () => response)
  vi.stubGlobal('fetch', fetch)
  return fetch
}

afterEach(() => vi.unstubAllGlobals())

describe('bffFetch', () => {
  it('sends JSON and resolves the JSON body', async () => {
    const fetch = stubFetch(Response.json({ dataset: { id: 'x' } }))
    await expect(
      bffFetch('/bff/datasets/x', { method: 'PATCH', body: { encoding: 'UTF-8' } }),
    ).resolves.toEqual({
      dataset: { id: 'x' },
    })
    expect(fetch).toHaveBeenCalledWith(
      '/bff/datasets/x',
      expect.objectContaining({
        method: 'PATCH',
        body: '{"encoding":"UTF-8"}',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        credentials: 'same-origin',
      }),
    )
  })

  it('resolves undefined for 204 and sends no body on GET', async () => {
    const fetch = stubFetch(new Response(null, { status: 204 }))
    await expect(bffFetch('/bff/datasets/x')).resolves.toBeUndefined()
    expect(fetch).toHaveBeenCalledWith(
      '/bff/datasets/x',
      expect.not.objectContaining({ body: expect.anything() }),
    )
  })

  it('rejects with the problem details and their field errors', async () => {
    stubFetch(
      new Response(JSON.stringify(problem), {
        status: 400,
        headers: { 'Content-Type': 'application/problem+json; charset=utf-8' },
      }),
    )
    const error = await bffFetch('/bff/applications', { method: 'POST', body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BffError)
    const refused = error as BffError
    expect(refused.status).toBe(400)
    expect(refused.message).toBe('Le corps de la requête est invalide.')
    expect(refused.fieldMessages('redirect_uris')).toEqual(['https obligatoire'])
    expect(refused.fieldMessages('client_name')).toEqual(['Le nom est obligatoire.'])
    expect(refused.fieldMessages('scopes')).toEqual([])
  })

  it('rejects a failure without problem body with its status', async () => {
    stubFetch(new Response('<html>', { status: 502, headers: { 'Content-Type': 'text/html' } }))
    const error = (await bffFetch('/bff/datasets').catch((e: unknown) => e)) as BffError
    expect(error.problem).toBeNull()
    expect(errorMessage(error)).toBe('Le serveur a répondu 502.')
  })
})

describe('errorMessage', () => {
  it('explains a network failure', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toMatch(/ne répond pas/)
    expect(errorMessage('?')).toBe('Erreur inattendue.')
  })

  it('asks to sign in again when the session has expired', () => {
    expect(errorMessage(new BffError(401, null))).toBe('Votre session a expiré : reconnectez-vous.')
  })
})

describe('retryUnlessClientError', () => {
  it('never retries a refusal, retries other failures twice', () => {
    expect(retryUnlessClientError(0, new BffError(400, null))).toBe(false)
    expect(retryUnlessClientError(0, new BffError(404, null))).toBe(false)
    expect(retryUnlessClientError(0, new BffError(503, null))).toBe(true)
    expect(retryUnlessClientError(1, new TypeError('Failed to fetch'))).toBe(true)
    expect(retryUnlessClientError(2, new BffError(500, null))).toBe(false)
  })
})

describe('searchFailureMessage', () => {
  it('says in French what failed, never the server text', () => {
    const refusal = {
      type: '/problems/bad-request',
      title: 'Requête invalide',
      status: 400,
      detail: 'Le corps de la requête est invalide.',
    }
    const internal = new BffError(500, { ...refusal, status: 500, detail: 'TypeError: x is undefined' })
    expect(searchFailureMessage(internal)).toBe('Le serveur a rencontré une erreur pendant la recherche.')
    expect(searchFailureMessage(new BffError(503, null))).toMatch(/momentanément indisponible/)
    expect(searchFailureMessage(new BffError(504, null))).toMatch(/trop de temps/)
    expect(searchFailureMessage(new BffError(401, null))).toMatch(/session a expiré/)
    expect(searchFailureMessage(new TypeError('Failed to fetch'))).toMatch(/ne répond pas/)
    // A refusal's detail is the API's own French explanation.
    expect(searchFailureMessage(new BffError(400, refusal))).toBe('Le corps de la requête est invalide.')
  })

  it('retries only what may pass by itself', () => {
    expect(isTransientFailure(new TypeError('Failed to fetch'))).toBe(true)
    expect(isTransientFailure(new BffError(503, null))).toBe(true)
    expect(isTransientFailure(new BffError(500, null))).toBe(false)
    expect(isTransientFailure(new BffError(400, null))).toBe(false)
  })
})
