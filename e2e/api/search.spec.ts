// GET /eco/sirets and GET /v0/eco/sirets/:id (spec §2.4, §2.5, §4.3, §7, §8) through real HTTP on
// both engines: both parameter forms, every filter, lists and AND, free text (SIRET, SIREN, ranked
// names with accents), page and size bounds, the 10,000 cap with an exact total, Link header,
// GeoJSON grouping and limits, bbox, 401/403/406, ETag and 304, HEAD, every url resolving.
import { type TestInfo } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import type { z } from 'zod'
import { searchResultSchema } from '@/lib/establishments/search-contract'
import {
  establishmentDetailWireSchema,
  featureCollectionSchema,
  type EstablishmentWire,
} from '@/lib/establishments/serialise'
import { problemSchema } from '@/lib/http/problem-schema'
import { instanceDb } from '../support/datasets'
import { getWithJsonBody, rawRequest, type RawResponse } from '../support/http'
import { busiestCommune, communes, normalise, oracle, records, ref } from '../support/search-oracle'
import { E2E_SEED } from '../support/servers'
import { bearer } from '../support/tokens'

const JSON_TYPE = 'application/json; charset=utf-8'
const PROBLEM = 'application/problem+json; charset=utf-8'

type Result = z.infer<typeof searchResultSchema>

async function eco(baseURL: string | undefined, testInfo: TestInfo) {
  return bearer(baseURL!, testInfo, 'eco')
}

/** GET /v0/eco/sirets with a JSON body (the spec's form). */
async function byBody(baseURL: string, auth: string, body: unknown, headers: Record<string, string> = {}) {
  return getWithJsonBody(baseURL, '/v0/eco/sirets', body, { Authorization: auth, ...headers })
}

/** GET /v0/eco/sirets with query parameters (browsers and links). */
async function byQuery(baseURL: string, auth: string, query: string, headers: Record<string, string> = {}) {
  return rawRequest(baseURL, {
    path: `/v0/eco/sirets${query ? `?${query}` : ''}`,
    headers: { Accept: 'application/json', Authorization: auth, ...headers },
  })
}

function result(response: RawResponse): Result {
  expect(response.status, response.body).toBe(200)
  expect(response.headers['content-type']).toBe(JSON_TYPE)
  return searchResultSchema.parse(response.json())
}

function problem(response: RawResponse, status: number) {
  expect(response.status, response.body).toBe(status)
  expect(response.headers['content-type']).toBe(PROBLEM)
  return problemSchema.parse(response.json())
}

const sirets = (r: Result) => r.etablissements.map((e) => e.siret)
const sample = records[321]!
const departementZone = ref.zones.find(
  (z) => z.type === 'departement' && z.code === communes.get(busiestCommune)!.departement,
)!

