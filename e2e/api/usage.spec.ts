// The usage of the API per application, for the applications page: requests per day, operation
// and status class, as JSON and as a CSV file (administrators only).
import { type APIRequestContext } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import { problemSchema } from '@/lib/http/problem-schema'
import { signInRequest } from '../support/staff'

const JSON_ACCEPT = { Accept: 'application/json' }
const today = () => new Date().toISOString().slice(0, 10)

async function newApplicationWithToken(request: APIRequestContext, baseURL: string) {
  const created = await request.post('/bff/applications', {
    headers: { Origin: baseURL },
    data: { client_name: 'Utilisation mesurée', scopes: ['eco'] },
  })
  expect(created.status()).toBe(201)
  const { application, client_secret } = (await created.json()) as {
    application: { id: string; client_id: string }
    client_secret: string
  }
  const token = await request.post('/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: application.client_id, client_secret },
  })
  return {
    id: application.id,
    authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}`,
  }
}

test('counts an application’s requests by day, operation and status class', async ({ request, baseURL }) => {
  await signInRequest(request, baseURL!, 'admin')
  const { id, authorization } = await newApplicationWithToken(request, baseURL!)
  for (let i = 0; i < 2; i++) {
    const ok = await request.get('/v0/eco/sirets?size=1', {
      headers: { ...JSON_ACCEPT, Authorization: authorization },
    })
    expect(ok.status()).toBe(200)
  }
  const missing = await request.get('/v0/eco/sirets/00000000000000', {
    headers: { ...JSON_ACCEPT, Authorization: authorization },
  })
  expect(missing.status()).toBe(404)

  // Counts are written in batches, a moment after the requests.
  await expect
    .poll(async () => {
      const response = await request.get(`/bff/applications/${id}/usage?days=7`)
      expect(response.status()).toBe(200)
      return ((await response.json()) as { usage: unknown[] }).usage
    })
    .toEqual([
      { day: today(), operation: 'getEstablishment', status_class: 4, requests: 1 },
      { day: today(), operation: 'searchEstablishments', status_class: 2, requests: 2 },
    ])

  const csv = await request.get(`/bff/applications/${id}/usage?days=7&format=csv`)
  expect(csv.status()).toBe(200)
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8')
  expect(csv.headers()['content-disposition']).toMatch(
    /^attachment; filename="utilisation Utilisation mesur.e 7 jours\.csv"/,
  )
  expect(await csv.text()).toBe(
    `jour,operation,classe_statut,requetes\r\n${today()},getEstablishment,4xx,1\r\n${today()},searchEstablishments,2xx,2\r\n`,
  )
})

test('refuses days beyond the retention and unknown formats', async ({ request, baseURL }) => {
  await signInRequest(request, baseURL!, 'admin')
  const { id } = await newApplicationWithToken(request, baseURL!)
  for (const query of ['days=0', 'days=91', 'days=abc', 'format=xml', 'other=1']) {
    const response = await request.get(`/bff/applications/${id}/usage?${query}`)
    expect(response.status(), query).toBe(400)
    problemSchema.parse(await response.json())
  }
  const unknown = await request.get('/bff/applications/00000000-0000-4000-8000-000000000000/usage')
  expect(unknown.status()).toBe(404)
})

test('is for administrators only', async ({ request, baseURL }) => {
  expect((await request.get('/bff/applications/00000000-0000-4000-8000-000000000000/usage')).status()).toBe(
    401,
  )
  await signInRequest(request, baseURL!, 'staff')
  expect((await request.get('/bff/applications/00000000-0000-4000-8000-000000000000/usage')).status()).toBe(
    403,
  )
})
