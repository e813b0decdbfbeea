// The fiscal detail through real HTTP on both engines: GET /ca/pev/:id, /ca/suf/:id, /tf, /tf/:id,
// /th and /th/:id — both parameter forms and the unprefixed paths, each search key against the
// instance's own rows, lists as any-of, unknown keys and malformed values (400), page/size, the
// 10,000 cap with an exact total, Link, ETag/304, HEAD, 406, 403 without the fiscal scope, 400/404
// on ids, every sum of a record and every link it carries resolving.
import { type TestInfo } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import { EXAMPLE_PEV_ID, EXAMPLE_SUF_ID, EXAMPLE_TF_ID, EXAMPLE_TH_ID } from '@/lib/fiscal/contracts'
import { tfDetailWireSchema, tfWireSchema } from '@/lib/fiscal/tf'
import { thDetailWireSchema, thWireSchema } from '@/lib/fiscal/th'
import { pevWireSchema } from '@/lib/fiscal/pev'
import { sufWireSchema } from '@/lib/fiscal/suf'
import { premisesDetailWireSchema } from '@/lib/premises/serialise'
import { parcelDetailWireSchema } from '@/lib/cadastre/parcels'
import { problemSchema } from '@/lib/http/problem-schema'
import { zoneId } from '@/lib/territory/zone-id'
import { instanceDb } from '../support/datasets'
import { getWithJsonBody, rawRequest, type RawResponse } from '../support/http'
import { bearer } from '../support/tokens'

const JSON_TYPE = 'application/json; charset=utf-8'
const PROBLEM = 'application/problem+json; charset=utf-8'

interface Row {
  id: string
  codcom: string
  annee: number
  compte: string
  local?: string
}

const fiscal = (baseURL: string | undefined, testInfo: TestInfo) => bearer(baseURL!, testInfo, 'fiscal')

const get = (baseURL: string, path: string, auth: string, headers: Record<string, string> = {}) =>
  rawRequest(baseURL, { path, headers: { Accept: 'application/json', Authorization: auth, ...headers } })

function ok(response: RawResponse): unknown {
  expect(response.status, response.body).toBe(200)
  expect(response.headers['content-type']).toBe(JSON_TYPE)
  return response.json()
}

function problem(response: RawResponse, status: number) {
  expect(response.status, response.body).toBe(status)
  expect(response.headers['content-type']).toBe(PROBLEM)
  return problemSchema.parse(response.json())
}

async function rows(testInfo: TestInfo, sql: string): Promise<Row[]> {
  const db = instanceDb(testInfo)
  try {
    return (await db.query<Row>(sql)).rows
  } finally {
    await db.end()
  }
}

const ids = (list: Array<{ id: string }>) => list.map((i) => i.id)
const sortedIds = (list: Row[]) => list.map((r) => r.id).sort()

