// Property-based test of GET /eco/sirets: arbitrary JSON bodies and query strings never produce a
// server error — every answer is 200, 304 or a 4xx problem body. Bounded runs keep it fast.
import { expect, test } from '../support/contract-test'
import fc from 'fast-check'
import { problemSchema } from '@/lib/http/problem-schema'
import { getWithJsonBody, rawRequest, type RawResponse } from '../support/http'
import { bearer } from '../support/tokens'

const RUNS = 120

function acceptable(response: RawResponse): boolean {
  if (response.status >= 500) return false
  if (response.status >= 400) return problemSchema.safeParse(response.json()).success
  return response.status === 200
}

const keys = fc.constantFrom(
  'search',
  'page',
  'size',
  'bbox',
  'q',
  'siren',
  'siret',
  'code_commune',
  'zone_id',
  'code_naf',
  'departement',
  'region',
  'tranche_effectif',
  '__proto__',
  'constructor',
  'x',
)
const leaf = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '35238',
    '2A004',
    '62.01Z',
    '48308493500012',
    '483084935',
    'NN',
    '1,2,3,4',
    '-180,-90,180,90',
    '%',
    "'",
    '\\',
  ),
)
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(keys, tie('node'), { maxKeys: 4 }),
  ),
})).node
const body = fc.oneof(fc.dictionary(keys, value, { maxKeys: 5 }), value)

test('arbitrary JSON bodies never give a 5xx', async ({ baseURL }, testInfo) => {
  test.setTimeout(120_000)
  const auth = await bearer(baseURL!, testInfo, 'eco')
  await fc.assert(
    fc.asyncProperty(body, fc.constantFrom('application/json', 'application/geo+json'), async (b, accept) => {
      const response = await getWithJsonBody(baseURL!, '/v0/eco/sirets', b, {
        Authorization: auth,
        Accept: accept,
      })
      expect(
        acceptable(response),
        `${response.status} ${response.body.slice(0, 300)} for ${JSON.stringify(b)}`,
      ).toBe(true)
    }),
    { numRuns: RUNS },
  )
})

test('arbitrary query strings never give a 5xx', async ({ baseURL }, testInfo) => {
  test.setTimeout(120_000)
  const auth = await bearer(baseURL!, testInfo, 'eco')
  const bracket = fc.constantFrom('', '[]', '[q]', '[siren]', '[code_commune][]', '[zone_id]', '[x][y]', '[')
  const pair = fc.tuple(
    keys,
    bracket,
    fc.oneof(fc.string(), fc.constantFrom('{"q":"a"}', '{', '"x"', '1e400', '-1', '99999999999999999999')),
  )
  await fc.assert(
    fc.asyncProperty(fc.array(pair, { maxLength: 5 }), async (pairs) => {
      const query = pairs
        .map(([k, b, v]) => `${encodeURIComponent(k)}${b}=${encodeURIComponent(v)}`)
        .join('&')
      const response = await rawRequest(baseURL!, {
        path: `/v0/eco/sirets?${query}`,
        headers: { Accept: 'application/json', Authorization: auth },
      })
      expect(acceptable(response), `${response.status} ${response.body.slice(0, 300)} for ?${query}`).toBe(
        true,
      )
    }),
    { numRuns: RUNS },
  )
})
