// Property-based fuzz of every route (API with and without /v0, BFF, files, pages, the
// authorization server, next-auth): random methods, paths, path parameters, query strings, headers,
// credentials and bodies. Whatever the request, the answer is never a server error (status ≥ 500).
// The routes come from the app/ tree, so a new route is fuzzed without touching this file. A second
// run aims at the routes whose parameters random text rarely gets right (offers and their workshop,
// clusters, /geo boxes, /ca/*, /tf, /th, commune tiles, model pages, export, the token and
// revocation endpoints with hostile client_ids) with meaningful and hostile values, and sends the
// bodies that once broke the service: nested 10,000 levels deep, U+0000, lone UTF-16 surrogates,
// and bodies cut short mid-request.
// FUZZ_RUNS (default 10,000 per engine), FUZZ_TARGETED_RUNS (default 2,500) and FUZZ_SEED (printed
// at the start of each run) reproduce or widen a run.
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { request as requestFactory } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import fc from 'fast-check'
import { DATASET_MODELS } from '@/lib/datasets/models'
import { SEED_DATASETS } from '@/lib/datasets/seed-datasets'
import { rawRequest } from '../support/http'
import { accessToken } from '../support/tokens'
import { signInRequest } from '../support/staff'

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000)
const TARGETED_RUNS = Number(process.env.FUZZ_TARGETED_RUNS ?? 2_500)
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000)
console.log(`[fuzz] seed ${SEED} (FUZZ_SEED=${SEED} reproduces this run)`)
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

// Targeted fuzz ------------------------------------------------------------------------------------

const DATASET_MODELS_FOR_FUZZ: readonly string[] = DATASET_MODELS
const CONDITIONAL_HEADERS: Record<string, string>[] = [
  {},
  { 'If-None-Match': '*' },
  { 'If-None-Match': '"x", W/"y"' },
]
const READ_HEADERS: Record<string, string>[] = [
  { Accept: 'application/json' },
  { Accept: 'application/geo+json' },
  { 'If-None-Match': '*' },
]

const LONE_SURROGATES = ['\ud800', '\udfff', 'a\udc00b', '\ud83d']
const int = (min: number, max: number) => fc.integer({ min, max }).map(String)
const coordinate = fc.oneof(
  fc.double({ min: -6, max: 10, noNaN: true }).map((n) => n.toFixed(4)),
  fc.double({ min: 41, max: 52, noNaN: true }).map((n) => n.toFixed(4)),
  fc.constantFrom('NaN', 'Infinity', '-1e308', '1e400', '', 'abc', '%00', '0x10', '48.1.2', '-0'),
)
const bbox = fc
  .tuple(coordinate, coordinate, coordinate, coordinate)
  .map((values) => values.join(','))
  .chain((box) => fc.constantFrom(box, '-1.75,48.08,-1.62,48.15', '-5,41,10,52', '1,2,3', '', ',,,'))

/** Hostile text: control characters, lone surrogates (in JSON escapes), long and odd strings. */
const hostileText = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', ...LONE_SURROGATES, '\u202e', '%', '%00', '\\', '"', "'; --", ''),
  fc.string({ unit: 'binary', maxLength: 16 }),
  fc.string({ maxLength: 300 }),
  fc.nat({ max: 3000 }).map((n) => 'x'.repeat(n)),
)

