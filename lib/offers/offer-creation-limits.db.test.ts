// Offer creation never fails for want of a reference, and one application cannot flood it: the
// 100,000th offer of a month gets the reference YYYY-MM-100000 (existing ones keep their form), and
// past RATE_LIMIT_OFFERS_PER_CLIENT creations a minute an application gets 429 with Retry-After.
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { closePool, query } from '../db/pool'
import { requestLimits, setProcessLimits } from '../http/request-limits'
import { MemoryStore } from '../rate-limit/store'
import { engineSkipped, testEngine } from '../testing/engine'
import { createOfferResponse } from './api'
import { offerReferenceSchema } from './contract'
import { offerFieldsSchema } from './fields'
import { createOffer, findOffer, formatReference, referenceMonth } from './offer-store'

afterAll(() => closePool())

const fields = () =>
  offerFieldsSchema.parse({
    local_type: 'bureaux',
    transaction_types: ['louer'],
    surface: 80,
    code_commune: '35238',
  })

describe('offer references', () => {
  it('keep five digits up to 99,999, then take as many as needed', () => {
    expect(formatReference('2026-11', 1)).toBe('2026-11-00001')
    expect(formatReference('2026-11', 99_999)).toBe('2026-11-99999')
    expect(formatReference('2026-11', 100_000)).toBe('2026-11-100000')
    expect(formatReference('2026-11', '9223372036854775807')).toBe('2026-11-9223372036854775807')
    for (const reference of ['2019-09-00067', '2026-11-99999', '2026-11-100000', '2026-11-1234567'])
      expect(offerReferenceSchema.parse(reference)).toBe(reference)
    expect(offerReferenceSchema.safeParse('2026-11-0001').success).toBe(false)
  })
})

describe.skipIf(engineSkipped)(`offer creation at the limits on ${testEngine}`, () => {
  const app = `tda_test_offer_limits_${testEngine}`
  afterEach(() => setProcessLimits(undefined))

  it('creates the 100,000th offer of a month and the next ones, readable as the others', async () => {
    // A month of its own, its counter where 99,999 offers would have left it.
    const now = new Date(testEngine === 'postgres' ? '2091-03-15T10:00:00Z' : '2092-03-15T10:00:00Z')
    const month = referenceMonth(now)
    await query('DELETE FROM offre WHERE reference LIKE $1', [`${month}-%`])
    await query(
      `INSERT INTO offre_reference_counter (month, last) VALUES ($1, 99998)
       ON CONFLICT (month) DO UPDATE SET last = 99998`,
      [month],
    )
    const made = []
    for (let i = 0; i < 3; i++)
      made.push(await createOffer(fields(), { kind: 'application', clientId: app }, { now }))
    expect(made.map((m) => m.reference)).toEqual([`${month}-99999`, `${month}-100000`, `${month}-100001`])
    for (const { reference } of made) expect((await findOffer(reference))?.reference).toBe(reference)
    // The workshop's creations share the counter.
    const staff = {
      kind: 'staff',
      userId: '00000000-0000-4000-8000-000000000001',
      name: 'Agent test',
    } as const
    expect((await createOffer(fields(), staff, { now })).reference).toBe(`${month}-100002`)
  })

  it('answers 429 with Retry-After past the application’s creations of the minute, others unaffected', async () => {
    let now = 5_000_000
    setProcessLimits(
      requestLimits(
        new MemoryStore(() => now),
        {
          RATE_LIMIT_TILES_PER_IP: 1,
          RATE_LIMIT_OFFERS_PER_CLIENT: 2,
          QUOTA_PER_MINUTE: 100,
          QUOTA_PER_DAY: 1000,
        },
        () => now,
      ),
    )
    const request = () =>
      new Request('http://localhost/v0/eco/immo/offres', {
        method: 'POST',
        headers: { Accept: 'application/json' },
      })
    expect((await createOfferResponse(request(), fields(), app)).status).toBe(202)
    expect((await createOfferResponse(request(), fields(), app)).status).toBe(202)
    const refused = await createOfferResponse(request(), fields(), app).catch((error: unknown) => error)
    expect(refused).toMatchObject({
      status: 429,
      type: 'too-many-requests',
      headers: { 'Retry-After': '60' },
    })
    expect((await createOfferResponse(request(), fields(), `${app}_other`)).status).toBe(202)
    now += 60_000
    expect((await createOfferResponse(request(), fields(), app)).status).toBe(202)
  })
})
