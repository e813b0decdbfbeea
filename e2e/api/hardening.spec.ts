// Hardening at the HTTP edge, through real HTTP: headers every response carries, undecodable paths
// and NUL characters answered 400 (never 500), Vary, the problem `instance`, cache-busters on "/".
import { request as requestFactory } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import { problemSchema } from '@/lib/http/problem-schema'
import { rawRequest, getWithJsonBody } from '../support/http'
import { openSignInForm, signInRequest } from '../support/staff'
import { SEED_DATASETS } from '@/lib/datasets/seed-datasets'
import { bearer } from '../support/tokens'

const PROBLEM = 'application/problem+json; charset=utf-8'

test.describe('headers of every response', () => {
  const paths: [string, Record<string, string>][] = [
    ['/', { Accept: 'application/json' }],
    ['/', { Accept: 'text/html' }],
    ['/v0/eco/sirets', { Accept: 'application/json' }],
    ['/applications', { Accept: 'text/html' }],
    ['/connexion', { Accept: 'text/html' }],
    ['/files/inconnu.csv', {}],
    ['/.well-known/openid-configuration', {}],
    ['/openapi.json', {}],
    ['/v0/eco/sirets/%ZZ', {}],
  ]
  for (const [path, headers] of paths) {
    test(`forbid framing and sniffing at ${path} (${headers.Accept ?? 'no Accept'})`, async ({ baseURL }) => {
      const response = await rawRequest(baseURL!, { path, headers })
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(response.headers['content-security-policy']).toContain("default-src 'self'")
      expect(response.headers['x-frame-options']).toBe('DENY')
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      // Served over http: no HSTS (it is sent when PUBLIC_URL is https).
      expect(response.headers['strict-transport-security']).toBeUndefined()
    })
  }
})

test.describe('undecodable paths', () => {
  for (const path of [
    '/v0/eco/sirets/%ZZ',
    '/eco/sirets/%E0%A4%A',
    '/datasets/%c0%af',
    '/v0/eco/sirets/a%00b',
  ]) {
    test(`answer a 400 problem at ${path}`, async ({ baseURL }) => {
      const response = await rawRequest(baseURL!, { path, headers: { Accept: 'application/json' } })
      expect(response.status).toBe(400)
      expect(response.headers['content-type']).toBe(PROBLEM)
      expect(problemSchema.parse(response.json())).toMatchObject({ status: 400, instance: path })
    })
  }
  for (const path of ['/files/..%c0%af..%c0%afetc%c0%afpasswd', '/jeux-de-donnees/%E0%A4%A', '/oauth/%ZZ']) {
    test(`answer a 400 page at ${path}`, async ({ baseURL }) => {
      const response = await rawRequest(baseURL!, { path, headers: { Accept: 'text/html' } })
      expect(response.status).toBe(400)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.body).toContain('Adresse invalide')
    })
  }
})

test.describe('write methods on pages', () => {
  for (const [method, path, contentType] of [
    ['POST', '/offres', 'application/x-www-form-urlencoded'],
    ['POST', '/jeux-de-donnees', 'multipart/form-data; boundary=x'],
    ['PUT', '/applications', 'text/plain'],
    ['POST', '/.well-known/openid-configuration', 'multipart/form-data; boundary=x'],
  ] as const) {
    test(`${method} ${path} is a 405 page, before Next.js looks for a server action`, async ({ baseURL }) => {
      const response = await rawRequest(baseURL!, {
        method,
        path,
        headers: { Accept: 'text/html', 'Content-Type': contentType },
        body: contentType.startsWith('multipart') ? '--x--\r\n' : 'a=b',
      })
      expect(response.status).toBe(405)
      expect(response.headers.allow).toBe('GET, HEAD')
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['x-frame-options']).toBe('DENY')
      expect(response.body).toContain('Méthode non acceptée')
    })
  }
})

test('a form posted to an unknown /bff address is a 404 problem, not a page taking it for a server action', async ({
  baseURL,
}) => {
  for (const method of ['POST', 'PUT', 'DELETE'] as const) {
    const response = await rawRequest(baseURL!, {
      method,
      path: '/bff/inconnu/chemin',
      headers: { Accept: 'text/html', 'Content-Type': 'multipart/form-data; boundary=x' },
      body: '--x--\r\n',
    })
    expect(response.status, method).toBe(404)
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    expect(JSON.parse(response.body)).toMatchObject({ status: 404, instance: '/bff/inconnu/chemin' })
  }
})

