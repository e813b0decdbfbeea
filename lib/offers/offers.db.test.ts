// Offers on both engines: the seed, creation with its reference and Idempotency-Key, visibility,
// the workshop's status changes and their history, and every search criterion.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePool, pool, query } from '../db/pool'
import { ApiError } from '../http/api-error'
import { engineSkipped, testEngine } from '../testing/engine'
import { zoneId } from '../territory/zone-id'
import { offerFieldsSchema, type OfferFieldsInput } from './fields'
import { countByStatus, findOffers, offerPoints, publishedTags } from './offer-search'
import { changeStatus, createOffer, editOffer, findOffer, offerHistory, visibleOffer } from './offer-store'
import { seedOffers } from './seed-offers'

afterAll(() => closePool())

const NOW = new Date('2026-11-25T10:00:00Z')
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000)
const fields = (input: Partial<OfferFieldsInput> = {}) =>
  offerFieldsSchema.parse({ local_type: 'bureaux', transaction_types: ['louer'], surface: 120, ...input })

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe.skipIf(engineSkipped)(`offers on ${testEngine}`, () => {
  const app = `tda_test_offers_${testEngine}`
  const other = `tda_test_other_${testEngine}`
  const staff = { kind: 'staff', userId: '00000000-0000-4000-8000-000000000001', name: 'Agent test' } as const

  beforeAll(async () => {
    await query("DELETE FROM offre WHERE client_id LIKE 'tda_test_%'")
    await query('DELETE FROM offre_reference_counter')
    await seedOffers(pool(), { count: 90, seed: 5 })
  })

  it('seeds offers in every status, the first one published, with a history that ends in their status', async () => {
    const counts = await countByStatus()
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(90)
    for (const status of ['pending_validation', 'published', 'rejected', 'archived'] as const) {
      expect(counts[status], status).toBeGreaterThan(0)
    }
    const first = await findOffer('2019-09-00001')
    expect(first?.status).toBe('published')
    const { rows } = await query<{ reference: string; status: string; last: string; reason: string | null }>(
      `SELECT o.reference, o.status, o.rejection_reason AS reason,
         (SELECT e.status FROM offre_event e WHERE e.reference = o.reference ORDER BY e.at DESC, e.id DESC LIMIT 1) AS last
       FROM offre o WHERE o.seeded`,
    )
    for (const row of rows) expect(row.last, row.reference).toBe(row.status)
    expect(rows.filter((r) => r.status === 'rejected').every((r) => r.reason)).toBe(true)
    // Seeding again gives the same offers.
    await seedOffers(pool(), { count: 90, seed: 5 })
    expect((await findOffer('2019-09-00001'))?.fields).toEqual(first?.fields)
  })

  it('numbers references by month and keeps the creating application', async () => {
    const a = await createOffer(fields(), { kind: 'application', clientId: app }, { now: NOW })
    const b = await createOffer(fields(), { kind: 'application', clientId: other }, { now: at(1) })
    expect(a).toEqual({ reference: '2026-11-00001', status: 'pending_validation', replayed: false })
    expect(b.reference).toBe('2026-11-00002')
    expect((await findOffer(a.reference))?.clientId).toBe(app)
    const history = await offerHistory(a.reference)
    expect(history).toEqual([
      expect.objectContaining({
        action: 'created',
        status: 'pending_validation',
        actorKind: 'application',
        actorName: app,
      }),
    ])
  })

  it('answers the same Idempotency-Key and body once, and refuses the key with another body (409)', async () => {
    const first = await createOffer(
      fields({ label: 'Idempotent' }),
      { kind: 'application', clientId: app },
      {
        idempotencyKey: 'key-1',
        now: NOW,
      },
    )
    const again = await createOffer(
      fields({ label: 'Idempotent' }),
      { kind: 'application', clientId: app },
      {
        idempotencyKey: 'key-1',
        now: at(5),
      },
    )
    expect(again).toEqual({ ...first, replayed: true })
    const { rows } = await query("SELECT 1 FROM offre WHERE fields->>'label' = 'Idempotent'")
    expect(rows).toHaveLength(1)
    const error = await rejection(
      createOffer(
        fields({ label: 'Autre' }),
        { kind: 'application', clientId: app },
        { idempotencyKey: 'key-1' },
      ),
    )
    expect(error.status).toBe(409)
    // Keys belong to an application: another one may use the same key.
    const theirs = await createOffer(
      fields({ label: 'Idempotent' }),
      { kind: 'application', clientId: other },
      {
        idempotencyKey: 'key-1',
        now: NOW,
      },
    )
    expect(theirs.replayed).toBe(false)
    expect(theirs.reference).not.toBe(first.reference)
  })

  it('refuses an unknown commune with 422 naming the field', async () => {
    const error = await rejection(
      createOffer(fields({ code_commune: '99999' }), { kind: 'application', clientId: app }),
    )
    expect(error.status).toBe(422)
    expect(error.options.errors?.[0]?.path).toBe('offre.code_commune')
  })

  it('shows an unpublished offer to its application only, and refuses, publishes and archives', async () => {
    const { reference } = await createOffer(
      fields({ code_commune: '35238' }),
      { kind: 'application', clientId: app },
      { now: NOW },
    )
    expect((await visibleOffer(reference, app)).status).toBe('pending_validation')
    expect((await rejection(visibleOffer(reference, other))).status).toBe(404)

    const edited = await editOffer(reference, fields({ code_commune: '35238', surface: 150 }), staff, {
      now: at(1),
    })
    expect(edited.fields.surface).toBe(150)
    const rejected = await changeStatus(reference, 'reject', staff, {
      reason: 'Adresse incomplète.',
      now: at(2),
    })
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Adresse incomplète.' })
    expect((await rejection(changeStatus(reference, 'publish', staff))).status).toBe(409)
    expect((await rejection(editOffer(reference, fields(), staff))).status).toBe(409)

    const second = await createOffer(
      fields({ code_commune: '35238' }),
      { kind: 'application', clientId: app },
      { now: NOW },
    )
    const published = await changeStatus(second.reference, 'publish', staff, { now: at(3) })
    expect(published.publishedAt).toBe(at(3).toISOString())
    expect((await visibleOffer(second.reference, other)).status).toBe('published')
    await changeStatus(second.reference, 'archive', staff, { now: at(4) })
    expect((await rejection(visibleOffer(second.reference, other))).status).toBe(404)
    expect((await offerHistory(second.reference)).map((e) => [e.action, e.actorName])).toEqual([
      ['created', app],
      ['published', 'Agent test'],
      ['archived', 'Agent test'],
    ])
    expect((await offerHistory(reference)).map((e) => e.action)).toEqual(['created', 'edited', 'rejected'])
    expect((await offerHistory(reference))[2]?.reason).toBe('Adresse incomplète.')
  })

  describe('search of published offers', () => {
    const refs: Record<string, string> = {}
    beforeAll(async () => {
      const make = async (name: string, input: Partial<OfferFieldsInput>) => {
        const { reference } = await createOffer(
          fields({ label: `ZZTEST ${name}`, ...input }),
          { kind: 'application', clientId: app },
          { now: NOW },
        )
        await changeStatus(reference, 'publish', staff, { now: at(10) })
        refs[name] = reference
      }
      await make('paris8', {
        code_commune: '75108',
        local_type: 'local_commercial',
        tags: ['Vitrine'],
        surface: 80,
      })
      await make('lyon', {
        code_commune: '69123',
        transaction_types: ['acheter'],
        surface: 900,
        tags: ['Quai de chargement'],
      })
      await make('rennes', {
        code_commune: '35238',
        surface: 300,
        descriptif_bien: 'Plateau lumineux près de la gare',
        latitude: 48.1,
        longitude: -1.67,
      })
      const pending = await createOffer(fields({ label: 'ZZTEST pending', code_commune: '75108' }), {
        kind: 'application',
        clientId: app,
      })
      refs.pending = pending.reference
    })

    async function found(criteria: Parameters<typeof findOffers>[0], text = 'zztest'): Promise<string[]> {
      const result = await findOffers(
        { ...criteria, statuses: ['published'], texts: [text] },
        { page: 1, size: 100, order: 'published' },
      )
      return result.offers.map((o) => Object.keys(refs).find((k) => refs[k] === o.reference)!).sort()
    }

    it('filters by every criterion', async () => {
      expect(await found({})).toEqual(['lyon', 'paris8', 'rennes'])
      expect(await found({ communes: ['75056'] })).toEqual(['paris8'])
      expect(await found({ communes: ['75108'] })).toEqual(['paris8'])
      expect(await found({ communes: ['69123', '35238'] })).toEqual(['lyon', 'rennes'])
      expect(await found({ zones: [zoneId('departement', '35')] })).toEqual(['rennes'])
      expect(await found({ localTypes: ['local_commercial'] })).toEqual(['paris8'])
      expect(await found({ transactionTypes: ['acheter'] })).toEqual(['lyon'])
      expect(await found({ surfaceMin: 100, surfaceMax: 500 })).toEqual(['rennes'])
      expect(await found({ tags: ['quai de CHARGEMENT'] })).toEqual(['lyon'])
      expect(await found({}, 'ZZTEST lumineux gare')).toEqual(['rennes'])
    })

    it('gives each offer the zones of its commune: EPCI, department, region (0.14.0)', async () => {
      const result = await findOffers(
        { statuses: ['published'], texts: ['zztest'] },
        { page: 1, size: 100, order: 'published' },
      )
      const zonesOf = (name: string) =>
        result.offers.find((o) => o.reference === refs[name])!.zones.map((z) => `${z.type}:${z.code}`)
      expect(zonesOf('rennes')).toEqual(['epci:243500139', 'departement:35', 'region:53'])
      // An arrondissement's offer: the zones of its city.
      expect(zonesOf('paris8')).toEqual(['epci:200054781', 'departement:75', 'region:11'])
      expect(zonesOf('lyon')).toEqual(['epci:200046977', 'departement:69', 'region:84'])
      const rennes = result.offers.find((o) => o.reference === refs.rennes)!
      expect(rennes.zones[1]).toEqual({
        id: zoneId('departement', '35'),
        type: 'departement',
        code: '35',
        nom: 'Ille-et-Vilaine',
      })
      // The record of one offer carries them too; an offer without a commune has none.
      expect((await findOffer(refs.rennes!))?.zones).toEqual(rennes.zones)
      const { reference } = await createOffer(fields({ label: 'ZZNOWHERE' }), {
        kind: 'application',
        clientId: app,
      })
      expect((await findOffer(reference))?.zones).toEqual([])
    })

    it('stores website under its 0.13.0 name, the former name site_internet included', async () => {
      const { reference } = await createOffer(
        fields({ site_internet: 'https://www.exemple.fr/o/1', surface: 500, divisible_at: 100 }),
        { kind: 'application', clientId: app },
      )
      const { rows } = await query<{ fields: Record<string, unknown> }>(
        'SELECT fields FROM offre WHERE reference = $1',
        [reference],
      )
      expect(rows[0]!.fields).toMatchObject({ website: 'https://www.exemple.fr/o/1', divisible_at: 100 })
      expect('site_internet' in rows[0]!.fields).toBe(false)
    })

    it('migration 0066 renames a stored site_internet to website, in offers and dataset records', async () => {
      const { reference } = await createOffer(fields({ label: 'ZZMIGRATION' }), {
        kind: 'application',
        clientId: app,
      })
      await query(
        `UPDATE offre SET fields = fields || '{"site_internet": "https://ancien.exemple.fr"}'::jsonb WHERE reference = $1`,
        [reference],
      )
      const migration = fs.readFileSync(path.resolve('db/migrations/0066_offre_website.sql'), 'utf8')
      for (const statement of migration.replace(/^--.*$/gm, '').split(';')) {
        if (statement.trim()) await query(statement)
      }
      const stored = await findOffer(reference)
      expect(stored?.fields.website).toBe('https://ancien.exemple.fr')
      expect('site_internet' in stored!.fields).toBe(false)
    })

    it('places an offer at its own position, else at its commune centre', async () => {
      const points = await offerPoints({ statuses: ['published'], texts: ['zztest'] }, 100)
      const rennes = points.find((p) => p.reference === refs.rennes)!
      expect([rennes.lon, rennes.lat]).toEqual([-1.67, 48.1])
      const lyon = points.find((p) => p.reference === refs.lyon)!
      const { rows } = await query<{ lon: number; lat: number }>(
        "SELECT lon, lat FROM commune WHERE code = '69123'",
      )
      expect([lyon.lon, lyon.lat]).toEqual([rows[0]!.lon, rows[0]!.lat])
    })

    it('counts the tags of published offers only', async () => {
      const tags = await publishedTags()
      expect(tags.find((t) => t.tag === 'Quai de chargement')?.count).toBeGreaterThan(0)
      const sorted = [...tags].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag))
      expect(tags.map((t) => t.count)).toEqual(sorted.map((t) => t.count))
    })

    it('lists an application’s own offers newest first, whatever their status', async () => {
      const mine = await findOffers({ clientId: app }, { page: 1, size: 100, order: 'created' })
      const times = mine.offers.map((o) => o.createdAt)
      expect(times).toEqual([...times].sort().reverse())
      expect(mine.offers.map((o) => o.reference)).toContain(refs.pending)
      expect(mine.offers.every((o) => o.clientId === app)).toBe(true)
    })
  })
})