test.describe('/tf', () => {
  let notices: Row[]
  test.beforeAll(async ({}, testInfo) => {
    notices = await rows(testInfo, 'SELECT id, codcom, annee, compte FROM avis_tf ORDER BY id')
  })
  const list = (body: unknown) => {
    const parsed = body as { total: number; page: number; tf: unknown[] }
    for (const item of parsed.tf) tfWireSchema.parse(item)
    return parsed as { total: number; page: number; tf: Array<{ id: string; total_centimes: number }> }
  }
  const oracle = (keep: (r: Row) => boolean) => sortedIds(notices.filter(keep))

  test('the JSON body, the query string and the unprefixed path give the same answer', async ({
    baseURL,
  }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const expected = oracle((r) => r.codcom === '35238' && r.annee === 2025)
    expect(expected.length).toBeGreaterThan(10)
    const body = list(
      ok(
        await getWithJsonBody(
          baseURL!,
          '/v0/tf',
          { search: { codcom: '35238', annee: 2025 }, page: 2, size: 5 },
          { Authorization: auth },
        ),
      ),
    )
    expect(body.total).toBe(expected.length)
    expect(body.page).toBe(2)
    expect(ids(body.tf)).toEqual(expected.slice(5, 10))
    for (const path of [
      '/v0/tf?search[codcom]=35238&search[annee]=2025&page=2&size=5',
      `/v0/tf?search=${encodeURIComponent(JSON.stringify({ codcom: '35238', annee: 2025 }))}&page=2&size=5`,
      '/tf?search[codcom]=35238&search[annee]=2025&page=2&size=5',
    ])
      expect(list(ok(await get(baseURL!, path, auth)))).toEqual(body)
  })

  test('each key, lists as any-of, keys combined with AND, the free text', async ({ baseURL }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const sample = notices[Math.floor(notices.length / 3)]!
    const other = notices[notices.length - 5]!
    const cases: Array<[unknown, (r: Row) => boolean]> = [
      [
        { codcom: [sample.codcom, other.codcom] },
        (r) => r.codcom === sample.codcom || r.codcom === other.codcom,
      ],
      [{ proprietaire: sample.compte }, (r) => r.compte === sample.compte],
      [
        { proprietaire: [sample.compte, other.compte], annee: [2023, '2024'] },
        (r) => [sample.compte, other.compte].includes(r.compte) && r.annee < 2025,
      ],
      [
        { zone_id: zoneId('departement', sample.codcom.slice(0, 2)), annee: 2023 },
        (r) => r.codcom.startsWith(sample.codcom.slice(0, 2)) && r.annee === 2023,
      ],
      [sample.id, (r) => r.id === sample.id],
      [sample.compte, (r) => r.compte === sample.compte],
    ]
    for (const [search, keep] of cases) {
      const expected = oracle(keep)
      const page = list(
        ok(await getWithJsonBody(baseURL!, '/v0/tf', { search, size: 100 }, { Authorization: auth })),
      )
      expect(page.total, JSON.stringify(search)).toBe(expected.length)
      expect(ids(page.tf)).toEqual(expected.slice(0, 100))
    }
  })

  test('unknown keys, wrong types and malformed values: 400', async ({ baseURL }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const unknown = problem(
      await getWithJsonBody(baseURL!, '/v0/tf', { search: { commune: '35238' } }, { Authorization: auth }),
      400,
    )
    expect(JSON.stringify(unknown)).toContain('codcom, proprietaire, annee, zone_id')
    problem(await getWithJsonBody(baseURL!, '/v0/tf', { search: 35238 }, { Authorization: auth }), 400)
    problem(await get(baseURL!, '/v0/tf?search[codcom]=3523', auth), 400)
    problem(await get(baseURL!, '/v0/tf?search[annee]=deux', auth), 400)
    problem(await get(baseURL!, '/v0/tf?search[zone_id]=abc', auth), 400)
    problem(await get(baseURL!, '/v0/tf?size=101', auth), 400)
    problem(await get(baseURL!, '/v0/tf?page=0', auth), 400)
  })

  test('pages of 50 by default, the exact total past 10,000, the cap pointing to datasets, Link', async ({
    baseURL,
  }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const all = oracle(() => true)
    expect(all.length).toBeGreaterThan(10_000)
    const first = await get(baseURL!, '/v0/tf', auth)
    const page = list(ok(first))
    expect(page.total).toBe(all.length)
    expect(ids(page.tf)).toEqual(all.slice(0, 50))
    expect(first.headers.link).toContain('page=2&size=50>; rel="next"')
    expect(first.headers.link).toContain('page=200&size=50>; rel="last"')
    const last = list(ok(await get(baseURL!, '/v0/tf?page=100&size=100', auth)))
    expect(ids(last.tf)).toEqual(all.slice(9900, 10_000))
    const capped = problem(await get(baseURL!, '/v0/tf?page=101&size=100', auth), 400)
    expect(JSON.stringify(capped)).toContain('modèle tf')
  })

  test('records: lines summing to the total, every link resolving; 400 and 404 on ids', async ({
    baseURL,
  }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const withBoth = await rows(
      testInfo,
      'SELECT id, codcom, annee, compte FROM avis_tf WHERE base_bati > 0 AND base_non_bati > 0 ORDER BY id LIMIT 1',
    )
    for (const id of [EXAMPLE_TF_ID, withBoth[0]!.id]) {
      const record = tfDetailWireSchema.parse(
        ok(await get(baseURL!, `/v0/tf/${encodeURIComponent(id)}`, auth)),
      )
      expect(record.id).toBe(id)
      expect(record.total_centimes).toBe(record.lignes.reduce((s, l) => s + l.montant_centimes, 0))
      expect(record.lignes.at(-1)!.taxe).toBe('FRAIS')
      const listed = list(
        ok(await getWithJsonBody(baseURL!, '/v0/tf', { search: id }, { Authorization: auth })),
      )
      // The list's record is the record without its lines and sources.
      const { prop: _p, lignes: _l, pev: _v, suf: _s, ...summary } = record
      expect(listed.tf).toEqual([summary])
      ok(await get(baseURL!, record.prop.url, auth))
      for (const ref of [...record.pev, ...record.suf].slice(0, 40)) {
        const linked = ok(await get(baseURL!, ref.url, auth)) as { id: string }
        expect(linked.id).toBe(ref.id)
      }
      expect(ok(await get(baseURL!, record.url.replace('/v0', ''), auth))).toEqual(record)
    }
    problem(await get(baseURL!, '/v0/tf/35238+00001', auth), 400)
    problem(await get(baseURL!, '/v0/tf/35238A99999-2025', auth), 404)
    problem(await get(baseURL!, '/v0/tf/35238+00001-1990', auth), 404)
  })
})

