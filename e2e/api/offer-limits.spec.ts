// Offer creation at its limits through real HTTP on both engines: a month whose counter reached
// 99,999 goes on with six-digit references (API and workshop alike, never a 500), and an application
// creating more than RATE_LIMIT_OFFERS_PER_CLIENT offers a minute gets 429 with Retry-After.
import { expect, test } from '../support/contract-test'
import { problemSchema } from '@/lib/http/problem-schema'
import { referenceMonth } from '@/lib/offers/offer-store'
import { instanceDb } from '../support/datasets'
import { signInRequest } from '../support/staff'
import { bearer } from '../support/tokens'

const OFFER = { local_type: 'bureaux', transaction_types: ['louer'], surface: 90, code_commune: '35238' }

test('past the 99,999th offer of the month, creation goes on with longer references', async ({
  request,
  baseURL,
}, testInfo) => {
  const month = referenceMonth(new Date())
  const db = instanceDb(testInfo)
  try {
    await db.query(
      `INSERT INTO offre_reference_counter (month, last) VALUES ($1, 99999)
       ON CONFLICT (month) DO UPDATE SET last = greatest(offre_reference_counter.last, 99999)`,
      [month],
    )
  } finally {
    await db.end()
  }
  const writer = await bearer(baseURL!, testInfo, 'all')
  const created = await request.post('/v0/eco/immo/offres', {
    headers: { Accept: 'application/json', Authorization: writer },
    data: { offre: { ...OFFER, label: 'Après la 99 999e' } },
  })
  expect(created.status(), await created.text()).toBe(202)
  const { offre } = (await created.json()) as { offre: { reference: string } }
  expect(offre.reference).toMatch(new RegExp(`^${month}-\\d{6,}$`))
  const read = await request.get(`/v0/eco/immo/offres/${offre.reference}`, {
    headers: { Accept: 'application/json', Authorization: writer },
  })
  expect(read.status()).toBe(200)

  await signInRequest(request, baseURL!, 'staff')
  const byStaff = await request.post('/bff/offres', { headers: { Origin: baseURL! }, data: OFFER })
  expect(byStaff.status(), await byStaff.text()).toBe(201)
  const detail = (await byStaff.json()) as { offre: { reference: string } }
  expect(detail.offre.reference).toMatch(new RegExp(`^${month}-\\d{6,}$`))
  expect((await request.get(`/bff/offres/${detail.offre.reference}`)).status()).toBe(200)
  // An existing five-digit reference is read as before.
  expect(
    (
      await request.get('/v0/eco/immo/offres/2019-09-00001', {
        headers: { Accept: 'application/json', Authorization: writer },
      })
    ).status(),
  ).toBe(200)
})

test('an application creating too many offers a minute gets 429 with Retry-After', async ({
  request,
  baseURL,
}, testInfo) => {
  const writer = await bearer(baseURL!, testInfo, 'offers-burst')
  const create = () =>
    request.post('/v0/eco/immo/offres', {
      headers: { Accept: 'application/json', Authorization: writer },
      data: { offre: { ...OFFER, label: 'Rafale' } },
    })
  const statuses: number[] = []
  // Eight at a time until the first refusal (the limit is 120 a minute by default).
  while (!statuses.includes(429) && statuses.length < 400) {
    const batch = await Promise.all(Array.from({ length: 8 }, create))
    for (const response of batch) {
      statuses.push(response.status())
      if (response.status() === 429) {
        expect(response.headers()['content-type']).toBe('application/problem+json; charset=utf-8')
        const retryAfter = Number(response.headers()['retry-after'])
        expect(retryAfter).toBeGreaterThanOrEqual(1)
        expect(retryAfter).toBeLessThanOrEqual(60)
        expect(problemSchema.parse(await response.json())).toMatchObject({
          type: '/problems/too-many-requests',
          status: 429,
        })
      } else expect(response.status(), await response.text()).toBe(202)
    }
  }
  expect(statuses.filter((s) => s === 202)).toHaveLength(120)
  expect(statuses.every((s) => s === 202 || s === 429)).toBe(true)
  // Another application is not limited by it.
  const other = await request.post('/v0/eco/immo/offres', {
    headers: { Accept: 'application/json', Authorization: await bearer(baseURL!, testInfo, 'all') },
    data: { offre: OFFER },
  })
  expect(other.status()).toBe(202)
})
