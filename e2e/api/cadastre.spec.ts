// The cadastre through real HTTP on both engines: GET /ca/locaux, /ca/parcelles(+/:id), /ca/props
// (+/:id), /geo/communes, /geo/sections/:n/:e/:s/:w and /geo/parcelles/:n/:e/:s/:w. Each search key
// of each list against an oracle computed in JavaScript over the instance's own rows (lists any of,
// keys combined with AND), both parameter forms, bounds, the 10,000 cap with an exact total, Link,
// ETag/304, 406 on Accept */*, 401/403 (fiscal for /ca, eco or fiscal for /geo), /v0 optional,
// GeoJSON, records with their {id, url} lists, boxes (malformed, too many features), every url
// followed.
import { type TestInfo } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import polygonClipping, { type Geom } from 'polygon-clipping'
import { z } from 'zod'
import {
  accountContract,
  accountListContract,
  parcelContract,
  parcelListContract,
} from '@/lib/cadastre/contracts'
import { accountDetailWireSchema } from '@/lib/cadastre/accounts'
import { communeFeatureCollectionSchema } from '@/lib/cadastre/geo'
import { communeListContract } from '@/lib/cadastre/geo-contracts'
import { extentOf, extentsMeet, polygonsOf } from '@/lib/cadastre/geometry'
import {
  parcelDetailFeatureSchema,
  parcelDetailWireSchema,
  parcelFeatureCollectionSchema,
} from '@/lib/cadastre/parcels'
import { problemSchema } from '@/lib/http/problem-schema'
import { premisesListContract } from '@/lib/premises/contract'
import { premisesDetailWireSchema } from '@/lib/premises/serialise'
import type { AreaGeometry, BBox } from '@/lib/territory/geometry'
import { zoneId } from '@/lib/territory/zone-id'
import { normaliseName } from '@/lib/text/normalise'
import { instanceDb } from '../support/datasets'
import { engineOf } from '../support/engine'
import { getWithJsonBody, rawRequest, type RawResponse } from '../support/http'
import { bearer } from '../support/tokens'

const JSON_TYPE = 'application/json; charset=utf-8'
const PROBLEM = 'application/problem+json; charset=utf-8'

// The instance's rows (read once per worker and engine) --------------------------------------------

interface Parcel {
  id: string
  codcom: string
  commune: string
  section: string
  numero: string
  contenance: number
  adresse: string
  compte: string
  geometrie: string
}
interface Account {
  id: string
  codcom: string
  personne: 'physique' | 'morale'
  nom: string
  siren: string | null
  titulaires: Array<{ code: string; libelle: string; nom: string }>
}
interface Local {
  id: string
  annee: number
  codcom: string
  invariant: string
  parcelle: string
  compte: string | null
  proprietaire: string
  adresse: string
}
interface Commune {
  code: string
  nom: string
  departement: string
  region: string
}

interface World {
  parcels: Parcel[]
  accounts: Account[]
  /**
   * Premises of the seed outside Rennes: other specs add premises to Rennes (35238) while this one
   * runs, so searches of premises are checked on the other communes.
   */
  locals: Local[]
  communes: Commune[]
  zoneCommunes: (zone: string) => Promise<Set<string>>
}

const worlds = new Map<string, Promise<World>>()

function world(testInfo: TestInfo): Promise<World> {
  const engine = engineOf(testInfo)
  let loaded = worlds.get(engine)
  if (!loaded) {
    loaded = (async () => {
      const db = instanceDb(testInfo)
      try {
        const parcels = (
          await db.query<Parcel>(
            'SELECT id, codcom, commune, section, numero, contenance, adresse, compte, geometrie FROM parcelle',
          )
        ).rows
        const accounts = (
          await db.query<Account>('SELECT id, codcom, personne, nom, siren, titulaires FROM compte_communal')
        ).rows
        const locals = (
          await db.query<Local>(
            `SELECT id, annee, codcom, invariant, parcelle, compte, proprietaire, adresse FROM local WHERE codcom <> '35238'`,
          )
        ).rows
        const communes = (
          await db.query<Commune>(
            'SELECT code, nom, departement_code AS departement, region_code AS region FROM commune',
          )
        ).rows
        const zones = (
          await db.query<{ zone_id: string; code_commune: string }>(
            'SELECT zone_id, code_commune FROM zone_commune',
          )
        ).rows
        return {
          parcels: sortById(parcels),
          accounts: sortById(accounts),
          locals: sortById(locals),
          communes,
          zoneCommunes: async (zone: string) =>
            new Set(zones.filter((z) => z.zone_id === zone).map((z) => z.code_commune)),
        }
      } finally {
        await db.end()
      }
    })()
    worlds.set(engine, loaded)
  }
  return loaded
}

function sortById<T extends { id: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** Every word of `words` (normalised) inside the normalised `text`. */
const holds = (text: string, words: string) =>
  normaliseName(words)
    .split(' ')
    .every((w) => normaliseName(text).includes(w))

// HTTP -------------------------------------------------------------------------------------------

const fiscal = (baseURL: string | undefined, testInfo: TestInfo) => bearer(baseURL!, testInfo, 'fiscal')

function get(baseURL: string, path: string, auth: string | null, headers: Record<string, string> = {}) {
  return rawRequest(baseURL, {
    path,
    headers: { Accept: 'application/json', ...(auth ? { Authorization: auth } : {}), ...headers },
  })
}

function byBody(
  baseURL: string,
  path: string,
  auth: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return getWithJsonBody(baseURL, path, body, { Authorization: auth, ...headers })
}

function ok<T>(response: RawResponse, schema: z.ZodType<T>, type = JSON_TYPE): T {
  expect(response.status, response.body).toBe(200)
  expect(response.headers['content-type']).toBe(type)
  return schema.parse(response.json())
}

function problem(response: RawResponse, status: number) {
  expect(response.status, response.body).toBe(status)
  expect(response.headers['content-type']).toBe(PROBLEM)
  return problemSchema.parse(response.json())
}

function links(response: RawResponse): Record<string, string> {
  return Object.fromEntries(
    String(response.headers.link)
      .split(', ')
      .map((part) => {
        const [, url, rel] = /^<([^>]+)>; rel="(\w+)"$/.exec(part)!
        return [rel!, url!]
      }),
  )
}

/** The query-string form of a search object: search[key]=value, lists repeated. */
function queryForm(search: Record<string, unknown>, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(`search[${key}]`, String(v))
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value))
  return params.toString()
}

const parcelPage = parcelListContract.resultSchema
const accountPage = accountListContract.resultSchema
const premisesPage = premisesListContract.resultSchema
const communePage = communeListContract.resultSchema
type Ids = Array<{ id: string }>
const idsOf = (items: Ids) => items.map((i) => i.id)

/**
 * Checks a search in both forms (JSON body on GET, then query string) against the oracle's ids:
 * exact total, first page of 100 in id order.
 */