test.describe('/th', () => {
  let notices: Row[]
  test.beforeAll(async ({}, testInfo) => {
    notices = await rows(testInfo, 'SELECT id, codcom, annee, compte, local FROM avis_th ORDER BY id')
  })
  const oracle = (keep: (r: Row) => boolean) => sortedIds(notices.filter(keep))
  const list = (body: unknown) => {
    const parsed = body as { total: number; page: number; th: unknown[] }
    for (const item of parsed.th) thWireSchema.parse(item)
    return parsed as { total: number; page: number; th: Array<{ id: string }> }
  }

  test('each key in both forms, lists as any-of, AND, free text; 400 on unknown keys', async ({
    baseURL,
  }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    expect(notices.length).toBeGreaterThan(0)
    const sample = notices[Math.floor(notices.length / 2)]!
    const cases: Array<[unknown, (r: Row) => boolean]> = [
      [{}, () => true],
      [{ codcom: sample.codcom }, (r) => r.codcom === sample.codcom],
      [
        { local: [sample.local!, notices[0]!.local!] },
        (r) => r.local === sample.local || r.local === notices[0]!.local,
      ],
      [{ local: sample.local!, annee: [2024, 2025] }, (r) => r.local === sample.local && r.annee > 2023],
      [
        { zone_id: zoneId('departement', sample.codcom.slice(0, 2)) },
        (r) => r.codcom.startsWith(sample.codcom.slice(0, 2)),
      ],
      [sample.id, (r) => r.id === sample.id],
      [sample.local!, (r) => r.local === sample.local],
    ]
    for (const [search, keep] of cases) {
      const expected = oracle(keep)
      const page = list(
        ok(await getWithJsonBody(baseURL!, '/v0/th', { search, size: 100 }, { Authorization: auth })),
      )
      expect(page.total, JSON.stringify(search)).toBe(expected.length)
      expect(ids(page.th)).toEqual(expected.slice(0, 100))
    }
    const byQuery = list(ok(await get(baseURL!, `/th?search[codcom]=${sample.codcom}&size=3`, auth)))
    expect(ids(byQuery.th)).toEqual(oracle((r) => r.codcom === sample.codcom).slice(0, 3))
    problem(
      await getWithJsonBody(baseURL!, '/v0/th', { search: { nature: 'vacant' } }, { Authorization: auth }),
      400,
    )
    problem(await get(baseURL!, '/v0/th?search[local]=123', auth), 400)
  })

  test('records: lines summing to the total, links resolving; 400 and 404 on ids', async ({
    baseURL,
  }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    for (const id of [EXAMPLE_TH_ID, notices[0]!.id]) {
      const record = thDetailWireSchema.parse(ok(await get(baseURL!, `/v0/th/${id}`, auth)))
      const listed = list(
        ok(await getWithJsonBody(baseURL!, '/v0/th', { search: id }, { Authorization: auth })),
      )
      const { logement: _g, prop: _p, lignes: _l, ...summary } = record
      expect(listed.th).toEqual([summary])
      expect(record.total_centimes).toBe(record.lignes.reduce((s, l) => s + l.montant_centimes, 0))
      expect(record.lignes[0]!.base).toBe(record.base)
      const premises = premisesDetailWireSchema.parse(ok(await get(baseURL!, record.logement.url, auth)))
      expect(premises.id).toBe(record.local)
      expect(premises.pev.some((p) => p.id.startsWith(record.local))).toBe(true)
      ok(await get(baseURL!, record.prop.url, auth))
    }
    problem(await get(baseURL!, '/v0/th/35238-2025', auth), 400)
    problem(await get(baseURL!, '/v0/th/352381234567890-2025', auth), 404)
  })
})

