// Per-application quotas on the data API: the RateLimit-Policy and RateLimit fields on every
// authenticated answer, an application's own quota set by an administrator, 429 past it, and
// other applications untouched.
import { type APIRequestContext } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import { problemSchema } from '@/lib/http/problem-schema'
import { E2E_QUOTA } from '../support/servers'
import { signInRequest } from '../support/staff'
import { bearer } from '../support/tokens'

const JSON_ACCEPT = { Accept: 'application/json' }

async function newApplication(request: APIRequestContext, baseURL: string, name: string) {
  const created = await request.post('/bff/applications', {
    headers: { Origin: baseURL },
    data: { client_name: name, scopes: ['eco'] },
  })
  expect(created.status()).toBe(201)
  return (await created.json()) as { application: { id: string; client_id: string }; client_secret: string }
}

async function tokenOf(request: APIRequestContext, clientId: string, clientSecret: string) {
  const token = await request.post('/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  })
  expect(token.status()).toBe(200)
  return `Bearer ${((await token.json()) as { access_token: string }).access_token}`
}

test('every authenticated answer carries the quota fields, errors included', async ({
  request,
  baseURL,
}, testInfo) => {
  const authorization = await bearer(baseURL!, testInfo, 'eco')
  const ok = await request.get('/v0/eco/sirets?size=1', {
    headers: { ...JSON_ACCEPT, Authorization: authorization },
  })
  expect(ok.status()).toBe(200)
  expect(ok.headers()['ratelimit-policy']).toBe(
    `"minute";q=${E2E_QUOTA.perMinute};w=60, "day";q=${E2E_QUOTA.perDay};w=86400`,
  )
  expect(ok.headers()['ratelimit']).toMatch(/^"minute";r=\d+;t=\d+, "day";r=\d+;t=\d+$/)
  const missing = await request.get('/v0/eco/sirets/00000000000000', {
    headers: { ...JSON_ACCEPT, Authorization: authorization },
  })
  expect(missing.status()).toBe(404)
  expect(missing.headers()['ratelimit-policy']).toContain('"minute"')
  // No application, no quota: anonymous answers carry none.
  const anonymous = await request.get('/v0/eco/sirets?size=1', { headers: JSON_ACCEPT })
  expect(anonymous.status()).toBe(401)
  expect(anonymous.headers()['ratelimit-policy']).toBeUndefined()
})

test('an application’s own quota holds, answers 429 past it, and leaves others alone', async ({
  request,
  baseURL,
}, testInfo) => {
  await signInRequest(request, baseURL!, 'admin')
  const { application, client_secret } = await newApplication(request, baseURL!, 'Quota de trois')
  const patched = await request.patch(`/bff/applications/${application.id}`, {
    headers: { Origin: baseURL! },
    data: { quota_per_minute: 3 },
  })
  expect(patched.status()).toBe(200)
  expect(((await patched.json()) as { application: Record<string, unknown> }).application).toMatchObject({
    quota_per_minute: 3,
    quota_per_day: null,
  })
  const authorization = await tokenOf(request, application.client_id, client_secret)
  const remaining: string[] = []
  for (let i = 0; i < 3; i++) {
    const response = await request.get('/v0/eco/sirets?size=1', {
      headers: { ...JSON_ACCEPT, Authorization: authorization },
    })
    expect(response.status()).toBe(200)
    expect(response.headers()['ratelimit-policy']).toBe(
      `"minute";q=3;w=60, "day";q=${E2E_QUOTA.perDay};w=86400`,
    )
    remaining.push(/"minute";r=(\d+)/.exec(response.headers()['ratelimit']!)![1]!)
  }
  expect(remaining).toEqual(['2', '1', '0'])
  const refused = await request.get('/v0/eco/sirets?size=1', {
    headers: { ...JSON_ACCEPT, Authorization: authorization },
  })
  expect(refused.status()).toBe(429)
  expect(refused.headers()['content-type']).toBe('application/problem+json; charset=utf-8')
  const retryAfter = Number(refused.headers()['retry-after'])
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(60)
  expect(refused.headers()['ratelimit']).toMatch(/^"minute";r=0;t=\d+/)
  const problem = problemSchema.parse(await refused.json())
  expect(problem.type).toBe('/problems/too-many-requests')
  expect(problem.detail).toContain('3 requêtes par minute')

  // Another application keeps its own budget.
  const other = await request.get('/v0/eco/sirets?size=1', {
    headers: { ...JSON_ACCEPT, Authorization: await bearer(baseURL!, testInfo, 'eco') },
  })
  expect(other.status()).toBe(200)

  // Back to the default: the override is cleared with null.
  const cleared = await request.patch(`/bff/applications/${application.id}`, {
    headers: { Origin: baseURL! },
    data: { quota_per_minute: null },
  })
  expect(((await cleared.json()) as { application: Record<string, unknown> }).application).toMatchObject({
    quota_per_minute: null,
  })
})

test('refuses quotas that are not positive integers, naming the field', async ({ request, baseURL }) => {
  await signInRequest(request, baseURL!, 'admin')
  const { application } = await newApplication(request, baseURL!, 'Quota invalide')
  for (const value of [0, -5, 1.5, 'beaucoup', 1e12]) {
    const response = await request.patch(`/bff/applications/${application.id}`, {
      headers: { Origin: baseURL! },
      data: { quota_per_day: value },
    })
    expect(response.status(), String(value)).toBe(400)
    const problem = problemSchema.parse(await response.json())
    expect(problem.errors?.map((e) => e.path)).toContain('quota_per_day')
  }
})