test.describe('parameters', () => {
  test('without parameters: the first page of 50 and the exact total of every establishment', async ({
    baseURL,
  }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const first = result(await byQuery(baseURL!, auth, ''))
    expect(first.total).toBe(E2E_SEED.establishments)
    expect(first.total).toBeGreaterThan(10_000)
    expect(first.page).toBe(1)
    expect(sirets(first)).toEqual(oracle({}).slice(0, 50))
  })

  test('the JSON body and the query string give the same answer, in every query form', async ({
    baseURL,
  }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const body = result(
      await byBody(baseURL!, auth, { search: { code_commune: busiestCommune }, page: 2, size: 7 }),
    )
    const expected = oracle({ communes: [busiestCommune] })
    expect(body.total).toBe(expected.length)
    expect(body.page).toBe(2)
    expect(sirets(body)).toEqual(expected.slice(7, 14))
    const forms = [
      `search[code_commune]=${busiestCommune}&page=2&size=7`,
      `search=${encodeURIComponent(JSON.stringify({ code_commune: busiestCommune }))}&page=2&size=7`,
    ]
    for (const form of forms) expect(result(await byQuery(baseURL!, auth, form))).toEqual(body)
    // The unprefixed path is the same resource.
    const unprefixed = await rawRequest(baseURL!, {
      path: `/eco/sirets?${forms[0]}`,
      headers: { Accept: 'application/json', Authorization: auth },
    })
    expect(result(unprefixed)).toEqual(body)
  })

  test('each criterion, lists as any-of, and several keys with AND', async ({ baseURL }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const commune = communes.get(busiestCommune)!
    const other = records.find((r) => r.codeCommune !== busiestCommune)!
    const cases: Array<[Record<string, unknown>, Parameters<typeof oracle>[0]]> = [
      [{ siren: sample.siren }, { sirens: [sample.siren] }],
      [{ siret: [sample.siret, other.siret] }, { sirets: [sample.siret, other.siret] }],
      [
        { code_commune: [busiestCommune, other.codeCommune] },
        { communes: [busiestCommune, other.codeCommune] },
      ],
      [{ zone_id: departementZone.id }, { zones: [departementZone.id] }],
      [{ departement: [commune.departement, '2A'] }, { departements: [commune.departement, '2A'] }],
      [{ region: commune.region }, { regions: [commune.region] }],
      [{ code_naf: ['6820B', '47.11F'] }, { nafs: ['68.20B', '47.11F'] }],
      [{ tranche_effectif: ['NN', '00'] }, { tranches: ['NN', '00'] }],
      [{ q: 'boulangerie' }, { texts: ['boulangerie'] }],
      [
        { region: commune.region, tranche_effectif: ['NN', '01'], code_naf: sample.codeNaf },
        { regions: [commune.region], tranches: ['NN', '01'], nafs: [sample.codeNaf] },
      ],
    ]
    for (const [search, criteria] of cases) {
      const expected = oracle(criteria)
      expect(expected.length, JSON.stringify(search)).toBeGreaterThan(0)
      const page = result(await byBody(baseURL!, auth, { search, size: 100 }))
      expect(page.total, JSON.stringify(search)).toBe(expected.length)
      if (!('q' in search)) expect(sirets(page), JSON.stringify(search)).toEqual(expected.slice(0, 100))
      else expect(new Set(sirets(page)).size).toBe(Math.min(100, expected.length))
    }
  })

  test('Paris, Lyon and Marseille match their arrondissements; an arrondissement only itself', async ({
    baseURL,
  }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    for (const city of ['75056', '69123', '13055']) {
      // The oracle expands the three cities (checked against the arrondissements by the db test).
      const expected = oracle({ communes: [city] })
      expect(expected.length, city).toBeGreaterThan(0)
      const page = result(await byQuery(baseURL!, auth, `search[code_commune]=${city}&size=100`))
      expect(page.total, city).toBe(expected.length)
      expect(sirets(page)).toEqual(expected.slice(0, 100))
      expect(new Set(page.etablissements.map((e) => e.code_commune)).has(city)).toBe(false)
    }
    const lyon = oracle({ communes: ['69123'] }).length
    const both = result(await byBody(baseURL!, auth, { search: { code_commune: ['69123', '69383'] } }))
    expect(both.total).toBe(lyon)
    const third = records.filter((r) => r.codeCommune === '69383').length
    expect(third).toBeGreaterThan(0)
    expect(result(await byBody(baseURL!, auth, { search: { code_commune: '69383' } })).total).toBe(third)
    // With another criterion on the communes (a department): the same rule.
    const withDepartement = result(
      await byBody(baseURL!, auth, { search: { code_commune: '69123', departement: '69' } }),
    )
    expect(withDepartement.total).toBe(lyon)
  })

  test('a filter matching more than 10,000 establishments keeps an exact total', async ({
    baseURL,
  }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const all = ref.regions.map((r) => r.code).filter((code) => /^\d{2}$/.test(code))
    const expected = oracle({ regions: all })
    expect(expected.length).toBeGreaterThan(10_000)
    const page = result(await byBody(baseURL!, auth, { search: { region: all }, page: 100, size: 100 }))
    expect(page.total).toBe(expected.length)
    expect(sirets(page)).toEqual(expected.slice(9900, 10_000))
  })

  test('unknown keys, wrong types and malformed codes: 400 listing every issue and the accepted keys', async ({
    baseURL,
  }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const body = problem(
      await byBody(baseURL!, auth, {
        search: { commune: '35238', siren: 12, code_commune: '3523', zone_id: 'x', code_naf: ['62'] },
      }),
      400,
    )
    const paths = body.errors!.map((e) => e.path)
    for (const path of [
      'search',
      'search.siren',
      'search.code_commune',
      'search.zone_id',
      'search.code_naf.0',
    ])
      expect(paths, JSON.stringify(body.errors)).toContain(path)
    const unknown = body.errors!.find((e) => e.path === 'search')!
    expect(unknown.message).toContain('commune')
    expect(unknown.message).toContain('code_commune, zone_id')
    expect(body.errors!.every((e) => e.location === 'body')).toBe(true)

    const other = problem(await byQuery(baseURL!, auth, 'search[siret]=123&sort=nom&page=x'), 400)
    expect(other.errors!.map((e) => e.path).sort()).toEqual(['', 'page', 'search.siret'].sort())
    expect(other.errors!.find((e) => e.path === '')!.message).toContain('search, page, size, bbox')
    problem(await byBody(baseURL!, auth, { search: 42 }), 400)
    problem(await byBody(baseURL!, auth, { search: { tranche_effectif: '99' } }), 400)
    problem(await byBody(baseURL!, auth, '{"search":'), 400)
  })

  test('a parameter given both in the query string and in the body is refused', async ({
    baseURL,
  }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const response = await getWithJsonBody(
      baseURL!,
      '/v0/eco/sirets?page=2',
      { page: 3 },
      { Authorization: auth },
    )
    expect(problem(response, 400).errors![0]!.path).toBe('page')
    // Different parameters from both places combine.
    const combined = result(
      await getWithJsonBody(
        baseURL!,
        '/v0/eco/sirets?size=3',
        { search: { siren: sample.siren } },
        {
          Authorization: auth,
        },
      ),
    )
    expect(sirets(combined)).toEqual(oracle({ sirens: [sample.siren] }).slice(0, 3))
  })
})

