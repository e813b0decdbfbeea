// Property-based fuzz of every route (API with and without /v0, BFF, files, pages, the
// authorization server, next-auth): random methods, paths, path parameters, query strings, headers,
// credentials and bodies. Whatever the request, the answer is never a server error (status ≥ 500).
// The routes come from the app/ tree, so a new route is fuzzed without touching this file.
// FUZZ_RUNS (default 10,000 per engine) and FUZZ_SEED reproduce or widen a run.
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import fc from 'fast-check'
import { SEED_DATASETS } from '@/lib/datasets/seed-datasets'
import { rawRequest } from '../support/http'
import { accessToken } from '../support/tokens'
import { signInRequest } from '../support/staff'

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000)
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000)
const CONCURRENCY = 6

/** Path templates of every route and page of app/, e.g. /v0/eco/sirets/[id]. */
function appRoutes(dir = 'app', prefix = ''): string[] {
  const found: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name.startsWith('_')) continue
      found.push(...appRoutes(path.join(dir, entry.name), `${prefix}/${entry.name}`))
    } else if (entry.name === 'route.ts' || entry.name === 'page.tsx') {
      found.push(prefix === '' ? '/' : prefix)
    }
  }
  return found
}

const OTHER_ROUTES = [
  '/oauth/token',
  '/oauth/authorize',
  '/oauth/revoke',
  '/oauth/jwks',
  '/oauth/me',
  '/oauth/interaction/[id]',
  '/oauth/interaction/[id]/login',
  '/oauth/interaction/[id]/consent',
  '/oauth/interaction/[id]/abort',
  '/.well-known/openid-configuration',
  '/.well-known/oauth-authorization-server',
  '/api/auth/session',
  '/api/auth/csrf',
  '/api/auth/providers',
  '/api/auth/signin',
  '/api/auth/signout',
  '/api/auth/callback/[id]',
  '/_next/static/[id]',
  '/favicon.ico',
  '/icon.svg',
]

const ROUTES = [...new Set([...appRoutes(), ...OTHER_ROUTES])].sort()

const printable = fc.string({
  unit: fc.constantFrom(..."abcAZ09-_.~ !$&'()*+,;=:@/?#[]%".split('')),
  maxLength: 12,
})
const anyText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  printable,
  fc.constantFrom('\u0000', 'İ', 'ß', 'ＡＢＣ', 'e\u0301', '\uFFFF', '\uD800', '💥', ' ', ''),
)

/** A path segment: valid identifiers, random text (encoded), or raw malformed encodings. */
const segment = fc.oneof(
  fc.constantFrom(
    SEED_DATASETS.siret.id,
    SEED_DATASETS.local.id,
    '35600000000048',
    '356000000',
    '00000000-0000-0000-0000-000000000000',
    'siret',
    'local',
    'not-found',
    'validation',
    '35238',
    '53',
    '..',
    '.',
    '%ZZ',
    '%E0%A4%A',
    '..%c0%af..%c0%af',
    '%00',
    '%2F',
    '%25',
  ),
  fc.nat({ max: 99_999_999 }).map(String),
  anyText.map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, 'x'))),
)
const extension = fc.constantFrom('', '', '', '.json', '.csv', '.geojson', '.html', '.xml', '.')

function fillTemplate(template: string, values: string[], ext: string, prefixV0: boolean): string {
  let index = 0
  const filled = template.replace(/\[(\.\.\.)?[^\]]+\]/g, (_, rest: string | undefined) =>
    rest ? values.slice(0, 1 + (index++ % 3)).join('/') : (values[index++ % values.length] ?? 'x'),
  )
  const withPrefix = prefixV0 || !filled.startsWith('/v0') ? filled : filled.slice(3) || '/'
  return withPrefix + ext
}

const QUERY_KEYS = [
  'search',
  'q',
  'page',
  'size',
  'limit',
  'bbox',
  'format',
  'code_commune',
  'search[code_commune]',
  'search[naf][]',
  'search[region]',
  '_',
  'callbackUrl',
  'interaction',
  'erreur',
  'expires',
  'signature',
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'supprime',
]

const queryString = fc
  .array(
    fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), anyText), fc.oneof(anyText, fc.integer().map(String))),
    {
      maxLength: 4,
    },
  )
  .chain((pairs) =>
    fc.oneof(
      fc.constant(
        pairs.length === 0
          ? ''
          : `?${new URLSearchParams(pairs.map(([k, v]) => [k, v.replace(/[\uD800-\uDFFF]/g, 'x')])).toString()}`,
      ),
      fc.constantFrom(
        '?%ZZ=1',
        '?q=%E0%A4%A',
        '?page=-1',
        '?size=100000',
        '?bbox=1,2,3',
        '?search=%00',
        '?_=123',
        '?&&=&',
      ),
    ),
  )