/** Bodies that once broke the service, then ordinary ones. */
const hostileJsonBody = fc.oneof(
  fc.integer({ min: 33, max: 12_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc
    .integer({ min: 33, max: 12_000 })
    .map((depth) => `{"search":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`),
  hostileText.map((text) =>
    JSON.stringify({ search: text, offre: { label: text }, model: 'siret', title: text }),
  ),
  hostileText.map((text) => JSON.stringify({ [text]: 1 })),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.constantFrom('{"search": ', '{"search":"\\ud800"}', '{"a":"\\u0000"}', '[]', 'null', '1e999'),
)
const hostileFormBody = fc.oneof(
  fc.integer({ min: 33, max: 3500 }).map((depth) => `offre${'[a]'.repeat(depth)}=x&offre[surface]=1`),
  hostileText.map((text) => `offre[label]=${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%00`),
  fc.constantFrom(
    'offre[contacts][0][name]=x&offre[contacts][9999][name]=y',
    'a[]=1&a[b]=2',
    '%ZZ=1',
    '&&=&',
  ),
)

const offerReference = fc.oneof(
  fc.constantFrom('2001-01-99999', '2026-01-00001', '0000-00-00000', 'x', '%00', '..'),
  fc
    .tuple(int(2000, 2100), int(1, 12), int(0, 99_999))
    .map(([y, m, n]) => `${y}-${m.padStart(2, '0')}-${n.padStart(5, '0')}`),
)
const cadastreId = fc.oneof(
  fc.constantFrom(
    '352380000A0001',
    '35238L00001',
    '35238*00001',
    '352380002549083',
    '35238',
    '0',
    'x',
    '%00',
  ),
  fc.string({ unit: fc.constantFrom(...'0123456789ABCL*'.split('')), minLength: 5, maxLength: 16 }),
)
const listQuery = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(
        '35238',
        'RENNES',
        '{"codcom":"35238"}',
        '{"departement":"35"}',
        '{"a":"\\u0000"}',
        '{"a":"\\ud800"}',
      ),
      hostileText.map((t) => encodeURIComponent(t.replace(/[\ud800-\udfff]/g, 'x'))),
      fc.integer({ min: 33, max: 3000 }).map((d) => '['.repeat(d)),
    ),
    fc.oneof(int(-5, 300), fc.constantFrom('', 'x', '1e9')),
    fc.oneof(int(-5, 200), fc.constantFrom('', 'x')),
  )
  .map(([search, page, size]) => `?search=${search}&page=${page}&size=${size}`)

interface TargetedRequest {
  method: string
  path: string
  credentials: 'bearer' | 'staff' | 'admin' | 'none'
  /** Same Origin header (state-changing BFF requests need it; only hostile bodies are sent then). */
  origin?: boolean
  body?: string
  contentType?: string
  headers?: Record<string, string>
  /** Send the body cut short and close the connection: no answer is awaited. */
  abort?: boolean
}

