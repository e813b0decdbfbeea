// Datasets of the cadastre's models through real HTTP on both engines: an administrator creates
// `parcelle` and `prop` datasets from a search (workshop BFF, with the API's validation messages),
// and applications read them with the fiscal scope — JSON pages equal to GET /ca/parcelles and
// /ca/props for the same search, a parcel dataset's GeoJSON with each parcel's outline, the CSV
// files in both encodings with the model's columns — and the /modeles pages describe them.
import { parse } from 'csv-parse/sync'
import iconv from 'iconv-lite'
import { type APIRequestContext } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import { RIGHTS } from '@/lib/cadastre/rights'
import type { AdminDatasetWire } from '@/lib/datasets/serialise'
import { datasetJsonViewSchema } from '@/lib/datasets/serialise'
import { problemSchema } from '@/lib/http/problem-schema'
import { waitForFile } from '../support/datasets'
import { signInRequest } from '../support/staff'
import { bearer } from '../support/tokens'

const PARCEL_COLUMNS = [
  'id',
  'codcom',
  'commune',
  'prefixe',
  'section',
  'numero',
  'contenance',
  'adresse',
  'url',
]
const ACCOUNT_COLUMNS = [
  'id',
  'codcom',
  'commune',
  'numero',
  'personne',
  'nom',
  'siren',
  'droits_code',
  'droits_libelle',
  'droits_nom',
  'adresse',
  'url',
]

/** Every record a list endpoint gives for a search (pages of 100) and its total. */
async function listAll(
  request: APIRequestContext,
  path: string,
  key: 'parcelles' | 'props',
  search: string,
  authorization: string,
): Promise<{ total: number; items: Array<Record<string, unknown>> }> {
  const items: Array<Record<string, unknown>> = []
  for (let page = 1; ; page++) {
    const response = await request.get(`${path}?${search}&page=${page}&size=100`, {
      headers: { Accept: 'application/json', Authorization: authorization },
    })
    expect(response.status(), await response.text()).toBe(200)
    const body = (await response.json()) as { total: number } & Record<string, unknown>
    const pageItems = body[key] as Array<Record<string, unknown>>
    items.push(...pageItems)
    if (items.length >= body.total || pageItems.length === 0) return { total: body.total, items }
  }
}

async function createAsAdmin(
  request: APIRequestContext,
  baseURL: string,
  data: Record<string, unknown>,
): Promise<AdminDatasetWire> {
  const response = await request.post('/bff/datasets', { headers: { Origin: baseURL }, data })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { dataset: AdminDatasetWire }).dataset
}

/** Every record of a dataset's JSON view (pages of 1000). */
async function datasetRecords(request: APIRequestContext, id: string, authorization: string) {
  const records: unknown[] = []
  for (let page = 1; ; page++) {
    const response = await request.get(`/v0/datasets/${id}?page=${page}&size=1000`, {
      headers: { Accept: 'application/json', Authorization: authorization },
    })
    expect(response.status()).toBe(200)
    const view = datasetJsonViewSchema.parse(await response.json())
    records.push(...view.data)
    if (records.length >= view.total) return { view, records }
  }
}

/** The dataset's CSV file (through the 302 to its signed address), decoded from its encoding. */
async function csvFile(request: APIRequestContext, id: string, authorization: string, encoding: string) {
  const redirect = await request.get(`/v0/datasets/${id}`, {
    headers: { Accept: 'text/csv', Authorization: authorization },
    maxRedirects: 0,
  })
  expect(redirect.status()).toBe(302)
  const file = await request.get(redirect.headers()['location']!)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe(`text/csv; charset=${encoding.toLowerCase()}`)
  const bytes = await file.body()
  const text = encoding === 'UTF-8' ? bytes.toString('utf8') : iconv.decode(bytes, 'iso-8859-15')
  return { bytes, rows: parse(text) as string[][] }
}

const cell = (value: unknown) => (value === null || value === undefined ? '' : String(value))