test.describe('free text', () => {
  test('a 14-digit text is a SIRET, a 9-digit one a SIREN (spaces allowed)', async ({
    baseURL,
  }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    expect(sirets(result(await byBody(baseURL!, auth, { search: sample.siret })))).toEqual([sample.siret])
    const spaced = `${sample.siren.slice(0, 3)} ${sample.siren.slice(3, 6)} ${sample.siren.slice(6)}`
    expect(sirets(result(await byBody(baseURL!, auth, { search: spaced })))).toEqual(
      oracle({ sirens: [sample.siren] }),
    )
    expect(sirets(result(await byQuery(baseURL!, auth, `search=${sample.siret}`)))).toEqual([sample.siret])
  })

  test('names are found without accents or case, ranked exact, then prefix, then similar', async ({
    baseURL,
  }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const accented = records.find(
      (r) => /[éèêàçô]/i.test(r.entreprise) && r.entreprise.split(' ').length >= 2,
    )!
    const typed = normalise(accented.entreprise).toLowerCase()
    const page = result(await byQuery(baseURL!, auth, `search=${encodeURIComponent(typed)}&size=100`))
    expect(page.total).toBe(oracle({ texts: [typed] }).length)
    const target = normalise(accented.entreprise)
    const classOf = (e: EstablishmentWire) => {
      const names = [e.entreprise, e.enseigne, e.denomination_usuelle ?? ''].map(normalise)
      return names.includes(target) ? 0 : names.some((n) => n.startsWith(target)) ? 1 : 2
    }
    const classes = page.etablissements.map(classOf)
    expect(classes[0]).toBe(0)
    expect(classes).toEqual([...classes].sort((a, b) => a - b))
    // Within the exact matches, ties are broken by SIRET.
    const exact = page.etablissements.filter((e) => classOf(e) === 0).map((e) => e.siret)
    expect(exact).toEqual([...exact].sort())
    // The same words with accents and capitals: the same answer.
    const again = result(
      await byBody(baseURL!, auth, { search: accented.entreprise.toUpperCase(), size: 100 }),
    )
    expect(sirets(again)).toEqual(sirets(page))
  })

  test('a word search ranks the names starting with it before the others', async ({ baseURL }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const page = result(await byBody(baseURL!, auth, { search: { q: 'Boulangerie' }, size: 100 }))
    const starts = page.etablissements.map((e) =>
      [e.entreprise, e.enseigne, e.denomination_usuelle ?? ''].some((n) =>
        normalise(n).startsWith('BOULANGERIE'),
      ),
    )
    expect(starts[0]).toBe(true)
    expect(starts.indexOf(false) === -1 || starts.slice(starts.indexOf(false)).every((s) => !s)).toBe(true)
  })
})

