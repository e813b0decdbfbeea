// The HTTP edge and the status resource (spec §4.1, §7; DESIGN §1), through real HTTP.
import fs from 'node:fs'
import { expect, test } from '../support/contract-test'
import { problemSchema } from '@/lib/http/problem-schema'
import { statusSchema } from '@/lib/status/get-status'
import { E2E_SEED } from '../support/servers'
import { getWithJsonBody, rawRequest } from '../support/http'

const packageVersion = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version

test.describe('GET / (status)', () => {
  test('answers the version as JSON to Accept: application/json', async ({ request }) => {
    const response = await request.get('/', { headers: { Accept: 'application/json' } })
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('application/json; charset=utf-8')
    const body = statusSchema.parse(await response.json())
    expect(body.version).toBe(packageVersion)
    expect(body.donnees).toMatchObject({ source: 'synthetic', etablissements: E2E_SEED.establishments })
  })

  test('answers JSON without an Accept header, and at /v0', async ({ baseURL }) => {
    for (const path of ['/', '/v0']) {
      const response = await rawRequest(baseURL!, { path })
      expect(response.status).toBe(200)
      expect(response.json<{ version: string }>().version).toBe(packageVersion)
    }
  })

  test('serves the app page to a browser', async ({ request }) => {
    const response = await request.get('/', {
      headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    })
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('text/html')
    expect(await response.text()).toContain('Données territoriales')
  })

  test('answers HEAD without a body', async ({ baseURL }) => {
    const response = await rawRequest(baseURL!, {
      method: 'HEAD',
      path: '/',
      headers: { Accept: 'application/json' },
    })
    expect(response.status).toBe(200)
    expect(response.body).toBe('')
  })
})

test.describe('Accept: */* alone', () => {
  for (const path of ['/', '/v0', '/v0/eco/sirets', '/datasets/unknown', '/v0/no/such/path']) {
    test(`answers 406 with a problem body at ${path}`, async ({ baseURL }) => {
      const response = await rawRequest(baseURL!, { path, headers: { Accept: '*/*' } })
      expect(response.status).toBe(406)
      expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8')
      const problem = problemSchema.parse(response.json())
      expect(problem).toMatchObject({ status: 406, type: '/problems/not-acceptable' })
    })
  }
})

test.describe('JSON body of GET requests', () => {
  test('reaches the route handler, which validates it', async ({ baseURL }) => {
    // The status route takes no parameters: the parsed body arrives and is refused by name.
    const response = await getWithJsonBody(baseURL!, '/', { a: 1 })
    expect(response.status).toBe(400)
    const problem = problemSchema.parse(response.json())
    expect(problem.errors).toEqual([expect.objectContaining({ location: 'body', path: '' })])
  })

  test('cannot be forged through headers', async ({ baseURL }) => {
    const response = await rawRequest(baseURL!, {
      path: '/',
      headers: { Accept: 'application/json', 'x-tda-get-body': '{"a":1}', 'x-middleware-subrequest': 'x' },
    })
    expect(response.status).toBe(200)
  })

  test('answers 400 to malformed JSON', async ({ baseURL }) => {
    const response = await getWithJsonBody(baseURL!, '/eco/sirets', '{"search": ')
    expect(response.status).toBe(400)
    expect(problemSchema.parse(response.json()).detail).toMatch(/JSON/)
  })

  test('answers 413 beyond 64 KiB', async ({ baseURL }) => {
    const response = await getWithJsonBody(
      baseURL!,
      '/eco/sirets',
      JSON.stringify({ search: 'x'.repeat(70_000) }),
    )
    expect(response.status).toBe(413)
    expect(problemSchema.parse(response.json()).status).toBe(413)
  })

  test('answers 415 to a body that is not JSON', async ({ baseURL }) => {
    const response = await rawRequest(baseURL!, {
      path: '/eco/sirets',
      headers: { Accept: 'application/json', 'Content-Type': 'text/plain' },
      body: 'search=x',
    })
    expect(response.status).toBe(415)
  })
})

test.describe('paths and methods', () => {
  test('answers unknown API paths with a 404 problem naming the requested path', async ({ request }) => {
    for (const path of ['/v0/nothing/here', '/zones/x/y/z']) {
      const response = await request.get(path, { headers: { Accept: 'application/json' } })
      expect(response.status()).toBe(404)
      expect(response.headers()['content-type']).toBe('application/problem+json; charset=utf-8')
      expect(problemSchema.parse(await response.json()).instance).toBe(path)
    }
  })

  test('does not serve another API version', async ({ request }) => {
    const response = await request.get('/v1/eco/sirets', { headers: { Accept: 'application/json' } })
    expect(response.status()).toBe(404)
  })

  test('refuses write methods with 405 and Allow', async ({ request }) => {
    const response = await request.post('/v0/eco/sirets', { data: { search: 'x' } })
    expect(response.status()).toBe(405)
    expect(response.headers()['allow']).toBe('GET, HEAD')
    expect(problemSchema.parse(await response.json()).status).toBe(405)
  })
})

test('publishes the OpenAPI 3.1 description', async ({ request }) => {
  const response = await request.get('/openapi.json')
  expect(response.status()).toBe(200)
  const document = (await response.json()) as { openapi: string; info: { version: string }; paths: object }
  expect(document.openapi).toBe('3.1.0')
  expect(document.info.version).toBe(packageVersion)
  expect(Object.keys(document.paths)).toContain('/')
})

test('documents every problem type at the address of its `type`', async ({ request }) => {
  const response = await request.get('/v0/no/such/path', { headers: { Accept: 'application/json' } })
  const { type } = problemSchema.parse(await response.json())
  const page = await request.get(type, { headers: { Accept: 'text/html' } })
  expect(page.status()).toBe(200)
  expect(await page.text()).toContain('Ressource introuvable')
  expect((await request.get('/problems/no-such-type', { headers: { Accept: 'text/html' } })).status()).toBe(
    404,
  )
})
