// What the authorization server must refuse, through real HTTP on both engines: bad client
// credentials, scope escalation, PKCE missing / plain / wrong, inexact redirect URIs, code replay,
// revoked applications, forged sign-in forms, and too many attempts (429 + Retry-After). Refusals
// of forged or foreign access tokens at the API are in scopes-matrix.spec.ts (per protected route)
// and lib/oauth/authorization-server.db.test.ts.
import { type APIRequestContext } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import * as client from 'openid-client'
import { authorizeAs } from '../support/authorize'
import { openSignInForm } from '../support/staff'
import { testClient } from '../support/tokens'

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`

test.describe('token endpoint refusals', () => {
  const cases: Array<{
    name: string
    client: Parameters<typeof testClient>[1] | null
    form: (c: { client_id: string; client_secret: string }) => Record<string, string>
    status: number
    error: string
  }> = [
    {
      name: 'wrong secret',
      client: 'eco',
      form: (c) => ({ grant_type: 'client_credentials', client_id: c.client_id, client_secret: 'wrong' }),
      status: 401,
      error: 'invalid_client',
    },
    {
      name: 'unknown client',
      client: null,
      form: () => ({
        grant_type: 'client_credentials',
        client_id: 'tda_000000000000000000000000',
        client_secret: 'x',
      }),
      status: 401,
      error: 'invalid_client',
    },
    {
      name: 'no client authentication',
      client: null,
      form: () => ({ grant_type: 'client_credentials' }),
      status: 400,
      error: 'invalid_request',
    },
    {
      name: 'scope escalation (scope not held)',
      client: 'eco',
      form: (c) => ({ grant_type: 'client_credentials', scope: 'fiscal', ...c }),
      status: 400,
      error: 'invalid_scope',
    },
    {
      name: 'write scope asked by a read-only client',
      client: 'eco fiscal',
      form: (c) => ({ grant_type: 'client_credentials', scope: 'eco eco:write', ...c }),
      status: 400,
      error: 'invalid_scope',
    },
    {
      name: 'unknown scope',
      client: 'all',
      form: (c) => ({ grant_type: 'client_credentials', scope: 'admin', ...c }),
      status: 400,
      error: 'invalid_scope',
    },
    {
      name: 'password grant',
      client: 'eco',
      form: (c) => ({ grant_type: 'password', username: 'a', password: 'b', ...c }),
      status: 400,
      error: 'unsupported_grant_type',
    },
    {
      name: 'authorization code grant for a client without redirect URI',
      client: 'eco',
      form: (c) => ({
        grant_type: 'authorization_code',
        code: 'x',
        redirect_uri: 'http://localhost/cb',
        code_verifier: 'v'.repeat(43),
        ...c,
      }),
      status: 400,
      error: 'unauthorized_client',
    },
  ]

  for (const c of cases) {
    test(`${c.name} → ${c.status} ${c.error}`, async ({ request }, testInfo) => {
      const credentials = c.client ? testClient(testInfo, c.client) : { client_id: '', client_secret: '' }
      const response = await request.post('/oauth/token', { form: c.form(credentials) })
      expect(response.status()).toBe(c.status)
      expect(response.headers()['content-type']).toContain('application/json')
      expect(await response.json()).toMatchObject({ error: c.error, error_description: expect.any(String) })
    })
  }

  test('credentials in the URL → 400 invalid_request', async ({ request }, testInfo) => {
    const app = testClient(testInfo, 'eco')
    const response = await request.post(`/oauth/token?client_secret=${app.client_secret}`, {
      form: { grant_type: 'client_credentials' },
      headers: { Authorization: basic(app.client_id, app.client_secret) },
    })
    expect(response.status()).toBe(400)
    expect(await response.json()).toMatchObject({ error: 'invalid_request' })
  })

  test('malformed JSON body → 400 invalid_request', async ({ request }) => {
    const response = await request.post('/oauth/token', {
      data: '{"grant_type": ',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(response.status()).toBe(400)
    expect(await response.json()).toMatchObject({ error: 'invalid_request' })
  })

  test('wrong secret over HTTP Basic → 401 with a Basic challenge', async ({ request }, testInfo) => {
    const app = testClient(testInfo, 'eco')
    const response = await request.post('/oauth/token', {
      form: { grant_type: 'client_credentials' },
      headers: { Authorization: basic(app.client_id, 'wrong') },
    })
    expect(response.status()).toBe(401)
    expect(response.headers()['www-authenticate']).toMatch(/^Basic /)
  })

  test('too many token requests of one client → 429 with Retry-After', async ({ request }, testInfo) => {
    const app = testClient(testInfo, 'limited')
    let last = 0
    let retryAfter: string | undefined
    // The default budget is 60 requests per client and minute.
    for (let i = 0; i < 61; i++) {
      const response = await request.post('/oauth/token', {
        form: { grant_type: 'client_credentials', ...app },
      })
      last = response.status()
      retryAfter = response.headers()['retry-after']
      if (last === 429) break
    }
    expect(last).toBe(429)
    expect(Number(retryAfter)).toBeGreaterThan(0)
  })
})

test.describe('authorization code refusals', () => {
  async function flow(
    request: APIRequestContext,
    baseURL: string,
    testInfo: Parameters<typeof testClient>[0],
    params: Record<string, string | undefined>,
  ) {
    const web = testClient(testInfo, 'web')
    const url = new URL('/oauth/authorize', baseURL)
    const all = {
      client_id: web.client_id,
      response_type: 'code',
      redirect_uri: web.redirect_uri,
      scope: 'openid eco',
      state: 'st4te',
      ...params,
    }
    for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v)
    return authorizeAs(request, baseURL, url.href, 'staff')
  }

  async function configFor(baseURL: string, testInfo: Parameters<typeof testClient>[0]) {
    const web = testClient(testInfo, 'web')
    return client.discovery(
      new URL(baseURL),
      web.client_id,
      { client_secret: web.client_secret, id_token_signed_response_alg: 'ES256' },
      client.ClientSecretBasic(web.client_secret),
      { execute: [client.allowInsecureRequests] },
    )
  }

  test('PKCE missing → invalid_request sent back to the client', async ({ request, baseURL }, testInfo) => {
    const result = await flow(request, baseURL!, testInfo, {})
    expect(new URL(result.location!).searchParams.get('error')).toBe('invalid_request')
  })

  test('PKCE plain method → invalid_request sent back to the client', async ({
    request,
    baseURL,
  }, testInfo) => {
    const result = await flow(request, baseURL!, testInfo, {
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'plain',
    })
    expect(new URL(result.location!).searchParams.get('error')).toBe('invalid_request')
  })

  test('redirect URI mismatch → 400 page, never a redirect', async ({ request, baseURL }, testInfo) => {
    const web = testClient(testInfo, 'web')
    for (const uri of [
      `${web.redirect_uri}/x`,
      `${web.redirect_uri}?a=1`,
      'http://localhost:8124/callback',
    ]) {
      const result = await flow(request, baseURL!, testInfo, {
        redirect_uri: uri,
        code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      })
      expect(result.location, uri).toBeNull()
      expect(result.status, uri).toBe(400)
      expect(result.body, uri).toContain('redirect_uri')
    }
  })

  test('wrong PKCE verifier → invalid_grant; code replay → invalid_grant', async ({
    request,
    baseURL,
  }, testInfo) => {
    const web = testClient(testInfo, 'web')
    const config = await configFor(baseURL!, testInfo)
    const verifier = client.randomPKCECodeVerifier()
    const authorization = async () =>
      new URL(
        (await flow(request, baseURL!, testInfo, {
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
        }))!.location!,
      )
    const exchange = (callback: URL, codeVerifier: string) =>
      fetch(`${baseURL}/oauth/token`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: basic(web.client_id, web.client_secret),
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: callback.searchParams.get('code')!,
          redirect_uri: web.redirect_uri!,
          code_verifier: codeVerifier,
        }),
      })

    const wrong = await exchange(await authorization(), client.randomPKCECodeVerifier())
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' })

    const callback = await authorization()
    const first = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: 'st4te',
    })
    expect(first.access_token).toBeTruthy()
    const replay = await exchange(callback, verifier)
    expect(replay.status).toBe(400)
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' })
  })

  test('refused consent → access_denied sent back to the client', async ({ request, baseURL }, testInfo) => {
    const web = testClient(testInfo, 'web')
    const url = new URL('/oauth/authorize', baseURL)
    url.search = new URLSearchParams({
      client_id: web.client_id,
      response_type: 'code',
      redirect_uri: web.redirect_uri!,
      scope: 'openid eco',
      state: 'st4te',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    }).toString()
    const result = await authorizeAs(request, baseURL!, url.href, 'staff', { consent: false })
    expect(new URL(result.location!).searchParams.get('error')).toBe('access_denied')
  })
})

test.describe('sign-in form', () => {
  test('refuses a post without the form token or from another site (403)', async ({ request, baseURL }) => {
    const form = await openSignInForm(request, baseURL!)
    const body = { email: 'admin@e2e.test', password: 'admin-e2e-password' }
    const noToken = await request.post(form.action, {
      form: body,
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    })
    expect(noToken.status()).toBe(403)
    const crossSite = await request.post(form.action, {
      form: { ...body, csrf: form.csrf },
      headers: { Origin: 'https://evil.example' },
      maxRedirects: 0,
    })
    expect(crossSite.status()).toBe(403)
    expect(noToken.headers()['content-type']).toContain('text/html')
  })

  test('says when the password is wrong, then limits failed attempts per account (429 + Retry-After)', async ({
    request,
    baseURL,
  }) => {
    const email = `inconnu-${Date.now()}@e2e.test`
    let status = 0
    let retryAfter: string | undefined
    for (let attempt = 0; attempt < 11 && status !== 429; attempt++) {
      const form = await openSignInForm(request, baseURL!)
      const response = await request.post(form.action, {
        form: { csrf: form.csrf, email, password: 'mauvais-mot-de-passe' },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      })
      status = response.status()
      retryAfter = response.headers()['retry-after']
      if (status === 303) expect(response.headers()['location']).toContain('erreur=identifiants')
    }
    expect(status).toBe(429)
    expect(Number(retryAfter)).toBeGreaterThan(0)
  })
})
