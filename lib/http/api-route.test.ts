import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError, notFound } from './api-error'
import { apiRoute } from './api-route'
import { defineContract } from './contract'
import { runWithGetBody } from './request-context'

const contract = defineContract({
  operationId: 'test',
  method: 'GET',
  path: '/v0/things/{id}',
  summary: 'test',
  tags: [],
  auth: { kind: 'public' },
  params: z.object({ id: z.string().regex(/^\d+$/) }),
  query: z.object({ page: z.coerce.number().int().min(1).default(1) }).strict(),
  body: z.object({ search: z.string() }).strict(),
  formats: ['json', 'geojson'],
  responses: {},
})

const route = apiRoute(contract, async ({ params, query, body, format }) => {
  if (params.id === '404') throw notFound('pas là')
  if (params.id === '500') throw new Error('secret internal detail')
  return { id: params.id, page: query.page, search: body?.search ?? null, format }
})

const call = (url: string, init: RequestInit & { body?: never } = {}, getBody?: unknown) =>
  runWithGetBody(getBody === undefined ? { present: false } : { present: true, value: getBody }, () =>
    route(new Request(`http://localhost${url}`, init), {
      params: Promise.resolve({ id: url.split('/')[3]!.split('?')[0]! }),
    }),
  )

describe('apiRoute', () => {
  it('parses params, query and the GET body and serialises JSON with a charset', async () => {
    const response = await call(
      '/v0/things/7?page=3',
      { headers: { accept: 'application/json' } },
      { search: 'x' },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual({ id: '7', page: 3, search: 'x', format: 'json' })
  })

  it('negotiates the format', async () => {
    const response = await call('/v0/things/7', { headers: { accept: 'application/geo+json' } })
    expect(await response.json()).toMatchObject({ format: 'geojson' })
  })

  it('lists every invalid input in one 400 problem', async () => {
    const response = await call('/v0/things/abc?page=0&extra=1', {}, { search: 3, other: true })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
    const problem = (await response.json()) as { errors: Array<{ location: string; path: string }> }
    const where = problem.errors.map((e) => `${e.location}:${e.path}`)
    expect(where).toEqual(
      expect.arrayContaining(['params:id', 'query:page', 'query:', 'body:search', 'body:']),
    )
  })

  it('answers 406 to Accept: */*', async () => {
    const response = await call('/v0/things/7', { headers: { accept: '*/*' } })
    expect(response.status).toBe(406)
  })

  it('renders ApiError with its status', async () => {
    const response = await call('/v0/things/404')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({
      type: '/problems/not-found',
      detail: 'pas là',
      instance: '/v0/things/404',
    })
  })

  it('hides unexpected errors behind a 500 with a request id', async () => {
    const spy = console.error
    console.error = () => {}
    try {
      const response = await call('/v0/things/500')
      expect(response.status).toBe(500)
      const body = JSON.stringify(await response.json())
      expect(body).not.toContain('secret internal detail')
      expect(body).toMatch(/request_id/)
    } finally {
      console.error = spy
    }
  })

  it('requires a Bearer token on protected routes', async () => {
    const protectedRoute = apiRoute(
      { ...contract, auth: { kind: 'scopes', requirement: { allOf: ['eco'] } } },
      async () => ({}),
    )
    const response = await runWithGetBody({ present: false }, () =>
      protectedRoute(new Request('http://localhost/v0/things/1'), { params: Promise.resolve({ id: '1' }) }),
    )
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /)
  })

  it('reads the body of a POST, as JSON or as a form where the contract accepts one', async () => {
    const post = defineContract({
      ...contract,
      method: 'POST',
      params: undefined,
      query: undefined,
      body: z.object({ titre: z.string(), surface: z.coerce.number().positive() }).strict(),
      bodyTypes: ['json', 'form'],
      formats: ['json'],
    })
    const created = apiRoute(post, async ({ body }) => ({ received: body }))
    const send = (contentType: string, body: string) =>
      created(
        new Request('http://localhost/v0/things', {
          method: 'POST',
          headers: { 'content-type': contentType, accept: 'application/json' },
          body,
        }),
        { params: Promise.resolve({}) },
      )
    const json = await send('application/json', '{"titre":"Local","surface":42}')
    expect(await json.json()).toEqual({ received: { titre: 'Local', surface: 42 } })
    const form = await send('application/x-www-form-urlencoded', 'titre=Local+%C3%A0+Rennes&surface=42.5')
    expect(await form.json()).toEqual({ received: { titre: 'Local à Rennes', surface: 42.5 } })
    const invalid = await send('application/json', '{"titre":"Local","surface":-1,"x":1}')
    expect(invalid.status).toBe(400)
    const problem = (await invalid.json()) as { errors: Array<{ location: string; path: string }> }
    expect(problem.errors.map((e) => `${e.location}:${e.path}`)).toEqual(['body:surface', 'body:'])
    expect((await send('text/plain', 'Local')).status).toBe(415)
    // A POST route that takes JSON only refuses a form.
    const jsonOnly = apiRoute({ ...post, bodyTypes: undefined }, async ({ body }) => ({ received: body }))
    const refused = await jsonOnly(
      new Request('http://localhost/v0/things', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: 'titre=x&surface=1',
      }),
      { params: Promise.resolve({}) },
    )
    expect(refused.status).toBe(415)
  })

  it('exposes ApiError as the one error type', () => {
    expect(notFound('x')).toBeInstanceOf(ApiError)
  })
})