test('an administrator makes parcel datasets that applications read in JSON, GeoJSON and CSV', async ({
  request,
  baseURL,
}, testInfo) => {
  const fiscal = await bearer(baseURL!, testInfo, 'fiscal')
  const api = await listAll(
    request,
    '/v0/ca/parcelles',
    'parcelles',
    'search[codcom]=35238&search[section]=0A',
    fiscal,
  )
  expect(api.total).toBeGreaterThan(0)

  await signInRequest(request, baseURL!, 'admin')
  const preview = await request.post('/bff/datasets/preview', {
    headers: { Origin: baseURL! },
    data: { model: 'parcelle', search: { codcom: '35238', section: '0a' }, size: 3 },
  })
  expect(preview.status()).toBe(200)
  expect(await preview.json()).toEqual({ total: api.total, data: api.items.slice(0, 3) })

  const utf8 = await createAsAdmin(request, baseURL!, {
    title: 'Parcelles de la section 0A de Rennes',
    model: 'parcelle',
    search: { codcom: '35238', section: '0A' },
  })
  const latin9 = await createAsAdmin(request, baseURL!, {
    title: 'Parcelles de la section 0A de Rennes (Latin-9)',
    model: 'parcelle',
    search: { codcom: ['35238'], section: ['0A'] },
    encoding: 'ISO-8859-15',
  })
  expect(utf8).toMatchObject({ model: 'parcelle', total: api.total, search: { codcom: ['35238'] } })
  await waitForFile(request, utf8.id, fiscal)
  await waitForFile(request, latin9.id, fiscal)

  // JSON: the records of the list endpoint, in its order.
  const { view, records } = await datasetRecords(request, utf8.id, fiscal)
  expect(view.model).toEqual({ type: 'parcelle', url: '/modeles/parcelle' })
  expect(view.total).toBe(api.total)
  expect(records).toEqual(api.items)

  // GeoJSON: one Feature per parcel, its outline the one of GET /ca/parcelles/:id.
  const geojson = await request.get(`/v0/datasets/${utf8.id}`, {
    headers: { Accept: 'application/geo+json', Authorization: fiscal },
  })
  expect(geojson.status()).toBe(200)
  expect(geojson.headers()['content-type']).toMatch(/^application\/geo\+json/)
  const collection = (await geojson.json()) as {
    type: string
    features: Array<{ type: string; geometry: { type: string }; properties: unknown }>
  }
  expect(collection.type).toBe('FeatureCollection')
  expect(collection.features.map((f) => f.properties)).toEqual(api.items)
  for (const feature of collection.features)
    expect(['Polygon', 'MultiPolygon']).toContain(feature.geometry.type)
  for (const index of [0, collection.features.length - 1]) {
    const id = (api.items[index] as { id: string }).id
    const one = await request.get(`/v0/ca/parcelles/${id}`, {
      headers: { Accept: 'application/geo+json', Authorization: fiscal },
    })
    expect(((await one.json()) as { geometry: unknown }).geometry).toEqual(
      collection.features[index]!.geometry,
    )
  }

  // CSV in both encodings: the model's columns, one row per record with the JSON's values.
  const expected = api.items.map((r) => PARCEL_COLUMNS.map((c) => cell(r[c])))
  const file = await csvFile(request, utf8.id, fiscal, 'UTF-8')
  expect(file.rows[0]).toEqual(PARCEL_COLUMNS)
  expect(file.rows.slice(1)).toEqual(expected)
  const latin = await csvFile(request, latin9.id, fiscal, 'ISO-8859-15')
  expect(latin.rows[0]).toEqual(PARCEL_COLUMNS)
  expect(latin.rows.slice(1).map((r) => r[0])).toEqual(api.items.map((r) => r.id))
  expect(latin.bytes.includes(Buffer.from([0xc3, 0xa9]))).toBe(false)

  // The eco scope does not read fiscal data; the model's page describes every column.
  const eco = await request.get(`/v0/datasets/${utf8.id}`, {
    headers: { Accept: 'application/json', Authorization: await bearer(baseURL!, testInfo, 'eco') },
  })
  expect(eco.status()).toBe(403)
  const page = await (await request.get('/modeles/parcelle', { headers: { Accept: 'text/html' } })).text()
  expect(page).toContain(PARCEL_COLUMNS.join(','))
  expect(page).toContain('Contenance (m²)')
})

