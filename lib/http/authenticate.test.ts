import { describe, expect, it } from 'vitest'
import { InvalidAccessToken } from '../auth/access-token-verifier'
import type { Principal } from '../auth/principal'
import { ApiError } from './api-error'
import { authenticate } from './authenticate'

const principal: Principal = { clientId: 'tda_client', subject: 'tda_client', scopes: new Set(['eco']) }
const request = (authorization?: string) =>
  new Request('http://localhost/v0/eco/sirets', authorization ? { headers: { authorization } } : {})

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('authenticate', () => {
  it('hands the Bearer token to the verifier and returns its principal', async () => {
    const seen: string[] = []
    const verify = (token: string) => {
      seen.push(token)
      return Promise.resolve(principal)
    }
    expect(await authenticate(request('Bearer abc.DEF-_~+/='), verify)).toBe(principal)
    expect(await authenticate(request('bearer   xyz  '), verify)).toBe(principal)
    expect(seen).toEqual(['abc.DEF-_~+/=', 'xyz'])
  })

  it('answers 401 with the bare challenge when no token is presented', async () => {
    const error = await refusal(authenticate(request(), () => Promise.resolve(principal)))
    expect(error.status).toBe(401)
    expect(error.headers['WWW-Authenticate']).toBe('Bearer realm="territorial-data-api"')
    expect(error.detail).toMatch(/Authorization: Bearer/)
  })

  it('answers 401 invalid_request to a malformed header, without calling the verifier', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer two words', 'Bearer é']) {
      const error = await refusal(
        authenticate(request(header), () => Promise.reject(new Error('must not be called'))),
      )
      expect(error.status).toBe(401)
      expect(error.headers['WWW-Authenticate']).toBe(
        'Bearer realm="territorial-data-api", error="invalid_request"',
      )
    }
  })

  it('turns a refused token into 401 invalid_token carrying the reason', async () => {
    const error = await refusal(
      authenticate(request('Bearer abc'), () =>
        Promise.reject(new InvalidAccessToken('Jeton d’accès expiré.', 'The access token expired')),
      ),
    )
    expect(error.status).toBe(401)
    expect(error.detail).toBe('Jeton d’accès expiré.')
    expect(error.headers['WWW-Authenticate']).toBe(
      'Bearer realm="territorial-data-api", error="invalid_token", error_description="The access token expired"',
    )
  })

  it('lets other failures of the verifier through (a database outage is not a bad token)', async () => {
    const outage = new Error('connection refused')
    await expect(authenticate(request('Bearer abc'), () => Promise.reject(outage))).rejects.toBe(outage)
  })
})