test.describe('/ca/pev and /ca/suf', () => {
  test('a premises lists its PEVs and each PEV links back to it', async ({ baseURL }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const pev = pevWireSchema.parse(ok(await get(baseURL!, `/v0/ca/pev/${EXAMPLE_PEV_ID}`, auth)))
    expect(pev.id).toBe(EXAMPLE_PEV_ID)
    const premises = premisesDetailWireSchema.parse(ok(await get(baseURL!, pev.local.url, auth)))
    expect(premises.pev.map((p) => p.id)).toContain(pev.id)
    for (const ref of premises.pev) {
      const other = pevWireSchema.parse(ok(await get(baseURL!, ref.url, auth)))
      expect(other.local.id).toBe(premises.id)
    }
    expect(ok(await get(baseURL!, `/ca/pev/${EXAMPLE_PEV_ID}`, auth))).toEqual(pev)
    problem(await get(baseURL!, '/v0/ca/pev/64102345890854', auth), 400)
    problem(await get(baseURL!, '/v0/ca/pev/641023458908544999', auth), 404)
  })

  test('a parcel lists its SUFs, their areas summing to its contenance, each linking back', async ({
    baseURL,
  }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const suf = sufWireSchema.parse(ok(await get(baseURL!, `/v0/ca/suf/${EXAMPLE_SUF_ID}`, auth)))
    const parcel = parcelDetailWireSchema.parse(ok(await get(baseURL!, suf.parcelle.url, auth)))
    expect(parcel.suf.map((s) => s.id)).toContain(suf.id)
    let area = 0
    for (const ref of parcel.suf) {
      const other = sufWireSchema.parse(ok(await get(baseURL!, ref.url, auth)))
      expect(other.parcelle.id).toBe(parcel.id)
      area += other.contenance
    }
    expect(area).toBe(parcel.contenance)
    expect(ok(await get(baseURL!, `/ca/suf/${EXAMPLE_SUF_ID.toLowerCase()}`, auth))).toEqual(suf)
    problem(await get(baseURL!, '/v0/ca/suf/352380000A0001', auth), 400)
    problem(await get(baseURL!, '/v0/ca/suf/352380000A9999Z', auth), 404)
  })
})

test.describe('access and caching', () => {
  const paths = [
    `/v0/ca/pev/${EXAMPLE_PEV_ID}`,
    `/v0/ca/suf/${EXAMPLE_SUF_ID}`,
    '/v0/tf',
    `/v0/tf/${encodeURIComponent(EXAMPLE_TF_ID)}`,
    '/v0/th',
    `/v0/th/${EXAMPLE_TH_ID}`,
  ]

  test('401 without a token, 403 with an eco-only token, 406 for Accept: */*', async ({
    baseURL,
  }, testInfo) => {
    const eco = await bearer(baseURL!, testInfo, 'eco')
    const auth = await fiscal(baseURL, testInfo)
    for (const path of paths) {
      problem(await rawRequest(baseURL!, { path, headers: { Accept: 'application/json' } }), 401)
      expect(JSON.stringify(problem(await get(baseURL!, path, eco), 403))).toContain('fiscal')
      problem(await get(baseURL!, path, auth, { Accept: '*/*' }), 406)
      problem(await get(baseURL!, path, auth, { Accept: 'text/csv' }), 406)
    }
  })

  test('ETag and If-None-Match: 304 for the same request, 200 for another; HEAD', async ({
    baseURL,
  }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    for (const path of paths) {
      const first = await get(baseURL!, path, auth)
      ok(first)
      const etag = first.headers.etag!
      expect(etag).toMatch(/^"[^"]+"$/)
      const again = await get(baseURL!, path, auth, { 'If-None-Match': etag })
      expect(again.status, path).toBe(304)
      expect(again.body).toBe('')
      const head = await rawRequest(baseURL!, {
        method: 'HEAD',
        path,
        headers: { Accept: 'application/json', Authorization: auth },
      })
      expect(head.status).toBe(200)
      expect(head.headers.etag).toBe(etag)
    }
    const tf = await get(baseURL!, '/v0/tf?search[annee]=2024', auth)
    const other = await get(baseURL!, '/v0/tf?search[annee]=2025', auth, {
      'If-None-Match': tf.headers.etag!,
    })
    expect(other.status).toBe(200)
  })
})
