// Hostile input never reaches a server error, through real HTTP on both engines: input nested
// 10,000 levels deep (JSON) or 3,000 (form keys) is refused before it is parsed; a client_id
// holding U+0000 is an RFC 6749 error; a lone UTF-16 surrogate is refused wherever text enters;
// If-None-Match: * does not make a record that does not exist look unchanged.
import { type APIRequestContext } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import { DATASET_MODELS } from '@/lib/datasets/models'
import { problemSchema } from '@/lib/http/problem-schema'
import { getWithJsonBody, rawRequest, type RawResponse } from '../support/http'
import { signInRequest } from '../support/staff'
import { bearer } from '../support/tokens'

const PROBLEM = 'application/problem+json; charset=utf-8'
const DEEP_JSON = '['.repeat(10_000) + ']'.repeat(10_000)
/** A JSON text whose member `label` is a lone high surrogate (JSON.stringify escapes it: \ud800). */
const LONE = '\ud800'

function problem(
  response: RawResponse | { status: number; headers: Record<string, string>; body: string },
  status = 400,
) {
  expect(response.status, response.body).toBe(status)
  expect(response.headers['content-type']).toBe(PROBLEM)
  return problemSchema.parse(JSON.parse(response.body))
}

async function playwrightProblem(response: Awaited<ReturnType<APIRequestContext['post']>>, status = 400) {
  return problem(
    { status: response.status(), headers: response.headers(), body: await response.text() },
    status,
  )
}