async function checkSearch(
  baseURL: string,
  path: string,
  auth: string,
  search: Record<string, unknown> | string,
  expected: string[],
  page: z.ZodType<{ total: number } & Record<string, unknown>>,
  itemsKey: string,
) {
  const label = `${path} ${JSON.stringify(search)}`
  const body = page.parse(
    (
      await byBody(baseURL, path, auth, { search, size: 100 }).then((r) => {
        expect(r.status, `${label}: ${r.body}`).toBe(200)
        return r
      })
    ).json(),
  )
  expect(body.total, label).toBe(expected.length)
  expect(idsOf(body[itemsKey] as Ids), label).toEqual(expected.slice(0, 100))
  const query =
    typeof search === 'string'
      ? new URLSearchParams({ search, size: '100' }).toString()
      : queryForm(search, { size: 100 })
  const viaQuery = page.parse(
    (
      await get(baseURL, `${path}?${query}`, auth).then((r) => {
        expect(r.status, `${label} (query): ${r.body}`).toBe(200)
        return r
      })
    ).json(),
  )
  expect(viaQuery).toEqual(body)
}

// /ca/parcelles ------------------------------------------------------------------------------------

test.describe('GET /ca/parcelles', () => {
  test('each search key, lists as any of, keys combined with AND, free texts', async ({
    baseURL,
  }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const { parcels, accounts } = await world(testInfo)
    const byId = new Map(accounts.map((a) => [a.id, a]))
    const sample = parcels[1234]!
    const other = parcels[parcels.length - 40]!
    expect(other.codcom).not.toBe(sample.codcom)
    const owner = byId.get(sample.compte)!
    const ownerWord = normaliseName(owner.nom)
      .split(' ')
      .sort((a, b) => b.length - a.length)[0]!
    const addressWord = normaliseName(sample.adresse)
      .split(' ')
      .filter((w) => /^[A-Z]{4,}$/.test(w) && !normaliseName(sample.commune).includes(w))
      .slice(-1)[0]!
    const sectionCode = sample.section.slice(8)
    const departement = sample.codcom.startsWith('97') ? sample.codcom.slice(0, 3) : sample.codcom.slice(0, 2)
    const zone = zoneId('departement', departement)
    const inZone = await (await world(testInfo)).zoneCommunes(zone)
    const want = (keep: (p: Parcel) => boolean) => parcels.filter(keep).map((p) => p.id)
    const named = (p: Parcel, word: string) => holds(byId.get(p.compte)!.nom, word)
    const cases: Array<[Record<string, unknown> | string, (p: Parcel) => boolean]> = [
      [{ codcom: sample.codcom }, (p) => p.codcom === sample.codcom],
      [
        { codcom: [sample.codcom, other.codcom] },
        (p) => p.codcom === sample.codcom || p.codcom === other.codcom,
      ],
      [{ section: sample.section }, (p) => p.section === sample.section],
      [
        { section: [sample.section, other.section] },
        (p) => p.section === sample.section || p.section === other.section,
      ],
      [{ section: sectionCode }, (p) => p.section.slice(8) === sectionCode],
      [
        { codcom: sample.codcom, section: sectionCode.toLowerCase() },
        (p) => p.codcom === sample.codcom && p.section.slice(8) === sectionCode,
      ],
      [{ zone_id: zone }, (p) => inZone.has(p.codcom)],
      [{ proprietaire: sample.compte }, (p) => p.compte === sample.compte],
      [
        { proprietaire: [sample.compte, other.compte] },
        (p) => p.compte === sample.compte || p.compte === other.compte,
      ],
      [{ proprietaire: ownerWord }, (p) => named(p, ownerWord)],
      [
        { codcom: sample.codcom, proprietaire: ownerWord },
        (p) => p.codcom === sample.codcom && named(p, ownerWord),
      ],
      [{ contenance_min: 5000 }, (p) => p.contenance >= 5000],
      [{ contenance_max: 300 }, (p) => p.contenance <= 300],
      [
        { codcom: sample.codcom, contenance_min: '200', contenance_max: '1500.5' },
        (p) => p.codcom === sample.codcom && p.contenance >= 200 && p.contenance <= 1500.5,
      ],
      [
        { contenance_min: sample.contenance, contenance_max: sample.contenance },
        (p) => p.contenance === sample.contenance,
      ],
      [{ q: sample.id }, (p) => p.id === sample.id],
      [{ q: [sample.id, other.id] }, (p) => p.id === sample.id || p.id === other.id],
      [{ q: sample.section }, (p) => p.section === sample.section],
      [{ q: sample.compte }, (p) => p.compte === sample.compte],
      [
        { codcom: sample.codcom, q: addressWord },
        (p) => p.codcom === sample.codcom && (holds(p.adresse, addressWord) || named(p, addressWord)),
      ],
      [sample.id.toLowerCase(), (p) => p.id === sample.id],
      [`${sample.section.slice(0, 5)} ${sample.section.slice(5)}`, (p) => p.section === sample.section],
      [
        `${ownerWord} ${sample.commune}`,
        (p) => {
          const text = `${ownerWord} ${sample.commune}`
          return holds(p.adresse, text) || named(p, text)
        },
      ],
    ]
    for (const [search, keep] of cases) {
      const expected = want(keep)
      if (typeof search !== 'string') expect(expected.length, JSON.stringify(search)).toBeGreaterThan(0)
      await checkSearch(baseURL!, '/v0/ca/parcelles', auth, search, expected, parcelPage, 'parcelles')
    }
    // A SIREN finds the parcels of the legal person's accounts.
    const legal = accounts.find((a) => a.siren !== null && parcels.some((p) => p.compte === a.id))
    if (legal) {
      const companyAccounts = new Set(accounts.filter((a) => a.siren === legal.siren).map((a) => a.id))
      await checkSearch(
        baseURL!,
        '/v0/ca/parcelles',
        auth,
        legal.siren!,
        want((p) => companyAccounts.has(p.compte)),
        parcelPage,
        'parcelles',
      )
    }
  })

  test('without search: every parcel, exact total beyond 10,000, pages capped pointing to datasets, Link', async ({
    baseURL,
  }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const { parcels } = await world(testInfo)
    const ids = parcels.map((p) => p.id)
    expect(ids.length).toBeGreaterThan(10_000)
    const first = await get(baseURL!, '/v0/ca/parcelles', auth)
    const page = ok(first, parcelPage)
    expect(page.total).toBe(ids.length)
    expect(page.page).toBe(1)
    expect(idsOf(page.parcelles)).toEqual(ids.slice(0, 50))
    const firstLinks = links(first)
    expect(Object.keys(firstLinks).sort()).toEqual(['first', 'last', 'next'])
    expect(new URL(firstLinks.last!, baseURL).searchParams.get('page')).toBe('200')
    // The last reachable page, then one past the cap.
    const last = ok(await get(baseURL!, firstLinks.last!, auth), parcelPage)
    expect(idsOf(last.parcelles)).toEqual(ids.slice(9950, 10_000))
    const beyond = problem(await get(baseURL!, '/v0/ca/parcelles?page=201', auth), 400)
    expect(beyond.detail).toContain('/v0/datasets')
    problem(await byBody(baseURL!, '/v0/ca/parcelles', auth, { page: 101, size: 100 }), 400)
    // Link of a middle page, in the query form, each answering its page.
    const response = await byBody(baseURL!, '/v0/ca/parcelles', auth, {
      search: { codcom: parcels[0]!.codcom },
      page: 2,
      size: 5,
    })
    const inCommune = parcels.filter((p) => p.codcom === parcels[0]!.codcom).map((p) => p.id)
    expect(idsOf(ok(response, parcelPage).parcelles)).toEqual(inCommune.slice(5, 10))
    const middle = links(response)
    expect(Object.keys(middle).sort()).toEqual(['first', 'last', 'next', 'prev'])
    expect(idsOf(ok(await get(baseURL!, middle.next!, auth), parcelPage).parcelles)).toEqual(
      inCommune.slice(10, 15),
    )
    expect(idsOf(ok(await get(baseURL!, middle.prev!, auth), parcelPage).parcelles)).toEqual(
      inCommune.slice(0, 5),
    )
    expect(idsOf(ok(await get(baseURL!, middle.first!, auth), parcelPage).parcelles)).toEqual(
      inCommune.slice(0, 5),
    )
    // Each record's url answers that record.
    for (const item of ok(response, parcelPage).parcelles) {
      expect(item.url).toBe(`/v0/ca/parcelles/${item.id}`)
      const record = ok(await get(baseURL!, item.url, auth), parcelDetailWireSchema)
      const { proprietaires: _accounts, locaux: _premises, suf: _subdivisions, ...fields } = record
      expect(fields).toEqual(item)
    }
    const lastPage = Math.ceil(inCommune.length / 5)
    expect(new URL(middle.last!, baseURL).searchParams.get('page')).toBe(String(lastPage))
    expect(idsOf(ok(await get(baseURL!, middle.last!, auth), parcelPage).parcelles)).toEqual(
      inCommune.slice((lastPage - 1) * 5),
    )
  })

  test('bounds and malformed searches: 400 naming each issue', async ({ baseURL }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const path = '/v0/ca/parcelles'
    const unknown = problem(await byBody(baseURL!, path, auth, { search: { commune: '35238' } }), 400)
    expect(unknown.errors![0]!.path).toBe('search')
    expect(unknown.errors![0]!.message).toContain(
      'codcom, section, zone_id, proprietaire, contenance_min, contenance_max, q',
    )
    const param = problem(await get(baseURL!, `${path}?tri=id`, auth), 400)
    expect(param.errors![0]!.message).toContain('search, page, size')
    const inverted = problem(
      await byBody(baseURL!, path, auth, { search: { contenance_min: 2000, contenance_max: 1000 } }),
      400,
    )
    expect(inverted.errors!.map((e) => e.path)).toEqual(['search.contenance_min'])
    expect(inverted.errors![0]!.message).toContain('contenance_max')
    problem(await get(baseURL!, `${path}?search[contenance_min]=2000&search[contenance_max]=1000`, auth), 400)
    const malformed = problem(
      await byBody(baseURL!, path, auth, {
        search: { codcom: '3523', section: 'ABC', zone_id: 'x', contenance_min: -1, contenance_max: 'big' },
      }),
      400,
    )
    expect(malformed.errors!.map((e) => e.path).sort()).toEqual(
      [
        'search.codcom',
        'search.contenance_max',
        'search.contenance_min',
        'search.section',
        'search.zone_id',
      ].sort(),
    )
    problem(await byBody(baseURL!, path, auth, { search: { codcom: [] } }), 400)
    problem(await byBody(baseURL!, path, auth, { search: 12 }), 400)
    for (const bad of ['size=0', 'size=101', 'page=0', 'page=x', 'size=1.5'])
      problem(await get(baseURL!, `${path}?${bad}`, auth), 400)
    ok(await get(baseURL!, `${path}?size=100`, auth), parcelPage)
    const both = problem(
      await rawRequest(baseURL!, {
        path: `${path}?size=3`,
        headers: { Accept: 'application/json', Authorization: auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ size: 4 }),
      }),
      400,
    )
    expect(both.errors![0]!.path).toBe('size')
    problem(await byBody(baseURL!, path, auth, '{"search":'), 400)
  })

  test('GeoJSON: Polygon or MultiPolygon outlines, the JSON records as properties, at most 10,000', async ({
    baseURL,
  }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const { parcels } = await world(testInfo)
    const codcom = parcels[300]!.codcom
    const json = ok(
      await byBody(baseURL!, '/v0/ca/parcelles', auth, { search: { codcom }, size: 100 }),
      parcelPage,
    )
    const geo = await byBody(
      baseURL!,
      '/v0/ca/parcelles',
      auth,
      { search: { codcom } },
      { Accept: 'application/geo+json' },
    )
    const collection = ok(geo, parcelFeatureCollectionSchema, 'application/geo+json')
    const expected = parcels.filter((p) => p.codcom === codcom)
    expect(collection.features.map((f) => f.properties.id)).toEqual(expected.map((p) => p.id))
    expect(collection.features.slice(0, 100).map((f) => f.properties)).toEqual(json.parcelles)
    for (const [i, feature] of collection.features.entries()) {
      expect(feature.geometry).toEqual(JSON.parse(expected[i]!.geometrie))
      expect(['Polygon', 'MultiPolygon']).toContain(feature.geometry.type)
    }
    // The .geojson extension, without /v0, in the query form.
    const extension = await rawRequest(baseURL!, {
      path: `/ca/parcelles.geojson?${queryForm({ codcom })}`,
      headers: { Authorization: auth },
    })
    expect(extension.status).toBe(200)
    expect(extension.headers['content-type']).toBe('application/geo+json')
    expect(extension.json()).toEqual(collection)
    // Without a search: the first 10,000 parcels, no pagination.
    const all = ok(
      await get(baseURL!, '/v0/ca/parcelles', auth, { Accept: 'application/geo+json' }),
      parcelFeatureCollectionSchema,
      'application/geo+json',
    )
    expect(all.features).toHaveLength(10_000)
    expect(all.features.map((f) => f.properties.id)).toEqual(parcels.slice(0, 10_000).map((p) => p.id))
    const paged = problem(
      await get(baseURL!, '/v0/ca/parcelles.geojson?size=10', auth, { Accept: 'application/geo+json' }),
      400,
    )
    expect(paged.errors![0]!.path).toBe('size')
  })

  test('401 without a token, 403 with an eco token, 406 for Accept */* or CSV; /v0 optional', async ({
    baseURL,
  }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    for (const path of [
      '/v0/ca/parcelles',
      '/ca/parcelles',
      '/v0/ca/parcelles/352380000A0001',
      '/v0/ca/props',
      '/v0/ca/locaux',
    ]) {
      const none = problem(await get(baseURL!, path, null), 401)
      expect(none.status).toBe(401)
      const eco = await get(baseURL!, path, await bearer(baseURL!, testInfo, 'eco'))
      problem(eco, 403)
      expect(eco.headers['www-authenticate']).toContain('fiscal')
      problem(await get(baseURL!, path, auth, { Accept: '*/*' }), 406)
      problem(await get(baseURL!, path, auth, { Accept: 'text/csv' }), 406)
      expect((await get(baseURL!, path, auth, { Accept: 'application/json, */*;q=0.8' })).status).toBe(200)
    }
    const withPrefix = ok(await get(baseURL!, '/v0/ca/parcelles?size=3', auth), parcelPage)
    const without = ok(await get(baseURL!, '/ca/parcelles?size=3', auth), parcelPage)
    expect(without).toEqual(withPrefix)
  })

  test('ETag and If-None-Match: 304 for the same request, 200 for another; HEAD', async ({
    baseURL,
  }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const { parcels } = await world(testInfo)
    const path = `/v0/ca/parcelles?${queryForm({ codcom: parcels[0]!.codcom })}`
    const first = await get(baseURL!, path, auth)
    const etag = first.headers.etag!
    expect(etag).toMatch(/^"/)
    const again = await get(baseURL!, path, auth, { 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(again.body).toBe('')
    // The same search as a JSON body has the same tag.
    const body = await byBody(
      baseURL!,
      '/v0/ca/parcelles',
      auth,
      { search: { codcom: parcels[0]!.codcom } },
      {
        'If-None-Match': etag,
      },
    )
    expect(body.status).toBe(304)
    expect((await get(baseURL!, `${path}&page=2`, auth, { 'If-None-Match': etag })).status).toBe(200)
    const geo = await get(baseURL!, path, auth, { Accept: 'application/geo+json', 'If-None-Match': etag })
    expect(geo.status).toBe(200)
    expect(geo.headers.etag).not.toBe(etag)
    const head = await rawRequest(baseURL!, {
      method: 'HEAD',
      path,
      headers: { Accept: 'application/json', Authorization: auth },
    })
    expect(head.status).toBe(200)
    expect(head.headers.etag).toBe(etag)
    expect(head.body).toBe('')
    const record = `/v0/ca/parcelles/${parcels[0]!.id}`
    const r = await get(baseURL!, record, auth)
    expect((await get(baseURL!, record, auth, { 'If-None-Match': r.headers.etag! })).status).toBe(304)
  })
})

// /ca/parcelles/:id and /ca/props/:id --------------------------------------------------------------

test.describe('records', () => {
  test('a parcel: its fields, its accounts and premises as {id, url}, each url resolving; GeoJSON Feature', async ({
    baseURL,
  }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const { parcels, locals } = await world(testInfo)
    const local =
      locals.find(
        (l) => l.compte !== null && l.compte !== parcels.find((p) => p.id === l.parcelle)!.compte,
      ) ?? locals[0]!
    const parcel = parcels.find((p) => p.id === local.parcelle)!
    const onParcel = locals.filter((l) => l.parcelle === parcel.id)
    const record = ok(await get(baseURL!, `/v0/ca/parcelles/${parcel.id}`, auth), parcelDetailWireSchema)
    expect(record).toMatchObject({
      id: parcel.id,
      codcom: parcel.codcom,
      commune: parcel.commune,
      prefixe: parcel.section.slice(5, 8),
      section: parcel.section.slice(8),
      numero: parcel.numero,
      contenance: parcel.contenance,
      adresse: parcel.adresse,
      url: `/v0/ca/parcelles/${parcel.id}`,
    })
    expect(record.locaux).toEqual(onParcel.map((l) => ({ id: l.id, url: `/v0/ca/locaux/${l.id}` })))
    expect(record.proprietaires.map((a) => a.id).sort()).toEqual(
      [...new Set([parcel.compte, ...onParcel.map((l) => l.compte!).filter(Boolean)])].sort(),
    )
    for (const ref of [...record.locaux, ...record.proprietaires]) {
      const response = await get(baseURL!, ref.url, auth)
      expect(response.status, ref.url).toBe(200)
      expect((response.json() as { id: string }).id).toBe(ref.id)
    }
    for (const ref of record.locaux)
      premisesDetailWireSchema.parse((await get(baseURL!, ref.url, auth)).json())
    // Its own url, lower case and without /v0 too.
    expect(ok(await get(baseURL!, record.url, auth), parcelDetailWireSchema)).toEqual(record)
    expect(
      ok(await get(baseURL!, `/ca/parcelles/${parcel.id.toLowerCase()}`, auth), parcelDetailWireSchema),
    ).toEqual(record)
    const feature = ok(
      await get(baseURL!, `/v0/ca/parcelles/${parcel.id}`, auth, { Accept: 'application/geo+json' }),
      parcelDetailFeatureSchema,
      'application/geo+json',
    )
    expect(feature.properties).toEqual(record)
    expect(feature.geometry).toEqual(JSON.parse(parcel.geometrie))
    const extension = await rawRequest(baseURL!, {
      path: `/v0/ca/parcelles/${parcel.id}.geojson`,
      headers: { Authorization: auth },
    })
    expect(extension.status).toBe(200)
    expect(extension.json()).toEqual(feature)
    problem(await get(baseURL!, `/v0/ca/parcelles/${parcel.id}`, auth, { Accept: '*/*' }), 406)
  })

  test('unknown parcel or account 404, malformed 400', async ({ baseURL }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    expect(problem(await get(baseURL!, '/v0/ca/parcelles/35238999ZZ9999', auth), 404).detail).toContain(
      '35238999ZZ9999',
    )
    for (const bad of ['12', '35238000AB012', '35238000AB01234', '35238000A10123'])
      expect(problem(await get(baseURL!, `/v0/ca/parcelles/${bad}`, auth), 400).errors![0]!.path).toBe('id')
    problem(await get(baseURL!, '/v0/ca/props/35238A99999', auth), 404)
    for (const bad of ['35238', '35238A1234', '35238-00001', '35238+000012'])
      problem(await get(baseURL!, `/v0/ca/props/${encodeURIComponent(bad)}`, auth), 400)
    problem(await get(baseURL!, '/v0/ca/locaux/352389999999999', auth), 404)
    problem(await get(baseURL!, '/v0/ca/locaux/12', auth), 400)
    problem(await get(baseURL!, '/v0/ca/props/35238+00001', auth, { Accept: 'application/geo+json' }), 406)
  })

  test('an account: holders and rights, its parcels and premises as {id, url}, each url resolving', async ({
    baseURL,
  }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const { parcels, locals, accounts } = await world(testInfo)
    const withPremises = locals.find((l) => l.compte !== null && parcels.some((p) => p.compte === l.compte))!
    const account = accounts.find((a) => a.id === withPremises.compte)!
    const path = `/v0/ca/props/${encodeURIComponent(account.id)}`
    const record = ok(await get(baseURL!, path, auth), accountDetailWireSchema)
    expect(record).toMatchObject({
      id: account.id,
      codcom: account.codcom,
      numero: account.id.slice(5),
      personne: account.personne,
      nom: account.nom,
      siren: account.siren,
      droits: account.titulaires.map((h) => ({ code: h.code, libelle: h.libelle, nom: h.nom })),
      url: `/v0/ca/props/${account.id}`,
    })
    expect(record.parcelles.map((p) => p.id)).toEqual(
      parcels.filter((p) => p.compte === account.id).map((p) => p.id),
    )
    expect(record.locaux.map((l) => l.id)).toEqual(
      locals.filter((l) => l.compte === account.id).map((l) => l.id),
    )
    for (const ref of [...record.parcelles, ...record.locaux]) {
      const response = await get(baseURL!, ref.url, auth)
      expect(response.status, ref.url).toBe(200)
      expect((response.json() as { id: string }).id).toBe(ref.id)
    }
    // The url as written (with « + » or « * » unencoded) resolves to the same record.
    expect(ok(await get(baseURL!, record.url, auth), accountDetailWireSchema)).toEqual(record)
    const legal = accounts.find((a) => a.id.charAt(5) === '+')!
    const legalRecord = ok(await get(baseURL!, `/ca/props/${legal.id}`, auth), accountDetailWireSchema)
    expect(legalRecord.id).toBe(legal.id)
    expect(legalRecord.personne).toBe('morale')
  })
})

// /ca/props ----------------------------------------------------------------------------------------

test.describe('GET /ca/props', () => {
  test('each search key, lists as any of, keys combined with AND', async ({ baseURL }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const { accounts } = await world(testInfo)
    const legal = accounts.find((a) => a.siren !== null)!
    const person = accounts.find((a) => a.personne === 'physique' && a.codcom !== legal.codcom)!
    const word = normaliseName(person.nom).split(' ')[0]!
    const departement = legal.codcom.startsWith('97') ? legal.codcom.slice(0, 3) : legal.codcom.slice(0, 2)
    const zone = zoneId('departement', departement)
    const inZone = await (await world(testInfo)).zoneCommunes(zone)
    const want = (keep: (a: Account) => boolean) => accounts.filter(keep).map((a) => a.id)
    const holdsRight = (a: Account, codes: string[]) => a.titulaires.some((h) => codes.includes(h.code))
    const cases: Array<[Record<string, unknown> | string, (a: Account) => boolean]> = [
      [{ codcom: legal.codcom }, (a) => a.codcom === legal.codcom],
      [
        { codcom: [legal.codcom, person.codcom] },
        (a) => a.codcom === legal.codcom || a.codcom === person.codcom,
      ],
      [{ zone_id: zone }, (a) => inZone.has(a.codcom)],
      [
        { codcom: legal.codcom, personne: 'morale' },
        (a) => a.codcom === legal.codcom && a.personne === 'morale',
      ],
      [{ codcom: person.codcom, personne: ['physique', 'morale'] }, (a) => a.codcom === person.codcom],
      [{ siren: legal.siren }, (a) => a.siren === legal.siren],
      [{ droit: 'u' }, (a) => holdsRight(a, ['U'])],
      [
        { droit: ['N', 'U'], codcom: person.codcom },
        (a) => a.codcom === person.codcom && holdsRight(a, ['N', 'U']),
      ],
      [{ q: person.id }, (a) => a.id === person.id],
      [{ q: [person.id, legal.id] }, (a) => a.id === person.id || a.id === legal.id],
      [{ codcom: person.codcom, q: word }, (a) => a.codcom === person.codcom && holds(a.nom, word)],
      [legal.siren!, (a) => a.siren === legal.siren],
      [person.id, (a) => a.id === person.id],
      [word.toLowerCase(), (a) => holds(a.nom, word)],
    ]
    for (const [search, keep] of cases) {
      const expected = want(keep)
      expect(expected.length, JSON.stringify(search)).toBeGreaterThan(0)
      await checkSearch(baseURL!, '/v0/ca/props', auth, search, expected, accountPage, 'props')
    }
    const page = ok(
      await byBody(baseURL!, '/v0/ca/props', auth, { search: { codcom: legal.codcom }, size: 5 }),
      accountPage,
    )
    for (const item of page.props) {
      expect(item.url).toBe(`/v0/ca/props/${item.id}`)
      expect(ok(await get(baseURL!, item.url, auth), accountDetailWireSchema).id).toBe(item.id)
    }
  })

  test('unknown keys, bad values, bounds, cap: 400', async ({ baseURL }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const { accounts } = await world(testInfo)
    const unknown = problem(await byBody(baseURL!, '/v0/ca/props', auth, { search: { nom: 'x' } }), 400)
    expect(unknown.errors![0]!.message).toContain('codcom, zone_id, personne, siren, droit, q')
    const bad = problem(
      await byBody(baseURL!, '/v0/ca/props', auth, { search: { personne: 'x', siren: '12', droit: 'ZZ' } }),
      400,
    )
    expect(bad.errors!.map((e) => e.path).sort()).toEqual(['search.droit', 'search.personne', 'search.siren'])
    problem(await get(baseURL!, '/v0/ca/props?size=101', auth), 400)
    if (accounts.length > 10_000) {
      const capped = problem(await get(baseURL!, '/v0/ca/props?page=201', auth), 400)
      expect(capped.detail).toContain('/v0/datasets')
    }
    const all = ok(await get(baseURL!, '/v0/ca/props?size=100&page=3', auth), accountPage)
    expect(all.total).toBe(accounts.length)
    expect(idsOf(all.props)).toEqual(accounts.slice(200, 300).map((a) => a.id))
    // No GeoJSON for accounts.
    problem(await get(baseURL!, '/v0/ca/props', auth, { Accept: 'application/geo+json' }), 406)
  })
})

// /ca/locaux ---------------------------------------------------------------------------------------

test.describe('GET /ca/locaux', () => {
  test('each search key, lists as any of, keys combined with AND', async ({ baseURL }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const { locals, communes } = await world(testInfo)
    const departementOf = new Map(communes.map((c) => [c.code, c.departement]))
    // Away from Rennes' department, where other specs add premises meanwhile.
    const sample = locals.slice(40).find((l) => departementOf.get(l.codcom) !== '35')!
    const other =
      locals.find((l) => l.codcom !== sample.codcom && l.annee !== sample.annee) ?? locals[locals.length - 1]!
    const ownerWord = normaliseName(sample.proprietaire)
      .split(' ')
      .sort((a, b) => b.length - a.length)[0]!
    const departement = departementOf.get(sample.codcom)!
    const zone = zoneId('departement', departement)
    const inZone = await (await world(testInfo)).zoneCommunes(zone)
    const want = (keep: (l: Local) => boolean) => locals.filter(keep).map((l) => l.id)
    const cases: Array<[Record<string, unknown> | string, (l: Local) => boolean]> = [
      [{ codcom: sample.codcom }, (l) => l.codcom === sample.codcom],
      [
        { codcom: [sample.codcom, other.codcom] },
        (l) => l.codcom === sample.codcom || l.codcom === other.codcom,
      ],
      [{ parcelle: sample.parcelle }, (l) => l.parcelle === sample.parcelle],
      [
        { parcelle: [sample.parcelle, other.parcelle] },
        (l) => l.parcelle === sample.parcelle || l.parcelle === other.parcelle,
      ],
      [{ proprietaire: sample.compte! }, (l) => l.compte === sample.compte],
      [
        { codcom: sample.codcom, proprietaire: ownerWord },
        (l) => l.codcom === sample.codcom && holds(l.proprietaire, ownerWord),
      ],
      [
        { codcom: [sample.codcom, other.codcom], proprietaire: [ownerWord, other.compte!] },
        (l) =>
          (l.codcom === sample.codcom || l.codcom === other.codcom) &&
          (holds(l.proprietaire, ownerWord) || l.compte === other.compte),
      ],
      [
        { invariant: sample.invariant, codcom: sample.codcom },
        (l) => l.invariant === sample.invariant && l.codcom === sample.codcom,
      ],
      [
        { codcom: sample.codcom, annee: sample.annee },
        (l) => l.codcom === sample.codcom && l.annee === sample.annee,
      ],
      [
        { codcom: sample.codcom, annee: [2024, 2025] },
        (l) => l.codcom === sample.codcom && [2024, 2025].includes(l.annee),
      ],
      [
        { zone_id: zone, annee: String(sample.annee) },
        (l) => inZone.has(l.codcom) && l.annee === sample.annee,
      ],
      [{ departement, codcom: sample.codcom }, (l) => l.codcom === sample.codcom],
      [{ q: sample.id }, (l) => l.id === sample.id],
      [{ q: [sample.parcelle, other.id] }, (l) => l.parcelle === sample.parcelle || l.id === other.id],
      [
        { codcom: sample.codcom, q: sample.invariant },
        (l) => l.codcom === sample.codcom && l.invariant === sample.invariant,
      ],
      [
        { codcom: sample.codcom, q: ownerWord },
        (l) =>
          l.codcom === sample.codcom && (holds(l.proprietaire, ownerWord) || holds(l.adresse, ownerWord)),
      ],
      [
        { codcom: sample.codcom, q: sample.parcelle.slice(0, 10) },
        (l) => l.parcelle.startsWith(sample.parcelle.slice(0, 10)),
      ],
      [sample.id, (l) => l.id === sample.id],
    ]
    for (const [search, keep] of cases) {
      const expected = want(keep)
      expect(expected.length, JSON.stringify(search)).toBeGreaterThan(0)
      await checkSearch(baseURL!, '/v0/ca/locaux', auth, search, expected, premisesPage, 'locaux')
    }
    // Every field, each url resolving, and the account of the premises.
    const page = ok(
      await byBody(baseURL!, '/v0/ca/locaux', auth, { search: { codcom: sample.codcom }, size: 5 }),
      premisesPage,
    )
    for (const item of page.locaux) {
      const local = locals.find((l) => l.id === item.id)!
      expect(item).toEqual({
        id: local.id,
        annee: local.annee,
        commune: item.commune,
        codcom: local.codcom,
        invariant: local.invariant,
        parcelle: local.parcelle,
        proprietaire: local.proprietaire,
        compte: local.compte,
        adresse: local.adresse,
        url: `/v0/ca/locaux/${local.id}`,
      })
      const { pev: _parts, ...premises } = ok(await get(baseURL!, item.url, auth), premisesDetailWireSchema)
      expect(premises).toEqual(item)
      expect(
        ok(await get(baseURL!, `/v0/ca/parcelles/${item.parcelle}`, auth), parcelDetailWireSchema).locaux,
      ).toContainEqual({
        id: item.id,
        url: item.url,
      })
      expect(
        ok(await get(baseURL!, `/v0/ca/props/${item.compte}`, auth), accountDetailWireSchema).locaux,
      ).toContainEqual({
        id: item.id,
        url: item.url,
      })
    }
  })

  test('unknown keys and bad values: 400; ETag, 304; without /v0', async ({ baseURL }, testInfo) => {
    const auth = await fiscal(baseURL, testInfo)
    const { locals } = await world(testInfo)
    const unknown = problem(
      await byBody(baseURL!, '/v0/ca/locaux', auth, { search: { siren: '123456789' } }),
      400,
    )
    expect(unknown.errors![0]!.message).toContain('codcom')
    const bad = problem(
      await byBody(baseURL!, '/v0/ca/locaux', auth, {
        search: { parcelle: '12', invariant: 'abc', annee: 1700, codcom: 'x' },
      }),
      400,
    )
    expect(bad.errors!.map((e) => e.path)).toEqual(
      expect.arrayContaining(['search.parcelle', 'search.invariant', 'search.codcom']),
    )
    problem(await get(baseURL!, '/v0/ca/locaux?size=0', auth), 400)
    const path = `/ca/locaux?${queryForm({ codcom: locals[0]!.codcom })}`
    const first = await get(baseURL!, path, auth)
    expect(first.status).toBe(200)
    expect((await get(baseURL!, path, auth, { 'If-None-Match': first.headers.etag! })).status).toBe(304)
    problem(await get(baseURL!, path, auth, { Accept: 'application/geo+json' }), 406)
  })
})

// /geo/communes ------------------------------------------------------------------------------------

test.describe('GET /geo/communes', () => {
  test('each search key; names ranked exact, then prefix, then others; eco or fiscal', async ({
    baseURL,
  }, testInfo) => {
    const { communes } = await world(testInfo)
    const sorted = [...communes].sort((a, b) => (a.code < b.code ? -1 : 1))
    const codes = (keep: (c: Commune) => boolean) => sorted.filter(keep).map((c) => c.code)
    for (const scopes of ['eco', 'fiscal'] as const) {
      const auth = await bearer(baseURL!, testInfo, scopes)
      const page = async (search: unknown) => {
        const r = await byBody(baseURL!, '/v0/geo/communes', auth, { search, size: 100 })
        return ok(r, communePage)
      }
      const rennes = await page('rennes')
      const names = rennes.communes.map((c) => c.nom)
      expect(names[0]).toBe('Rennes')
      expect(names).toContain('Brennes')
      // Rennes, then the names starting with « rennes », then the others (each group by code).
      const ranked = (search: string) => {
        const word = normaliseName(search)
        const matching = sorted.filter((c) => holds(c.nom, search))
        const rank = (c: Commune) =>
          normaliseName(c.nom) === word ? 0 : normaliseName(c.nom).startsWith(word) ? 1 : 2
        return matching.sort((a, b) => rank(a) - rank(b) || (a.code < b.code ? -1 : 1)).map((c) => c.code)
      }
      expect(rennes.communes.map((c) => c.code)).toEqual(ranked('rennes').slice(0, 100))
      expect(rennes.total).toBe(ranked('rennes').length)
      const saint = await page({ q: 'saint malo' })
      expect(saint.communes.map((c) => c.code)).toEqual(ranked('saint malo').slice(0, 100))
      expect(saint.communes[0]!.nom).toBe('Saint-Malo')
      const viaQuery = ok(await get(baseURL!, '/geo/communes?search=RENNES&size=100', auth), communePage)
      expect(viaQuery).toEqual(rennes)
      const cases: Array<[unknown, (c: Commune) => boolean]> = [
        [{ code: '35238' }, (c) => c.code === '35238'],
        [{ code: ['35238', '2A004'] }, (c) => c.code === '35238' || c.code === '2A004'],
        [{ departement: '35' }, (c) => c.departement === '35'],
        [{ departement: ['2A', '971'] }, (c) => c.departement === '2A' || c.departement === '971'],
        [{ region: '53' }, (c) => c.region === '53'],
        [{ departement: '35', region: '53', code: ['35238', '29019'] }, (c) => c.code === '35238'],
        [{ q: '35047' }, (c) => c.code === '35047'],
      ]
      for (const [search, keep] of cases) {
        const expected = codes(keep)
        expect(expected.length, JSON.stringify(search)).toBeGreaterThan(0)
        const result = await page(search)
        expect(result.total, JSON.stringify(search)).toBe(expected.length)
        expect(
          result.communes.map((c) => c.code),
          JSON.stringify(search),
        ).toEqual(expected.slice(0, 100))
      }
      // A name searched among other keys is ranked too.
      const breton = await page({ region: '53', q: 'saint' })
      const inRegion = new Set(codes((c) => c.region === '53'))
      const expected = ranked('saint').filter((code) => inRegion.has(code))
      expect(breton.total).toBe(expected.length)
      expect(breton.communes.map((c) => c.code)).toEqual(expected.slice(0, 100))
      const one = (await page({ code: '35238' })).communes[0]!
      expect(one).toMatchObject({ code: '35238', nom: 'Rennes', departement: '35', region: '53' })
      const [w, s, e, n] = one.bbox!
      expect(one.centre![0]).toBeGreaterThanOrEqual(w)
      expect(one.centre![0]).toBeLessThanOrEqual(e)
      expect(one.centre![1]).toBeGreaterThanOrEqual(s)
      expect(one.centre![1]).toBeLessThanOrEqual(n)
    }
    const auth = await bearer(baseURL!, testInfo, 'eco')
    const all = ok(await get(baseURL!, '/v0/geo/communes', auth), communePage)
    expect(all.total).toBe(communes.length)
    expect(all.communes.map((c) => c.code)).toEqual(sorted.slice(0, 50).map((c) => c.code))
    expect(links(await get(baseURL!, '/v0/geo/communes', auth)).last).toContain('page=200')
  })

  test('GeoJSON outlines; errors; 401, 403 without eco or fiscal, 406; ETag', async ({
    baseURL,
  }, testInfo) => {
    const auth = await bearer(baseURL!, testInfo, 'eco')
    const geo = ok(
      await get(baseURL!, '/v0/geo/communes?search[departement]=35', auth, {
        Accept: 'application/geo+json',
      }),
      communeFeatureCollectionSchema,
      'application/geo+json',
    )
    expect(geo.features.length).toBeGreaterThan(300)
    for (const f of geo.features) {
      expect(f.properties.departement).toBe('35')
      expect(['Polygon', 'MultiPolygon']).toContain(f.geometry!.type)
    }
    const json = ok(
      await get(baseURL!, '/v0/geo/communes?search[departement]=35&size=100', auth),
      communePage,
    )
    expect(geo.features.slice(0, 100).map((f) => f.properties)).toEqual(json.communes)
    const ranked = ok(
      await get(baseURL!, '/geo/communes.geojson?search=rennes', auth),
      communeFeatureCollectionSchema,
      'application/geo+json',
    )
    expect(ranked.features[0]!.properties.nom).toBe('Rennes')
    const unknown = problem(
      await byBody(baseURL!, '/v0/geo/communes', auth, { search: { nom: 'Rennes' } }),
      400,
    )
    expect(unknown.errors![0]!.message).toContain('code, departement, region, q')
    problem(
      await byBody(baseURL!, '/v0/geo/communes', auth, {
        search: { departement: '999', region: 'x', code: '1' },
      }),
      400,
    )
    problem(await get(baseURL!, '/v0/geo/communes?page=201', auth), 400)
    problem(await get(baseURL!, '/v0/geo/communes', null), 401)
    problem(await get(baseURL!, '/v0/geo/communes', await bearer(baseURL!, testInfo, 'none')), 403)
    problem(await get(baseURL!, '/v0/geo/communes', await bearer(baseURL!, testInfo, 'eco:write')), 403)
    problem(await get(baseURL!, '/v0/geo/communes', auth, { Accept: '*/*' }), 406)
    const first = await get(baseURL!, '/v0/geo/communes?search=rennes', auth)
    expect(
      (await get(baseURL!, '/v0/geo/communes?search=rennes', auth, { 'If-None-Match': first.headers.etag! }))
        .status,
    ).toBe(304)
  })
})

// /geo/sections and /geo/parcelles boxes ------------------------------------------------------------

const boxCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.any()) }),
      properties: z.object({ id: z.string(), url: z.string() }).loose(),
    }),
  ),
})

