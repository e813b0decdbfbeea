// Datasets of published offers (model `offre`) through real HTTP on both engines: created from a
// search in the workshop's BFF and with the command line, read through GET /v0/datasets/:id as JSON
// (the records of GET /eco/immo/offres/:id), GeoJSON (points carrying their offers) and CSV; scope
// eco (403 to a fiscal-only token); the model's description at /modeles/offre.
import { parse } from 'csv-parse/sync'
import { expect, test } from '../support/contract-test'
import { datasetJsonViewSchema } from '@/lib/datasets/serialise'
import { offerFeatureCollectionSchema, offerRecordWireSchema } from '@/lib/offers/serialise'
import { waitForFile } from '../support/datasets'
import { runCli } from '../support/engine'
import { signInRequest } from '../support/staff'
import { bearer } from '../support/tokens'

const SEARCH = { code_commune: '75056', transaction_type: 'louer' }

test('a dataset of published offers, from the workshop, in JSON, GeoJSON and CSV', async ({
  request,
  baseURL,
}, testInfo) => {
  const eco = await bearer(baseURL!, testInfo, 'eco')
  const search = await request.get(
    `/v0/eco/immo/offres?search=${encodeURIComponent(JSON.stringify(SEARCH))}&size=100`,
    { headers: { Accept: 'application/json', Authorization: eco } },
  )
  const published = (await search.json()) as { total: number; offres: Array<{ id: string }> }
  expect(published.total).toBeGreaterThan(0)

  await signInRequest(request, baseURL!, 'admin')
  const preview = await request.post('/bff/datasets/preview', {
    headers: { Origin: baseURL! },
    data: { model: 'offre', search: SEARCH, size: 5 },
  })
  expect(preview.status()).toBe(200)
  expect(((await preview.json()) as { total: number }).total).toBe(published.total)
  const created = await request.post('/bff/datasets', {
    headers: { Origin: baseURL! },
    data: {
      title: `Bureaux à louer à Paris ${Date.now()}`,
      model: 'offre',
      search: SEARCH,
      encoding: 'UTF-8',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { dataset } = (await created.json()) as { dataset: { id: string; total: number; formats: string[] } }
  expect(dataset.total).toBe(published.total)
  expect(dataset.formats).toEqual(['application/json', 'application/geo+json', 'text/csv'])

  // JSON: the offers' records, in reference order, each as GET /eco/immo/offres/:id gives it.
  const json = await request.get(`/v0/datasets/${dataset.id}?size=1000`, {
    headers: { Accept: 'application/json', Authorization: eco },
  })
  expect(json.status()).toBe(200)
  const view = datasetJsonViewSchema.parse(await json.json())
  expect(view.model).toEqual({ type: 'offre', url: '/modeles/offre' })
  const records = view.data as Array<{ id: string; status: string; url: string }>
  expect(records.map((r) => r.id).sort()).toEqual(published.offres.map((o) => o.id).sort())
  expect(records.map((r) => r.id)).toEqual([...records.map((r) => r.id)].sort())
  const first = records[0]!
  const one = await request.get(first.url, { headers: { Accept: 'application/json', Authorization: eco } })
  expect(offerRecordWireSchema.parse(await one.json()).offre).toEqual(first)

  // GeoJSON: points carrying their offers, every one placed.
  const geo = await request.get(`/v0/datasets/${dataset.id}.geojson`, { headers: { Authorization: eco } })
  expect(geo.status()).toBe(200)
  expect(geo.headers()['content-type']).toBe('application/geo+json')
  const features = offerFeatureCollectionSchema.parse(await geo.json()).features
  expect(features.flatMap((f) => f.properties.offres.map((o) => o.id)).sort()).toEqual(
    records.map((r) => r.id).sort(),
  )

  // CSV: one row per record, named after the dataset.
  const file = await waitForFile(request, dataset.id, eco)
  const csv = await request.get(file.location)
  expect(csv.headers()['content-disposition']).toContain(`filename*=UTF-8''Bureaux%20%C3%A0%20louer`)
  const [header, ...rows] = parse((await csv.body()).toString('utf8')) as string[][]
  expect(header!.slice(0, 3)).toEqual(['id', 'reference', 'local_type'])
  expect(rows.map((r) => r[0])).toEqual(records.map((r) => r.id))

  // Scope eco: a fiscal-only token is refused, naming the scope.
  const fiscal = await request.get(`/v0/datasets/${dataset.id}`, {
    headers: { Accept: 'application/json', Authorization: await bearer(baseURL!, testInfo, 'fiscal') },
  })
  expect(fiscal.status()).toBe(403)
  expect(fiscal.headers()['www-authenticate']).toContain('scope="eco"')

  await request.delete(`/bff/datasets/${dataset.id}`, { headers: { Origin: baseURL! } })
})

test('the command line creates an offers dataset; the model is described at /modeles/offre', async ({
  request,
  baseURL,
}, testInfo) => {
  const { stdout } = await runCli(testInfo, [
    'datasets',
    'create',
    '--model',
    'offre',
    '--search',
    '{"local_type":"entrepot"}',
    '--title',
    'Entrepôts publiés',
    '--json',
  ])
  const created = JSON.parse(stdout.trim().split('\n').pop()!) as {
    id: string
    model: string
    status: string
    total: number
  }
  expect(created).toMatchObject({ model: 'offre', status: 'ready' })
  const eco = await bearer(baseURL!, testInfo, 'eco')
  const search = await request.get('/v0/eco/immo/offres?search[local_type]=entrepot&size=1', {
    headers: { Accept: 'application/json', Authorization: eco },
  })
  expect(created.total).toBe(((await search.json()) as { total: number }).total)
  await runCli(testInfo, ['datasets', 'delete', created.id])

  const page = await request.get('/modeles/offre', { headers: { Accept: 'text/html' } })
  expect(page.status()).toBe(200)
  const html = await page.text()
  expect(html).toContain('Offres immobilières publiées')
  expect(html).toContain('transaction_types')
  expect(html).toContain('position_source')
})