test.describe('pages', () => {
  test('size defaults to 50, goes from 1 to 100; page from 1', async ({ baseURL }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    expect(result(await byBody(baseURL!, auth, { size: 100 })).etablissements).toHaveLength(100)
    expect(result(await byBody(baseURL!, auth, { size: 1 })).etablissements).toHaveLength(1)
    for (const body of [{ size: 101 }, { size: 0 }, { page: 0 }, { size: 'grand' }, { page: 1.5 }]) {
      problem(await byBody(baseURL!, auth, body), 400)
    }
    expect(problem(await byQuery(baseURL!, auth, 'size=101'), 400).errors![0]!.path).toBe('size')
  })

  test('a page reaching past the 10,000th result is 400 and points to datasets', async ({
    baseURL,
  }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const last = result(await byQuery(baseURL!, auth, 'page=200'))
    expect(sirets(last)).toEqual(oracle({}).slice(9950, 10_000))
    const beyond = problem(await byQuery(baseURL!, auth, 'page=201'), 400)
    expect(beyond.detail).toContain('jeu de données')
    expect(beyond.detail).toContain('/v0/datasets')
    problem(await byBody(baseURL!, auth, { page: 101, size: 100 }), 400)
    // Even when the search has fewer results.
    problem(await byBody(baseURL!, auth, { search: sample.siret, page: 10_001, size: 1 }), 400)
  })

  test('Link header: first, prev, next and last, in the query form, each answering', async ({
    baseURL,
  }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const response = await byBody(baseURL!, auth, {
      search: { zone_id: departementZone.id },
      page: 2,
      size: 10,
    })
    const page = result(response)
    const links = Object.fromEntries(
      String(response.headers.link)
        .split(', ')
        .map((part) => {
          const [, url, rel] = /^<([^>]+)>; rel="(\w+)"$/.exec(part)!
          return [rel!, url!]
        }),
    )
    expect(Object.keys(links).sort()).toEqual(['first', 'last', 'next', 'prev'])
    const expected = oracle({ zones: [departementZone.id] })
    const lastPage = Math.min(Math.ceil(expected.length / 10), 1000)
    expect(new URL(links.last!, baseURL).searchParams.get('page')).toBe(String(lastPage))
    const next = result(
      await rawRequest(baseURL!, {
        path: links.next!,
        headers: { Accept: 'application/json', Authorization: auth },
      }),
    )
    expect(next.page).toBe(3)
    expect(sirets(next)).toEqual(expected.slice(20, 30))
    const prev = result(
      await rawRequest(baseURL!, {
        path: links.prev!,
        headers: { Accept: 'application/json', Authorization: auth },
      }),
    )
    expect(sirets(prev)).toEqual(expected.slice(0, 10))
    expect(page.total).toBe(expected.length)
    // The first page has no prev; the capped last page of the whole set is page 200.
    const all = await byQuery(baseURL!, auth, '')
    expect(all.headers.link).not.toContain('rel="prev"')
    expect(all.headers.link).toContain('page=200&size=50>; rel="last"')
  })
})

test.describe('records', () => {
  test('every field of spec §2.4, and every url resolving to the full record with its contact', async ({
    baseURL,
  }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const page = result(await byBody(baseURL!, auth, { search: { code_commune: busiestCommune }, size: 30 }))
    const contacts: Array<z.infer<typeof establishmentDetailWireSchema>['contact']> = []
    for (const e of page.etablissements) {
      const source = records.find((r) => r.siret === e.siret)!
      expect(e.id).toBe(e.siret)
      expect(e.url).toBe(`/v0/eco/sirets/${e.siret}`)
      expect(e.effectif).toBe(source.effectifSaisi ?? e.effectif_details.tranche_label)
      expect(e.effectif_details.valeur_saisie).toBe(source.effectifSaisi)
      expect('secteur_alternatif' in e).toBe(source.secteurAlternatif !== null)
      const detail = await rawRequest(baseURL!, {
        path: e.url,
        headers: { Accept: 'application/json', Authorization: auth },
      })
      expect(detail.status).toBe(200)
      const record = establishmentDetailWireSchema.parse(detail.json())
      expect(record).toMatchObject(e)
      expect(record.coordonnees).toEqual(
        source.lon === null ? null : { longitude: source.lon, latitude: source.lat },
      )
      // Spec 0.10.0: the contact object, as the seed wrote it (lists empty and website null for none).
      expect(record.contact).toEqual({
        emails: source.contact?.emails ?? [],
        telephones: source.contact?.telephones ?? [],
        website: source.contact?.website ?? null,
      })
      contacts.push(record.contact)
    }
    expect(contacts.some((c) => c.emails.length + c.telephones.length === 0 && c.website === null)).toBe(true)
    expect(contacts.some((c) => c.telephones.length > 0)).toBe(true)
    expect(contacts.some((c) => c.emails.length > 0)).toBe(true)
  })

  test('a record: 404 when unknown, 400 when malformed, without /v0 too', async ({ baseURL }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const get = (path: string) =>
      rawRequest(baseURL!, { path, headers: { Accept: 'application/json', Authorization: auth } })
    problem(await get('/v0/eco/sirets/00000000000000'), 404)
    problem(await get('/v0/eco/sirets/1234'), 400)
    expect((await get(`/eco/sirets/${sample.siret}`)).status).toBe(200)
  })
})