test.describe('U+0000 in text input', () => {
  test('is a 400 problem in an API search, by query string or JSON body', async ({ baseURL }, testInfo) => {
    const authorization = await bearer(baseURL!, testInfo, 'eco')
    const byQuery = await rawRequest(baseURL!, {
      path: '/v0/eco/sirets?search=boulangerie%00',
      headers: { Accept: 'application/json', Authorization: authorization },
    })
    expect(byQuery.status).toBe(400)
    expect(problemSchema.parse(byQuery.json()).errors).toEqual([
      expect.objectContaining({ location: 'query', path: 'search', code: 'nul_character' }),
    ])
    const byBody = await getWithJsonBody(
      baseURL!,
      '/v0/eco/sirets',
      { search: 'a\u0000' },
      { Authorization: authorization },
    )
    expect(byBody.status).toBe(400)
    expect(problemSchema.parse(byBody.json()).errors?.[0]).toMatchObject({ location: 'body', path: 'search' })
  })

  test('is a 400 problem in the BFF autocompletes and an application name', async ({ request, baseURL }) => {
    await signInRequest(request, baseURL!, 'admin')
    for (const path of [
      '/bff/territoire/communes?q=ren%00nes',
      '/bff/territoire/zones?q=ren%00nes',
      '/bff/territoire/naf?q=10%00',
      '/bff/etablissements?search=ren%00nes',
    ]) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(400)
      expect(response.headers()['content-type']).toBe(PROBLEM)
      expect(problemSchema.parse(await response.json()).errors?.[0]?.code, path).toBe('nul_character')
    }
    const created = await request.post('/bff/applications', {
      headers: { Origin: baseURL! },
      data: { client_name: 'Tableau\u0000', scopes: ['eco'] },
    })
    expect(created.status()).toBe(400)
  })

  test('is a 400 page in the sign-in form', async ({ request, baseURL }) => {
    const form = await openSignInForm(request, baseURL!)
    const response = await request.post(form.action, {
      form: { csrf: form.csrf, email: 'admin@e2e.test\u0000', password: 'x' },
      headers: { Origin: baseURL!, Accept: 'text/html' },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(400)
  })
})

test.describe('small protocol points', () => {
  test('"/" varies by Accept, in one Vary header', async ({ baseURL }) => {
    for (const accept of ['application/json', 'text/html']) {
      const response = await rawRequest(baseURL!, { path: '/', headers: { Accept: accept } })
      expect(response.status).toBe(200)
      expect(response.headers.vary?.split(',').map((v) => v.trim().toLowerCase())).toContain('accept')
    }
  })

  test('dataset responses carry one Vary header naming Accept', async ({ baseURL }, testInfo) => {
    const authorization = await bearer(baseURL!, testInfo, 'eco')
    for (const accept of ['application/json', 'application/geo+json', 'text/csv']) {
      const response = await rawRequest(baseURL!, {
        path: `/v0/datasets/${SEED_DATASETS.siret.id}`,
        headers: { Accept: accept, Authorization: authorization },
      })
      expect(response.status, accept).toBeLessThan(400)
      const vary = response.rawHeaders.filter(
        (_, i) => i % 2 === 0 && response.rawHeaders[i]!.toLowerCase() === 'vary',
      )
      expect(vary, accept).toHaveLength(1)
      expect(response.headers.vary?.toLowerCase(), accept).toContain('accept')
    }
  })

  test('accepts an uptime monitor’s cache-buster on "/"', async ({ baseURL }) => {
    const response = await rawRequest(baseURL!, { path: '/?_=123', headers: { Accept: 'application/json' } })
    expect(response.status).toBe(200)
  })

  test('a problem’s instance is the requested path, with or without /v0 and extension', async ({
    baseURL,
  }) => {
    for (const path of ['/eco/sirets/123', '/v0/eco/sirets/123', '/zones/x/y/z', '/eco/sirets/123.json']) {
      const response = await rawRequest(baseURL!, { path, headers: { Accept: 'application/json' } })
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(problemSchema.parse(response.json()).instance, path).toBe(path)
    }
  })
})

test('a session cookie copied before sign-out no longer opens anything after it', async ({
  request,
  baseURL,
}) => {
  await signInRequest(request, baseURL!, 'admin')
  const copied = await request.storageState()
  expect((await request.get('/bff/applications')).status()).toBe(200)
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string }
  const signOut = await request.post('/api/auth/signout', {
    form: { csrfToken, callbackUrl: baseURL! },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect(signOut.status()).toBeLessThan(400)
  // Another client replays the cookie the browser held before signing out.
  const replay = await requestFactory.newContext({ baseURL: baseURL!, storageState: copied })
  try {
    expect((await replay.get('/bff/applications')).status()).toBe(401)
    const page = await replay.get('/applications', { headers: { Accept: 'text/html' }, maxRedirects: 0 })
    expect(page.status()).toBeGreaterThanOrEqual(300)
    expect(page.status()).toBeLessThan(400)
    expect(page.headers()['location']).toContain('/connexion')
    const session = (await (await replay.get('/api/auth/session')).json()) as { user?: unknown }
    expect(session.user).toBeUndefined()
  } finally {
    await replay.dispose()
  }
})