test('an administrator makes account datasets: JSON as GET /ca/props, CSV with the holders, no GeoJSON', async ({
  request,
  baseURL,
}, testInfo) => {
  const fiscal = await bearer(baseURL!, testInfo, 'fiscal')
  const api = await listAll(request, '/v0/ca/props', 'props', 'search[codcom]=35238&search[droit]=U', fiscal)
  expect(api.total).toBeGreaterThan(0)

  await signInRequest(request, baseURL!, 'admin')
  const dataset = await createAsAdmin(request, baseURL!, {
    title: 'Usufruits à Rennes',
    model: 'prop',
    search: { codcom: '35238', droit: 'u' },
    encoding: 'ISO-8859-15',
  })
  expect(dataset).toMatchObject({ model: 'prop', total: api.total, search: { droit: ['U'] } })
  await waitForFile(request, dataset.id, fiscal)

  const { view, records } = await datasetRecords(request, dataset.id, fiscal)
  expect(view.model).toEqual({ type: 'prop', url: '/modeles/prop' })
  expect(records).toEqual(api.items)

  const file = await csvFile(request, dataset.id, fiscal, 'ISO-8859-15')
  expect(file.rows[0]).toEqual(ACCOUNT_COLUMNS)
  expect(file.rows).toHaveLength(api.total + 1)
  const byId = new Map(file.rows.slice(1).map((row) => [row[0], row]))
  for (const record of api.items) {
    const row = byId.get(record.id as string)!
    const droits = record.droits as Array<{ code: string; libelle: string }>
    expect(row[ACCOUNT_COLUMNS.indexOf('droits_code')]).toBe(droits.map((d) => d.code).join(' | '))
    expect(row[ACCOUNT_COLUMNS.indexOf('droits_code')]).toContain('U')
    expect(row[ACCOUNT_COLUMNS.indexOf('personne')]).toBe(record.personne)
  }

  const geojson = await request.get(`/v0/datasets/${dataset.id}`, {
    headers: { Accept: 'application/geo+json', Authorization: fiscal },
  })
  expect(geojson.status()).toBe(406)

  const page = await (await request.get('/modeles/prop', { headers: { Accept: 'text/html' } })).text()
  for (const [code, label] of Object.entries(RIGHTS)) {
    expect(page).toContain(`<code>${code}</code>`)
    expect(page).toContain(label)
  }
  expect(page).toContain('droits[].code')
  expect(page).toContain('Personne morale')
})

test('refuses a cadastre search that is not the model’s, with the API’s messages', async ({
  request,
  baseURL,
}) => {
  await signInRequest(request, baseURL!, 'admin')
  const headers = { Origin: baseURL! }
  const cases: Array<[Record<string, unknown>, string, RegExp]> = [
    [{ model: 'parcelle', search: { couleur: 'bleu' } }, 'search', /Critère inconnu : couleur/],
    [{ model: 'parcelle', search: { contenance_min: 'beaucoup' } }, 'search.contenance_min', /nombre de m²/],
    [{ model: 'parcelle', search: { section: 'ABC' } }, 'search.section', /2 caractères/],
    [{ model: 'prop', search: { droit: 'Z' } }, 'search.droit', /Code de droit inconnu/],
    [{ model: 'prop', search: { personne: 'publique' } }, 'search.personne', /physique ou morale/],
  ]
  for (const [body, path, message] of cases) {
    const response = await request.post('/bff/datasets', { headers, data: { title: 'Refusé', ...body } })
    expect(response.status()).toBe(400)
    const problem = problemSchema.parse(await response.json())
    const issue = problem.errors?.find((e) => e.path === path || e.path.startsWith(`${path}.`))
    expect(issue, JSON.stringify(problem.errors)).toBeDefined()
    expect(issue!.message).toMatch(message)
  }
  const unknown = await request.post('/bff/datasets', {
    headers,
    data: { title: 'Refusé', model: 'cadastre', search: {} },
  })
  expect(problemSchema.parse(await unknown.json()).errors?.[0]?.message).toMatch(/parcelle .* prop/)
})