const targetedRequest: fc.Arbitrary<TargetedRequest> = fc.oneof(
  // Offers: the API (creation with hostile bodies only: nothing is created), reads, the workshop.
  fc.record({
    method: fc.constant('POST'),
    path: fc.constantFrom('/v0/eco/immo/offres', '/eco/immo/offres'),
    credentials: fc.constant('bearer' as const),
    body: fc.oneof(hostileJsonBody, hostileFormBody),
    contentType: fc.constantFrom('application/json', 'application/x-www-form-urlencoded'),
  }),
  fc.record({
    method: fc.constantFrom('GET', 'HEAD'),
    path: fc.oneof(
      offerReference.map((r) => `/v0/eco/immo/offres/${r}`),
      listQuery.map((q) => `/v0/eco/immo/offres${q}`),
      fc.constantFrom('/v0/eco/immo/offres/tags', '/v0/eco/immo/offres/statuts'),
    ),
    credentials: fc.constant('bearer' as const),
    headers: fc.constantFrom(...CONDITIONAL_HEADERS),
  }),
  fc.record({
    method: fc.constantFrom('GET', 'POST', 'PATCH'),
    path: fc.oneof(
      fc.constant('/bff/offres'),
      offerReference.map((r) => `/bff/offres/${r}`),
      offerReference.map((r) => `/bff/offres/${r}/reject`),
      fc.constantFrom('/bff/offres?statut=published', '/bff/offres?statut=%00', '/bff/offres?page=-1'),
    ),
    credentials: fc.constantFrom('staff' as const, 'admin' as const),
    origin: fc.constant(true),
    body: hostileJsonBody,
    contentType: fc.constant('application/json'),
  }),
  // Clusters, /geo boxes, /ca/*, /tf, /th, tiles, model pages, dataset previews and the export.
  fc.record({
    method: fc.constantFrom('GET', 'GET', 'HEAD'),
    path: fc.oneof(
      fc
        .tuple(bbox, fc.oneof(int(-3, 25), fc.constantFrom('', 'x', '5.5')))
        .map(([box, zoom]) => `/v0/eco/sirets/clusters?bbox=${box}&zoom=${zoom}`),
      fc
        .tuple(fc.constantFrom('parcelles', 'sections'), coordinate, coordinate, coordinate, coordinate)
        .map(([kind, n, e, s, w]) => `/v0/geo/${kind}/${n}/${e}/${s}/${w}`),
      listQuery.map((q) => `/v0/geo/communes${q}`),
      fc
        .tuple(fc.constantFrom('parcelles', 'locaux', 'props'), listQuery)
        .map(([kind, q]) => `/v0/ca/${kind}${q}`),
      fc
        .tuple(fc.constantFrom('parcelles', 'locaux', 'props', 'pev', 'suf'), cadastreId)
        .map(([k, id]) => `/v0/ca/${k}/${id}`),
      fc.tuple(fc.constantFrom('tf', 'th'), listQuery).map(([k, q]) => `/v0/${k}${q}`),
      fc.tuple(fc.constantFrom('tf', 'th'), cadastreId).map(([k, id]) => `/v0/${k}/${id}`),
    ),
    credentials: fc.constant('bearer' as const),
    headers: fc.constantFrom(...READ_HEADERS),
  }),
  fc.record({
    method: fc.constant('GET'),
    path: fc.oneof(
      fc
        .tuple(int(-2, 25), int(-5, 70_000), int(-5, 70_000))
        .map(([z, x, y]) => `/carte/communes/${z}/${x}/${y}`),
      fc.constantFrom(
        '/carte/communes/8/127/88',
        '/carte/communes/10/508/356',
        '/carte/communes/x/1/1',
        '/carte/communes/99/1/1.pbf',
      ),
      fc.constantFrom(...DATASET_MODELS_FOR_FUZZ, 'x', '%00', '..', 'SIRET').map((m) => `/modeles/${m}`),
      listQuery.map((q) => `/bff/etablissements/export${q}&format=csv`),
      listQuery.map((q) => `/bff/etablissements/export${q}&format=xlsx`),
    ),
    credentials: fc.constantFrom('staff' as const, 'none' as const),
  }),
  fc.record({
    method: fc.constant('POST'),
    path: fc.constant('/bff/datasets/preview'),
    credentials: fc.constant('admin' as const),
    origin: fc.constant(true),
    body: fc.oneof(
      hostileJsonBody,
      fc
        .tuple(fc.constantFrom(...DATASET_MODELS_FOR_FUZZ), hostileText, fc.boolean())
        .map(([model, text, asKey]) =>
          JSON.stringify({ model, search: asKey ? { [text]: 'v' } : { q: text }, size: 1 }),
        ),
    ),
    contentType: fc.constant('application/json'),
  }),
  // The token and revocation endpoints with hostile client_ids, in the form, JSON or Basic.
  fc
    .record({
      path: fc.constantFrom('/oauth/token', '/oauth/revoke'),
      clientId: hostileText,
      where: fc.constantFrom('form', 'json', 'basic'),
    })
    .map(({ path: endpoint, clientId, where }) => {
      const params = { grant_type: 'client_credentials', token: 'abc', client_secret: 'x' }
      if (where === 'json')
        return {
          method: 'POST',
          path: endpoint,
          credentials: 'none' as const,
          body: JSON.stringify({ ...params, client_id: clientId }),
          contentType: 'application/json',
        }
      if (where === 'basic')
        return {
          method: 'POST',
          path: endpoint,
          credentials: 'none' as const,
          body: new URLSearchParams(params).toString(),
          contentType: 'application/x-www-form-urlencoded',
          headers: { Authorization: `Basic ${Buffer.from(`${clientId}:x`).toString('base64')}` },
        }
      return {
        method: 'POST',
        path: endpoint,
        credentials: 'none' as const,
        body: `${new URLSearchParams(params).toString()}&client_id=${encodeURIComponent(clientId.replace(/[\ud800-\udfff]/g, ''))}%00`,
        contentType: 'application/x-www-form-urlencoded',
      }
    }),
  fc.constantFrom('%00', 'a%00b', '%ED%A0%80').map((id) => ({
    method: 'GET',
    path: `/oauth/authorize?client_id=${id}&response_type=code&scope=eco`,
    credentials: 'none' as const,
  })),
  // Bodies cut short on the three entry points that read one (no answer awaited).
  fc
    .record({
      method: fc.constantFrom('GET', 'POST'),
      path: fc.constantFrom(
        '/v0/eco/sirets',
        '/',
        '/oauth/token',
        '/v0/eco/immo/offres',
        '/bff/datasets/preview',
      ),
      body: hostileJsonBody,
    })
    .map((input) => ({
      ...input,
      credentials: 'bearer' as const,
      contentType: 'application/json',
      abort: true,
    })),
)

