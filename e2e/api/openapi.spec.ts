// The published document is the server: every operation of /openapi.json, called the way a client
// generated from the document calls it — its documented example, parameters serialised as declared
// (search as deepObject, lists such as bbox comma-separated, path parameters in the path) — answers
// 2xx on the seeded data, with a response the contract fixture checks against the document, and
// holding the texts of the documented response example.
import type { TestInfo } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import { rawRequest } from '../support/http'
import { bearer } from '../support/tokens'

type Schema = Record<string, unknown>
interface Parameter {
  name: string
  in: 'path' | 'query'
  style?: string
  explode?: boolean
  example?: unknown
}
interface Operation {
  operationId: string
  parameters: Parameter[]
  requestBody?: { content: Record<string, { example?: unknown }> }
  responses: Record<string, { content?: Record<string, { schema: Schema; example?: unknown }> }>
  security: Array<Record<string, string[]>>
}
interface Document {
  paths: Record<string, Record<string, Operation>>
}

/** The query string of the example values, serialised as each parameter declares. */
function queryString(parameters: Parameter[]): string {
  const pairs: Array<[string, string]> = []
  for (const p of parameters) {
    if (p.in !== 'query' || p.example === undefined) continue
    const value = p.example
    if (p.style === 'deepObject' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value))
        for (const item of Array.isArray(inner) ? inner : [inner])
          pairs.push([`${p.name}[${key}]`, String(item)])
    } else if (Array.isArray(value)) {
      if (p.explode === false) pairs.push([p.name, value.join(',')])
      else for (const item of value) pairs.push([p.name, String(item)])
    } else pairs.push([p.name, String(value)])
  }
  return pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/

/**
 * Where the live body departs from the example's texts: every string of the example (but instants)
 * is found at the same place; an example list's items each match one live item. Numbers (counts,
 * totals) move with the data and are not compared.
 */
function textsDiffer(example: unknown, live: unknown, at = ''): string[] {
  if (typeof example === 'string')
    return INSTANT.test(example) || example === live ? [] : [`${at}: ${JSON.stringify(live)} ≠ ${example}`]
  if (Array.isArray(example)) {
    if (!Array.isArray(live)) return [`${at}: not a list`]
    return example.flatMap((item, i) =>
      live.some((candidate) => textsDiffer(item, candidate).length === 0)
        ? []
        : [`${at}[${i}]: no such item`],
    )
  }
  if (example !== null && typeof example === 'object') {
    if (live === null || typeof live !== 'object') return [`${at}: not an object`]
    return Object.entries(example).flatMap(([key, value]) =>
      textsDiffer(value, (live as Record<string, unknown>)[key], `${at}.${key}`),
    )
  }
  return []
}

async function tokenFor(baseURL: string, testInfo: TestInfo, operation: Operation): Promise<string | null> {
  if (operation.security.length === 0) return null
  return bearer(baseURL, testInfo, 'all')
}

test('every operation answers its documented example with 2xx, as the document says', async ({
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const document = (await (await request.get('/openapi.json')).json()) as Document
  let called = 0
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const where = `${method.toUpperCase()} ${template} (${operation.operationId})`
      const path = operation.parameters
        .filter((p) => p.in === 'path')
        .reduce(
          (p, param) => p.replace(`{${param.name}}`, encodeURIComponent(String(param.example))),
          template,
        )
      expect(path, where).not.toContain('{')
      const success = Object.keys(operation.responses).find((status) => /^2\d\d$/.test(status))!
      const accept = Object.keys(operation.responses[success]!.content ?? { 'application/json': {} })[0]!
      const auth = await tokenFor(baseURL!, testInfo, operation)
      const body = method === 'post' ? operation.requestBody?.content['application/json']?.example : undefined
      const response = await rawRequest(baseURL!, {
        method: method.toUpperCase(),
        path: path + queryString(operation.parameters),
        headers: {
          Accept: accept,
          ...(auth ? { Authorization: auth } : {}),
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      })
      expect(response.status, `${where}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200)
      expect(response.status, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(300)
      const example = operation.responses['200']?.content?.['application/json']?.example
      if (example !== undefined) expect(textsDiffer(example, response.json()), where).toEqual([])
      called++
    }
  }
  expect(called).toBeGreaterThanOrEqual(29)
})

test('a request of the app’s client router (RSC headers) to an API path gets the API’s answer', async ({
  baseURL,
}, testInfo) => {
  // Route handlers reached with these headers were redirected (307) to a cache-busting address.
  const response = await rawRequest(baseURL!, {
    path: '/v0/decoupages',
    headers: {
      Accept: 'application/json',
      RSC: '1',
      'Next-Router-State-Tree': '%5B%22%22%5D',
      Authorization: await bearer(baseURL!, testInfo, 'eco'),
    },
  })
  expect(response.status).toBe(200)
  expect(response.json()).toMatchObject({ decoupages: expect.any(Array) })
})