const boxPath = (layer: string, [w, s, e, n]: BBox) => `/v0/geo/${layer}/${n}/${e}/${s}/${w}`

/** Whether an outline shares area with a box (polygon-clipping, independent of the product's test). */
function sharesArea(geometry: AreaGeometry, [w, s, e, n]: BBox): boolean {
  const box = [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ] as Geom
  return polygonClipping.intersection(polygonsOf(geometry) as unknown as Geom, box).length > 0
}

test.describe('GET /geo/parcelles and /geo/sections boxes', () => {
  test('a box in a town centre: exactly the parcels meeting it, each url resolving', async ({
    baseURL,
  }, testInfo) => {
    const { parcels } = await world(testInfo)
    const auth = await bearer(baseURL!, testInfo, 'eco')
    const fiscalAuth = await fiscal(baseURL, testInfo)
    const inRennes = parcels.filter((p) => p.codcom === '35238')
    const centre = extentOf(JSON.parse(inRennes[Math.floor(inRennes.length / 3)]!.geometrie) as AreaGeometry)
    const [cx, cy] = [(centre[0] + centre[2]) / 2, (centre[1] + centre[3]) / 2]
    const box: BBox = [cx - 0.003, cy - 0.002, cx + 0.003, cy + 0.002]
    const response = await get(baseURL!, boxPath('parcelles', box), auth, { Accept: 'application/geo+json' })
    const collection = ok(response, boxCollection, 'application/geo+json')
    const ids = collection.features.map((f) => f.properties.id)
    expect(ids).toEqual([...ids].sort())
    const candidates = parcels
      .map((p) => ({ p, geometry: JSON.parse(p.geometrie) as AreaGeometry }))
      .filter((x) => extentsMeet(extentOf(x.geometry), box))
    // Every parcel sharing area with the box is there; none whose extent misses it.
    const sharing = candidates.filter((x) => sharesArea(x.geometry, box)).map((x) => x.p.id)
    expect(sharing.length).toBeGreaterThan(5)
    for (const id of sharing) expect(ids).toContain(id)
    const candidateIds = new Set(candidates.map((x) => x.p.id))
    for (const id of ids) expect(candidateIds.has(id), id).toBe(true)
    for (const feature of collection.features) {
      const parcel = parcels.find((p) => p.id === feature.properties.id)!
      expect(feature.properties).toEqual({
        id: parcel.id,
        url: `/v0/ca/parcelles/${parcel.id}`,
        codcom: parcel.codcom,
        section: parcel.section.slice(8),
        contenance: parcel.contenance,
      })
      expect(feature.geometry).toEqual(JSON.parse(parcel.geometrie))
    }
    for (const feature of collection.features.slice(0, 10)) {
      const record = ok(await get(baseURL!, feature.properties.url, fiscalAuth), parcelDetailWireSchema)
      expect(record.id).toBe(feature.properties.id)
    }
    // Fiscal tokens too, JSON (same body), the .geojson extension, without /v0; ETag.
    expect(ok(await get(baseURL!, boxPath('parcelles', box), fiscalAuth), boxCollection)).toEqual(collection)
    const extension = await rawRequest(baseURL!, {
      path: `${boxPath('parcelles', box).replace('/v0', '')}.geojson`,
      headers: { Authorization: auth },
    })
    expect(extension.status).toBe(200)
    expect(extension.json()).toEqual(collection)
    expect(
      (
        await get(baseURL!, boxPath('parcelles', box), auth, {
          Accept: 'application/geo+json',
          'If-None-Match': response.headers.etag!,
        })
      ).status,
    ).toBe(304)
    // Sections of the same box: their url lists the section's parcels.
    const sections = ok(
      await get(baseURL!, boxPath('sections', box), auth, { Accept: 'application/geo+json' }),
      boxCollection,
      'application/geo+json',
    )
    const sectionIds = sections.features.map((f) => f.properties.id)
    for (const id of new Set(parcels.filter((p) => sharing.includes(p.id)).map((p) => p.section)))
      expect(sectionIds).toContain(id)
    for (const feature of sections.features) {
      expect(Object.keys(feature.properties).sort()).toEqual(['id', 'url'])
      const list = ok(await get(baseURL!, `${feature.properties.url}&size=100`, fiscalAuth), parcelPage)
      const expected = parcels.filter((p) => p.section === feature.properties.id).map((p) => p.id)
      expect(list.total).toBe(expected.length)
      expect(idsOf(list.parcelles)).toEqual(expected.slice(0, 100))
    }
  })

  test('malformed boxes 400, too many features 400 asking to zoom in, scopes, 406', async ({
    baseURL,
  }, testInfo) => {
    const auth = await bearer(baseURL!, testInfo, 'fiscal')
    for (const layer of ['parcelles', 'sections']) {
      for (const bad of [
        'abc/-1.6/48.1/-1.7',
        '48.1/-1.6/48.2/-1.7',
        '48.2/-1.7/48.1/-1.6',
        '91/-1.6/48.1/-1.7',
        '48.2/181/48.1/-1.7',
        '48.2/-1.6/48.1/-181',
        '1e2/-1.6/48.1/-1.7',
        'NaN/-1.6/48.1/-1.7',
      ]) {
        const body = problem(
          await get(baseURL!, `/v0/geo/${layer}/${bad}`, auth, { Accept: 'application/geo+json' }),
          400,
        )
        expect(body.errors!.length, bad).toBeGreaterThan(0)
      }
      problem(
        await get(baseURL!, `/v0/geo/${layer}/48.2/-1.6`, auth, { Accept: 'application/geo+json' }),
        404,
      )
    }
    // The whole of France: more than 10,000 parcels.
    const wide = problem(
      await get(baseURL!, '/v0/geo/parcelles/51.2/9.7/41.2/-5.3', auth, { Accept: 'application/geo+json' }),
      400,
    )
    expect(wide.detail).toContain('10')
    expect(wide.detail).toMatch(/resserrez|zoomez/)
    ok(
      await get(baseURL!, '/v0/geo/sections/51.2/9.7/41.2/-5.3', auth, { Accept: 'application/geo+json' }),
      boxCollection,
      'application/geo+json',
    )
    const path = '/v0/geo/parcelles/48.1135/-1.6750/48.1090/-1.6820'
    problem(await get(baseURL!, path, null), 401)
    problem(await get(baseURL!, path, await bearer(baseURL!, testInfo, 'none')), 403)
    ok(
      await get(baseURL!, path, await bearer(baseURL!, testInfo, 'eco'), { Accept: 'application/geo+json' }),
      boxCollection,
      'application/geo+json',
    )
    problem(await get(baseURL!, path, auth, { Accept: '*/*' }), 406)
    problem(await get(baseURL!, path, auth, { Accept: 'text/csv' }), 406)
  })
})