test.describe('GeoJSON', () => {
  test('one feature per distinct point carrying its establishments; unlocated ones left out', async ({
    baseURL,
  }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const search = { zone_id: departementZone.id }
    const response = await byBody(baseURL!, auth, { search }, { Accept: 'application/geo+json' })
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('application/geo+json')
    const collection = featureCollectionSchema.parse(response.json())
    const inZone = new Set(oracle({ zones: [departementZone.id] }))
    const located = records.filter((r) => inZone.has(r.siret) && r.lon !== null)
    const ids = collection.features.flatMap((f) => f.properties.etablissements.map((e) => e.id))
    expect(ids.sort()).toEqual(located.map((r) => r.siret).sort())
    const bySiret = new Map(located.map((r) => [r.siret, r]))
    const points = collection.features.map((f) => f.geometry.coordinates.join(','))
    expect(new Set(points).size).toBe(points.length)
    for (const f of collection.features) {
      for (const e of f.properties.etablissements) {
        const r = bySiret.get(e.id)!
        expect(f.geometry.coordinates).toEqual([r.lon, r.lat])
        expect(e.url).toBe(`/v0/eco/sirets/${e.id}`)
      }
    }
  })

  test('several establishments at one point share a feature', async ({ baseURL }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    // Two located establishments of one commune far from the other tests' searches are put at one
    // point for the time of the test (synthetic positions rarely coincide), then restored.
    const busiestDepartement = communes.get(busiestCommune)!.departement
    const perCommune = new Map<string, typeof records>()
    for (const r of records) {
      const d = communes.get(r.codeCommune)?.departement
      if (r.lon === null || d === busiestDepartement || ['22', '29', '35', '56'].includes(d ?? '')) continue
      perCommune.set(r.codeCommune, [...(perCommune.get(r.codeCommune) ?? []), r])
    }
    const [a, b] = [...perCommune.values()].find((list) => list.length >= 2)!
    const db = instanceDb(testInfo)
    try {
      await db.query('UPDATE etablissement SET lon = $2, lat = $3 WHERE siret = $1', [
        b!.siret,
        a!.lon,
        a!.lat,
      ])
      const response = await byBody(
        baseURL!,
        auth,
        { search: { siret: [a!.siret, b!.siret] } },
        { Accept: 'application/geo+json' },
      )
      const collection = featureCollectionSchema.parse(response.json())
      expect(collection.features).toHaveLength(1)
      expect(collection.features[0]!.geometry.coordinates).toEqual([a!.lon, a!.lat])
      expect(collection.features[0]!.properties.etablissements).toEqual(
        [a!.siret, b!.siret].sort().map((id) => ({ id, url: `/v0/eco/sirets/${id}` })),
      )
    } finally {
      await db.query('UPDATE etablissement SET lon = $2, lat = $3 WHERE siret = $1', [
        b!.siret,
        b!.lon,
        b!.lat,
      ])
      await db.end()
    }
  })

  test('at most 10,000 establishments, no pagination, the .geojson extension, bbox', async ({
    baseURL,
  }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const all = await rawRequest(baseURL!, {
      path: '/v0/eco/sirets.geojson',
      headers: { Authorization: auth },
    })
    expect(all.status).toBe(200)
    const collection = featureCollectionSchema.parse(all.json())
    const count = collection.features.reduce((n, f) => n + f.properties.etablissements.length, 0)
    expect(count).toBe(Math.min(10_000, records.filter((r) => r.lon !== null).length))
    expect(collection.features.length).toBeLessThanOrEqual(10_000)

    const paged = problem(await byBody(baseURL!, auth, { page: 2 }, { Accept: 'application/geo+json' }), 400)
    expect(paged.errors![0]!.path).toBe('page')
    problem(
      await rawRequest(baseURL!, { path: '/eco/sirets.geojson?size=10', headers: { Authorization: auth } }),
      400,
    )

    const bbox = [-1.8, 48.0, -1.5, 48.2]
    const inside = featureCollectionSchema.parse(
      (
        await rawRequest(baseURL!, {
          path: `/v0/eco/sirets.geojson?bbox=${bbox.join(',')}`,
          headers: { Authorization: auth },
        })
      ).json(),
    )
    const expected = records.filter(
      (r) =>
        r.lon !== null && r.lon >= bbox[0]! && r.lon <= bbox[2]! && r.lat! >= bbox[1]! && r.lat! <= bbox[3]!,
    )
    expect(expected.length).toBeGreaterThan(0)
    expect(inside.features.flatMap((f) => f.properties.etablissements.map((e) => e.id)).sort()).toEqual(
      expected.map((r) => r.siret).sort(),
    )
    problem(await byQuery(baseURL!, auth, 'bbox=1,2,3'), 400)
    problem(await byQuery(baseURL!, auth, 'bbox=5,48,4,49'), 400)
  })
})