const ACCEPTS = [
  undefined,
  'application/json',
  'text/html',
  '*/*',
  'text/csv',
  'application/geo+json',
  'application/xml',
  'text/html;q=0, application/json;q=0.5',
  'garbage/;;;',
  'application/json;q=abc',
]
const CONTENT_TYPES = [
  undefined,
  'application/json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  ';;',
]

const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc
    .record({
      search: anyText,
      title: anyText,
      client_name: anyText,
      scopes: fc.array(fc.constantFrom('eco', 'fiscal', 'eco:write', 'x'), { maxLength: 3 }),
      email: anyText,
      grant_type: fc.constantFrom('client_credentials', 'authorization_code', 'password', ''),
    })
    .map((value) => JSON.stringify(value)),
  anyText,
  fc.constantFrom(
    '{"search": ',
    'email=a%00b&password=x&csrf=y',
    'grant_type=client_credentials&scope=eco',
    '\u0000',
  ),
)

const fuzzRequest = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
  route: fc.constantFrom(...ROUTES),
  segments: fc.array(segment, { minLength: 1, maxLength: 3 }),
  extension,
  prefixV0: fc.boolean(),
  query: queryString,
  accept: fc.constantFrom(...ACCEPTS),
  contentType: fc.constantFrom(...CONTENT_TYPES),
  credentials: fc.constantFrom('none', 'bearer', 'bad-bearer', 'session', 'bad-session'),
  origin: fc.constantFrom(undefined, 'same', 'https://evil.example'),
  body,
  rsc: fc.boolean(),
  host: fc.constantFrom(undefined, 'evil.example'),
})

type FuzzRequest = typeof fuzzRequest extends fc.Arbitrary<infer T> ? T : never

test('no request makes any route answer a server error (status ≥ 500)', async ({
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(600_000)
  const bearer = await accessToken(baseURL!, testInfo, 'all')
  await signInRequest(request, baseURL!, 'staff')
  const cookies = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  const cases = fc.sample(fuzzRequest, { numRuns: RUNS, seed: SEED })
  const failures: string[] = []
  const statuses = new Map<number, number>()

  async function send(input: FuzzRequest): Promise<void> {
    const url = fillTemplate(input.route, input.segments, input.extension, input.prefixV0) + input.query
    const headers: Record<string, string> = {}
    if (input.accept) headers.Accept = input.accept
    if (input.body !== undefined && input.contentType) headers['Content-Type'] = input.contentType
    if (input.rsc) headers.RSC = '1'
    if (input.host) headers.Host = input.host
    if (input.credentials === 'bearer') headers.Authorization = `Bearer ${bearer}`
    if (input.credentials === 'bad-bearer') headers.Authorization = `Bearer ${bearer.slice(0, -4)}AAAA`
    // With a real staff session, state-changing requests never pass the same-origin check: the
    // fuzz must not delete the data other tests read.
    const safe = input.method === 'GET' || input.method === 'HEAD' || input.method === 'OPTIONS'
    if (input.credentials === 'session') headers.Cookie = cookies
    if (input.credentials === 'bad-session')
      headers.Cookie = 'next-auth.session-token=eyJhbGciOiJkaXIifQ..x.y.z'
    if (input.origin === 'same' && (input.credentials !== 'session' || safe)) headers.Origin = baseURL!
    if (input.origin === 'https://evil.example') headers.Origin = input.origin
    let status: number
    try {
      const response = await rawRequest(baseURL!, {
        method: input.method,
        path: url,
        headers,
        ...(input.body !== undefined && input.method !== 'HEAD' ? { body: input.body } : {}),
      })
      status = response.status
      if (status >= 500)
        failures.push(
          `${status} ${input.method} ${url} ${JSON.stringify({ ...input, route: undefined })}\n  ${response.body.slice(0, 300)}`,
        )
    } catch (error) {
      status = 0
      failures.push(`no answer: ${input.method} ${url}: ${(error as Error).message}`)
    }
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
  }

  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < cases.length) await send(cases[next++]!)
    }),
  )
  testInfo.annotations.push({
    type: 'fuzz',
    description: `${cases.length} requests over ${ROUTES.length} routes, seed ${SEED}: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}`,
  })
  expect(cases.length).toBeGreaterThanOrEqual(RUNS)
  expect(
    failures,
    `seed ${SEED} (FUZZ_SEED=${SEED} reproduces):\n${failures.slice(0, 20).join('\n')}`,
  ).toEqual([])
})

test('the fuzz covers every route of the app', () => {
  for (const route of [
    '/v0/eco/sirets/[id]',
    '/bff/applications/[id]',
    '/files/[...path]',
    '/connexion',
    '/',
  ]) {
    expect(ROUTES).toContain(route)
  }
})