// The OpenAPI document ------------------------------------------------------------------------------

test('the OpenAPI document describes every cadastre route and search key', async ({ baseURL }) => {
  const response = await rawRequest(baseURL!, {
    path: '/openapi.json',
    headers: { Accept: 'application/json' },
  })
  expect(response.status).toBe(200)
  const text = response.body
  const document = response.json<{ paths: Record<string, Record<string, unknown>> }>()
  for (const path of [
    '/v0/ca/locaux',
    '/v0/ca/locaux/{id}',
    '/v0/ca/parcelles',
    '/v0/ca/parcelles/{id}',
    '/v0/ca/props',
    '/v0/ca/props/{id}',
    '/v0/geo/communes',
    '/v0/geo/sections/{n}/{e}/{s}/{w}',
    '/v0/geo/parcelles/{n}/{e}/{s}/{w}',
  ])
    expect(document.paths[path]?.get, path).toBeDefined()
  for (const [path, keys] of [
    ['/v0/ca/locaux', ['codcom', 'parcelle', 'proprietaire', 'invariant', 'annee', 'zone_id', 'q']],
    [
      '/v0/ca/parcelles',
      ['codcom', 'section', 'zone_id', 'proprietaire', 'contenance_min', 'contenance_max', 'q'],
    ],
    ['/v0/ca/props', ['codcom', 'zone_id', 'personne', 'siren', 'droit', 'q']],
    ['/v0/geo/communes', ['code', 'departement', 'region', 'q']],
  ] as const) {
    const operation = JSON.stringify(document.paths[path]!.get)
    for (const key of keys) expect(operation, `${path} ${key}`).toContain(`"${key}"`)
  }
  expect(text).toContain(parcelContract.operationId)
  expect(text).toContain(accountContract.operationId)
})