test.describe('input nested deeper than 32 levels', () => {
  test('is refused with a 400 problem: GET with a body, offer creation (JSON and form), sessions', async ({
    baseURL,
  }, testInfo) => {
    const eco = await bearer(baseURL!, testInfo, 'eco')
    expect(
      problem(await getWithJsonBody(baseURL!, '/v0/eco/sirets', DEEP_JSON, { Authorization: eco })).detail,
    ).toMatch(/32 niveaux/)
    expect(
      problem(
        await getWithJsonBody(
          baseURL!,
          '/eco/sirets',
          `{"search":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
          { Authorization: eco },
        ),
      ).status,
    ).toBe(400)
    const writer = await bearer(baseURL!, testInfo, 'eco:write')
    const post = (body: string, contentType: string) =>
      rawRequest(baseURL!, {
        method: 'POST',
        path: '/v0/eco/immo/offres',
        headers: { Accept: 'application/json', 'Content-Type': contentType, Authorization: writer },
        body,
      })
    problem(await post(`{"offre":${DEEP_JSON}}`, 'application/json'))
    problem(await post(`offre${'[a]'.repeat(3000)}=x&offre[surface]=10`, 'application/x-www-form-urlencoded'))
    // A query string too.
    problem(
      await rawRequest(baseURL!, {
        path: `/v0/eco/sirets?search${'[a]'.repeat(3000)}=1`,
        headers: { Accept: 'application/json', Authorization: eco },
      }),
    )
    const session = await rawRequest(baseURL!, {
      method: 'POST',
      path: '/api/auth/session',
      headers: { 'Content-Type': 'application/json' },
      body: `{"csrfToken":${DEEP_JSON}}`,
    })
    expect(session.status, session.body).toBe(400)
    const token = await rawRequest(baseURL!, {
      method: 'POST',
      path: '/oauth/token',
      headers: { 'Content-Type': 'application/json' },
      // 5,000 levels: within the token endpoint's 16 KiB.
      body: `{"grant_type":"client_credentials","x":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    })
    expect(token.status, token.body).toBe(400)
    expect(token.json<{ error: string }>().error).toBe('invalid_request')
  })
})

test.describe('a client_id holding U+0000', () => {
  test('is an RFC 6749 error (400 invalid_request) on the token, revocation and authorization endpoints', async ({
    baseURL,
  }) => {
    for (const [path, body] of [
      ['/oauth/token', 'grant_type=client_credentials&client_id=a%00b&client_secret=x'],
      ['/oauth/revoke', 'token=abc&client_id=%00&client_secret=x'],
    ] as const) {
      const response = await rawRequest(baseURL!, {
        method: 'POST',
        path,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      })
      expect(response.status, response.body).toBe(400)
      expect(response.json<{ error: string }>().error).toBe('invalid_request')
    }
    const basic = await rawRequest(baseURL!, {
      method: 'POST',
      path: '/oauth/token',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from('tda_%00x:secret').toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    })
    expect(basic.status, basic.body).toBe(400)
    const authorize = await rawRequest(baseURL!, {
      path: '/oauth/authorize?client_id=a%00b&response_type=code&scope=eco&code_challenge=x&code_challenge_method=S256',
      headers: { Accept: 'text/html' },
    })
    expect(authorize.status, authorize.body).toBe(400)
  })
})

test.describe('a lone UTF-16 surrogate', () => {
  test('is refused with 400 in offer fields: API creation and the workshop (creation, edit)', async ({
    baseURL,
    request,
  }, testInfo) => {
    const writer = await bearer(baseURL!, testInfo, 'eco:write')
    const offre = { local_type: 'bureaux', transaction_types: ['louer'], surface: 120, label: `a${LONE}b` }
    const created = await rawRequest(baseURL!, {
      method: 'POST',
      path: '/v0/eco/immo/offres',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: writer },
      body: JSON.stringify({ offre }),
    })
    expect(problem(created).errors?.map((e) => e.code)).toContain('lone_surrogate')

    await signInRequest(request, baseURL!, 'admin')
    const headers = { Origin: baseURL!, 'Content-Type': 'application/json' }
    const fields = {
      local_type: 'bureaux',
      transaction_types: ['louer'],
      surface: 120,
      code_commune: '35238',
    }
    await playwrightProblem(
      await request.post('/bff/offres', {
        headers,
        data: JSON.stringify({ ...fields, descriptif_bien: LONE }),
      }),
    )
    const valid = await request.post('/bff/offres', { headers, data: JSON.stringify(fields) })
    expect(valid.status()).toBe(201)
    const { offre: made } = (await valid.json()) as { offre: { reference: string } }
    await playwrightProblem(
      await request.patch(`/bff/offres/${made.reference}`, {
        headers,
        data: JSON.stringify({ ...fields, label: `x${LONE}` }),
      }),
    )
  })

  test('is refused with 400 in the dataset searches of every model', async ({ baseURL, request }) => {
    await signInRequest(request, baseURL!, 'admin')
    const headers = { Origin: baseURL!, 'Content-Type': 'application/json' }
    expect(DATASET_MODELS.length).toBe(7)
    for (const model of DATASET_MODELS) {
      for (const search of [`q${LONE}`, { [`k${LONE}`]: 'v' }, { q: `\udc00` }]) {
        const response = await request.post('/bff/datasets/preview', {
          headers,
          data: JSON.stringify({ model, search, size: 1 }),
        })
        expect(response.status(), `${model} ${JSON.stringify(search)}: ${await response.text()}`).toBe(400)
      }
    }
  })
})

test.describe('If-None-Match: *', () => {
  test('answers 304 for a record that exists and 404 for one that does not', async ({
    baseURL,
  }, testInfo) => {
    const eco = await bearer(baseURL!, testInfo, 'eco')
    const search = await getWithJsonBody(
      baseURL!,
      '/v0/eco/sirets',
      { search: { code_commune: '35238' }, size: 1 },
      {
        Authorization: eco,
      },
    )
    expect(search.status, search.body).toBe(200)
    const [first] = search.json<{ etablissements: { siret: string }[] }>().etablissements
    const read = (siret: string) =>
      rawRequest(baseURL!, {
        path: `/v0/eco/sirets/${siret}`,
        headers: { Accept: 'application/json', Authorization: eco, 'If-None-Match': '*' },
      })
    expect((await read(first!.siret)).status).toBe(304)
    problem(await read('35600000000048'), 404)
    const offer = await rawRequest(baseURL!, {
      path: '/v0/eco/immo/offres/2001-01-99999',
      headers: {
        Accept: 'application/json',
        Authorization: eco,
        'If-None-Match': '*',
      },
    })
    problem(offer, 404)
  })
})