/** Sends `head` and half of `body` on a socket of its own, then closes it. */
function sendCutShort(baseURL: string, head: string, body: string): Promise<void> {
  const { hostname, port } = new URL(baseURL)
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname)
    socket.on('error', () => resolve())
    socket.once('connect', () => {
      socket.write(head + body.slice(0, Math.floor(body.length / 2)), () => {
        socket.destroy()
        resolve()
      })
    })
  })
}

test('no targeted or hostile request makes a route answer a server error (status ≥ 500)', async ({
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(600_000)
  const bearer = await accessToken(baseURL!, testInfo, 'all')
  await signInRequest(request, baseURL!, 'staff')
  const staffCookies = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  const admin = await requestFactory.newContext({ baseURL: baseURL! })
  await signInRequest(admin, baseURL!, 'admin')
  const adminCookies = (await admin.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  await admin.dispose()
  const cases = fc.sample(targetedRequest, { numRuns: TARGETED_RUNS, seed: SEED })
  const failures: string[] = []
  const statuses = new Map<number | 'cut', number>()

  async function send(input: TargetedRequest): Promise<void> {
    const headers: Record<string, string> = { Accept: 'application/json', ...input.headers }
    if (input.credentials === 'bearer') headers.Authorization = `Bearer ${bearer}`
    if (input.credentials === 'staff') headers.Cookie = staffCookies
    if (input.credentials === 'admin') headers.Cookie = adminCookies
    const safe = input.method === 'GET' || input.method === 'HEAD'
    const body = safe && !input.abort ? undefined : input.body
    // A state-changing request with a session carries Origin only with a body the service must
    // refuse (nesting, NUL, surrogates, malformed): the fuzz writes nothing other tests read.
    if (input.origin && (safe || (body !== undefined && !isAcceptableWrite(body)))) headers.Origin = baseURL!
    if (body !== undefined && input.contentType) headers['Content-Type'] = input.contentType
    if (input.abort && body !== undefined) {
      const head = `${input.method} ${input.path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`
      await sendCutShort(baseURL!, head, body)
      statuses.set('cut', (statuses.get('cut') ?? 0) + 1)
      return
    }
    let status: number
    try {
      const response = await rawRequest(baseURL!, {
        method: input.method,
        path: input.path,
        headers,
        ...(body !== undefined && input.method !== 'HEAD' ? { body } : {}),
      })
      status = response.status
      if (status >= 500)
        failures.push(
          `${status} ${input.method} ${input.path} ${JSON.stringify({ ...input, body: input.body?.slice(0, 200) })}\n  ${response.body.slice(0, 300)}`,
        )
    } catch (error) {
      status = 0
      failures.push(`no answer: ${input.method} ${input.path}: ${(error as Error).message}`)
    }
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
  }

  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < cases.length) await send(cases[next++]!)
    }),
  )
  // The service is still up for everyone after the bodies cut short.
  const status = await rawRequest(baseURL!, { path: '/', headers: { Accept: 'application/json' } })
  expect(status.status).toBe(200)
  testInfo.annotations.push({
    type: 'fuzz',
    description: `${cases.length} targeted requests, seed ${SEED}: ${[...statuses]
      .map(([s, n]) => `${s}×${n}`)
      .sort()
      .join(' ')}`,
  })
  console.log(`[fuzz] ${testInfo.project.name}: ${testInfo.annotations.at(-1)!.description}`)
  expect(cases.length).toBeGreaterThanOrEqual(TARGETED_RUNS)
  expect(
    failures,
    `seed ${SEED} (FUZZ_SEED=${SEED} reproduces):\n${failures.slice(0, 20).join('\n')}`,
  ).toEqual([])
})

/**
 * Whether a state-changing body might be accepted (and so write): anything but input the service
 * must refuse whole (nested too deep, U+0000, lone surrogates, not JSON).
 */
function isAcceptableWrite(body: string): boolean {
  if (/\[{33}|(\{"[a-z]+":){33}/.test(body)) return false
  if (/\\u0000|\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|\\ud[c-f][0-9a-f]{2}/i.test(body)) return false
  try {
    JSON.parse(body)
  } catch {
    return false
  }
  return true
}