test.describe('access and caching', () => {
  test('401 without a token, 403 without the eco scope, 406 for Accept: */*', async ({
    baseURL,
  }, testInfo) => {
    const none = await rawRequest(baseURL!, {
      path: '/v0/eco/sirets',
      headers: { Accept: 'application/json' },
    })
    problem(none, 401)
    expect(none.headers['www-authenticate']).toContain('Bearer')
    const fiscal = await bearer(baseURL!, testInfo, 'fiscal')
    const forbidden = problem(await byQuery(baseURL!, fiscal, ''), 403)
    expect(JSON.stringify(forbidden)).toContain('eco')
    problem(await byQuery(baseURL!, await eco(baseURL, testInfo), '', { Accept: '*/*' }), 406)
    problem(await byQuery(baseURL!, await eco(baseURL, testInfo), '', { Accept: 'text/csv' }), 406)
  })

  test('ETag and If-None-Match: 304 for the same request, 200 for another; HEAD', async ({
    baseURL,
  }, testInfo) => {
    const auth = await eco(baseURL, testInfo)
    const first = await byQuery(baseURL!, auth, `search[code_commune]=${busiestCommune}`)
    const etag = first.headers.etag!
    expect(etag).toMatch(/^"[^"]+"$/)
    const again = await byQuery(baseURL!, auth, `search[code_commune]=${busiestCommune}`, {
      'If-None-Match': etag,
    })
    expect(again.status).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    // The body form of the same search has the same tag.
    const viaBody = await byBody(
      baseURL!,
      auth,
      { search: { code_commune: busiestCommune } },
      { 'If-None-Match': `W/${etag}` },
    )
    expect(viaBody.status).toBe(304)
    const otherPage = await byQuery(baseURL!, auth, `search[code_commune]=${busiestCommune}&page=2`, {
      'If-None-Match': etag,
    })
    expect(otherPage.status).toBe(200)
    expect(otherPage.headers.etag).not.toBe(etag)
    const geo = await byQuery(baseURL!, auth, `search[code_commune]=${busiestCommune}`, {
      Accept: 'application/geo+json',
      'If-None-Match': etag,
    })
    expect(geo.status).toBe(200)

    const head = await rawRequest(baseURL!, {
      method: 'HEAD',
      path: `/v0/eco/sirets?search[code_commune]=${busiestCommune}`,
      headers: { Accept: 'application/json', Authorization: auth },
    })
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    expect(head.headers.etag).toBe(etag)

    const record = await rawRequest(baseURL!, {
      path: `/v0/eco/sirets/${sample.siret}`,
      headers: { Accept: 'application/json', Authorization: auth },
    })
    const recordAgain = await rawRequest(baseURL!, {
      path: `/v0/eco/sirets/${sample.siret}`,
      headers: { Accept: 'application/json', Authorization: auth, 'If-None-Match': record.headers.etag! },
    })
    expect(recordAgain.status).toBe(304)
  })
})
