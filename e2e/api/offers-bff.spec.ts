// The BFF routes of the offers workshop through real HTTP with real staff sessions on both engines:
// staff read and create, administrators decide (publish, refuse with a reason, archive, edit
// before publication), each decision recorded with who made it; CSRF and validation.
import { expect, test } from '../support/contract-test'
import { problemSchema } from '@/lib/http/problem-schema'
import type { WorkshopList, WorkshopOfferDetail } from '@/lib/offers/workshop'
import { signInRequest } from '../support/staff'

const OFFER = {
  local_type: 'local_activite',
  transaction_types: ['louer'],
  surface: 450,
  code_commune: '35238',
}

test('anonymous callers get 401; staff read and create but do not decide (403)', async ({
  request,
  baseURL,
}) => {
  expect((await request.get('/bff/offres')).status()).toBe(401)
  await signInRequest(request, baseURL!, 'staff')
  const list = (await (await request.get('/bff/offres?statut=published')).json()) as WorkshopList
  expect(list.counts.published).toBeGreaterThan(0)
  expect(list.offers.every((o) => o.status === 'published')).toBe(true)
  expect(list.total).toBe(list.counts.published)

  const created = await request.post('/bff/offres', { headers: { Origin: baseURL! }, data: OFFER })
  expect(created.status()).toBe(201)
  const detail = (await created.json()) as WorkshopOfferDetail
  expect(detail.offre.status).toBe('pending_validation')
  expect(detail.history).toEqual([
    expect.objectContaining({ action: 'created', actorKind: 'staff', actorName: 'Agent E2E' }),
  ])

  const publish = await request.post(`/bff/offres/${detail.offre.reference}/publish`, {
    headers: { Origin: baseURL! },
  })
  expect(publish.status()).toBe(403)
  expect(problemSchema.parse(await publish.json()).detail).toMatch(/administrateurs/)
})

test('administrators edit, refuse, publish and archive; wrong moves are 409, bad input 400', async ({
  request,
  baseURL,
}) => {
  await signInRequest(request, baseURL!, 'admin')
  const headers = { Origin: baseURL! }
  const create = async () =>
    ((await (await request.post('/bff/offres', { headers, data: OFFER })).json()) as WorkshopOfferDetail)
      .offre.reference

  const invalid = await request.post('/bff/offres', {
    headers,
    data: { ...OFFER, local_type: 'chateau', surface: 0 },
  })
  expect(invalid.status()).toBe(400)
  expect(
    problemSchema
      .parse(await invalid.json())
      .errors!.map((e) => e.path)
      .sort(),
  ).toEqual(['local_type', 'surface'])
  expect(
    (
      await request.post('/bff/offres', { headers: { Origin: 'https://evil.example' }, data: OFFER })
    ).status(),
  ).toBe(403)

  const first = await create()
  const edited = await request.patch(`/bff/offres/${first}`, { headers, data: { ...OFFER, surface: 500 } })
  expect(((await edited.json()) as WorkshopOfferDetail).offre.surface).toBe(500)
  const noReason = await request.post(`/bff/offres/${first}/reject`, { headers, data: { reason: '' } })
  expect(problemSchema.parse(await noReason.json()).errors![0]!.path).toBe('reason')
  const rejected = await request.post(`/bff/offres/${first}/reject`, {
    headers,
    data: { reason: 'Doublon.' },
  })
  expect(((await rejected.json()) as WorkshopOfferDetail).offre).toMatchObject({
    status: 'rejected',
    rejection_reason: 'Doublon.',
  })
  expect((await request.post(`/bff/offres/${first}/publish`, { headers })).status()).toBe(409)
  expect((await request.patch(`/bff/offres/${first}`, { headers, data: OFFER })).status()).toBe(409)

  const second = await create()
  await request.post(`/bff/offres/${second}/publish`, { headers })
  const archived = (await (
    await request.post(`/bff/offres/${second}/archive`, { headers })
  ).json()) as WorkshopOfferDetail
  expect(archived.offre.status).toBe('archived')
  expect(archived.history.map((e) => [e.action, e.actorName])).toEqual([
    ['created', 'Administrateur'],
    ['published', 'Administrateur'],
    ['archived', 'Administrateur'],
  ])
  expect((await request.get('/bff/offres/2001-01-99999')).status()).toBe(404)
})
