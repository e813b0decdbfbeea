// GET /v0/datasets/:id and GET /v0/datasets (spec §4.2) through real HTTP on both engines: the four
// representations, expires, the legacy encoding inputs, the 302 and the download with a byte-level
// check of Latin-9, signed addresses (tampered, expired, traversal), and 503/406/404/403/400.
import { type APIRequestContext, type TestInfo } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import { createDataset } from '@/lib/datasets/datasets'
import { claimNextJob } from '@/lib/datasets/jobs'
import { SEED_DATASETS } from '@/lib/datasets/seed-datasets'
import { datasetCsvViewSchema, datasetJsonViewSchema, datasetListSchema } from '@/lib/datasets/serialise'
import { featureCollectionSchema } from '@/lib/establishments/serialise'
import { problemSchema } from '@/lib/http/problem-schema'
import { premisesDetailWireSchema, premisesWireSchema } from '@/lib/premises/serialise'
import { insertPremises, instanceDb, signFileAddress, waitForFile } from '../support/datasets'
import { rawRequest } from '../support/http'
import { signInRequest } from '../support/staff'
import { bearer } from '../support/tokens'

const JSON_TYPE = 'application/json; charset=utf-8'
const PROBLEM = 'application/problem+json; charset=utf-8'
const SIRET = SEED_DATASETS.siret.id
const LOCAL = SEED_DATASETS.local.id

async function auth(
  baseURL: string | undefined,
  testInfo: TestInfo,
  scopes: 'eco' | 'fiscal' | 'eco fiscal',
) {
  return bearer(baseURL!, testInfo, scopes)
}

async function problem(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number) {
  expect(response.status()).toBe(status)
  expect(response.headers()['content-type']).toBe(PROBLEM)
  const body = problemSchema.parse(await response.json())
  expect(body.status).toBe(status)
  return body
}

test.beforeAll(async ({ request, baseURL }, testInfo) => {
  // The first start generates the example datasets' files in the background.
  await waitForFile(request, SIRET, await auth(baseURL, testInfo, 'eco'))
  await waitForFile(request, LOCAL, await auth(baseURL, testInfo, 'fiscal'))
})

test.describe('JSON view', () => {
  test('answers a page of records with the dataset’s title, version, total and model', async ({
    request,
    baseURL,
  }, testInfo) => {
    const response = await request.get(`/v0/datasets/${SIRET}`, {
      headers: { Accept: 'application/json', Authorization: await auth(baseURL, testInfo, 'eco') },
    })
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe(JSON_TYPE)
    const view = datasetJsonViewSchema.parse(await response.json())
    expect(view).toMatchObject({
      title: SEED_DATASETS.siret.title,
      version: 1,
      page: 1,
      model: { type: 'siret', url: '/modeles/siret' },
    })
    expect(view.total).toBeGreaterThan(0)
    expect(view.data).toHaveLength(Math.min(100, view.total))
    const model = await request.get(view.model.url, { headers: { Accept: 'text/html' } })
    expect(model.status()).toBe(200)
    expect(await model.text()).toContain('effectif_details_tranche_code')
  })

  test('pages with page and size, with or without /v0, and refuses pages out of range', async ({
    request,
    baseURL,
  }, testInfo) => {
    const headers = { Accept: 'application/json', Authorization: await auth(baseURL, testInfo, 'eco') }
    const first = datasetJsonViewSchema.parse(
      await (await request.get(`/v0/datasets/${SIRET}?size=10`, { headers })).json(),
    )
    const second = datasetJsonViewSchema.parse(
      await (await request.get(`/datasets/${SIRET}?page=2&size=5`, { headers })).json(),
    )
    expect(second.page).toBe(2)
    expect(second.data).toEqual(first.data.slice(5, 10))
    const last = Math.ceil(first.total / 1000)
    const beyond = await problem(
      await request.get(`/v0/datasets/${SIRET}?page=${last + 1}&size=1000`, { headers }),
      400,
    )
    expect(beyond.errors?.[0]).toMatchObject({ location: 'query', path: 'page' })
    for (const query of ['page=0', 'size=0', 'size=1001', 'page=x']) {
      const body = await problem(await request.get(`/v0/datasets/${SIRET}?${query}`, { headers }), 400)
      expect(body.errors?.[0]?.path).toBe(query.split('=')[0])
    }
  })

  test('gives local premises whose url resolves with the fiscal scope', async ({
    request,
    baseURL,
  }, testInfo) => {
    const authorization = await auth(baseURL, testInfo, 'fiscal')
    const response = await request.get(`/datasets/${LOCAL}?size=3`, {
      headers: { Accept: 'application/json', Authorization: authorization },
    })
    const view = datasetJsonViewSchema.parse(await response.json())
    expect(view.model).toEqual({ type: 'local', url: '/modeles/local' })
    const record = premisesWireSchema.parse(view.data[0])
    const resolved = await request.get(record.url, {
      headers: { Accept: 'application/json', Authorization: authorization },
    })
    expect(resolved.status()).toBe(200)
    // The record at the url is the dataset's record with the premises' evaluation parts.
    const { pev, ...rest } = premisesDetailWireSchema.parse(await resolved.json())
    expect(rest).toEqual(record)
    expect(pev.length).toBeGreaterThan(0)
    expect(pev.every((p) => p.url === `/v0/ca/pev/${p.id}` && p.id.startsWith(record.id))).toBe(true)
  })

  test('answers HEAD without a body', async ({ baseURL }, testInfo) => {
    const response = await rawRequest(baseURL!, {
      method: 'HEAD',
      path: `/v0/datasets/${SIRET}`,
      headers: { Accept: 'application/json', Authorization: await auth(baseURL, testInfo, 'eco') },
    })
    expect(response.status).toBe(200)
    expect(response.body).toBe('')
  })
})

test.describe('GeoJSON', () => {
  test('streams the establishments’ points as a FeatureCollection, by Accept or extension', async ({
    request,
    baseURL,
  }, testInfo) => {
    const authorization = await auth(baseURL, testInfo, 'eco')
    const json = datasetJsonViewSchema.parse(
      await (
        await request.get(`/v0/datasets/${SIRET}?size=1000`, {
          headers: { Accept: 'application/json', Authorization: authorization },
        })
      ).json(),
    )
    for (const [path, accept] of [
      [`/v0/datasets/${SIRET}`, 'application/geo+json'],
      [`/datasets/${SIRET}.geojson`, 'application/json'],
    ] as const) {
      const response = await request.get(path, { headers: { Accept: accept, Authorization: authorization } })
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe('application/geo+json')
      const collection = featureCollectionSchema.parse(await response.json())
      const located = collection.features.flatMap((f) => f.properties.etablissements.map((e) => e.id))
      expect(located.length).toBeGreaterThan(0)
      expect(located.length).toBeLessThanOrEqual(json.total)
      expect(new Set(located).size).toBe(located.length)
      if (json.total <= 1000) {
        const ids = new Set(json.data.map((r) => (r as { id: string }).id))
        for (const id of located) expect(ids.has(id)).toBe(true)
      }
    }
  })

  test('is not offered for local premises: 406 naming the formats offered', async ({
    request,
    baseURL,
  }, testInfo) => {
    const body = await problem(
      await request.get(`/v0/datasets/${LOCAL}`, {
        headers: { Accept: 'application/geo+json', Authorization: await auth(baseURL, testInfo, 'fiscal') },
      }),
      406,
    )
    expect(body.available).toEqual(['application/json', 'text/csv'])
  })
})

test.describe('CSV', () => {
  test('redirects to the signed address of the current file, which downloads', async ({
    request,
    baseURL,
  }, testInfo) => {
    const authorization = await auth(baseURL, testInfo, 'eco')
    for (const [path, accept] of [
      [`/v0/datasets/${SIRET}`, 'text/csv'],
      [`/datasets/${SIRET}.csv`, 'application/json'],
    ] as const) {
      const response = await request.get(path, {
        headers: { Accept: accept, Authorization: authorization },
        maxRedirects: 0,
      })
      expect(response.status()).toBe(302)
      expect(response.headers()['cache-control']).toBe('no-store')
      const location = new URL(response.headers()['location']!)
      expect(location.origin).toBe(baseURL)
      expect(location.pathname).toBe(`/files/${SIRET}-v1.csv`)
      expect(location.searchParams.get('signature')).toMatch(/^[\w-]{43}$/)
      const file = await request.get(location.href)
      expect(file.status()).toBe(200)
      expect(file.headers()['content-type']).toBe('text/csv; charset=utf-8')
      // Saved under the dataset's title (RFC 6266: an ASCII name, and the UTF-8 one in filename*).
      expect(file.headers()['content-disposition']).toBe(
        `attachment; filename="Etablissements de Bretagne.csv"; filename*=UTF-8''%C3%89tablissements%20de%20Bretagne.csv`,
      )
      expect(SEED_DATASETS.siret.title).toBe('Établissements de Bretagne')
      const text = (await file.body()).toString('utf8')
      expect(text.startsWith('id,siret,siren,entreprise,')).toBe(true)
    }
  })

  test('answers the address as JSON with ?csv, valid expires seconds (3600 by default)', async ({
    request,
    baseURL,
  }, testInfo) => {
    const headers = { Accept: 'application/json', Authorization: await auth(baseURL, testInfo, 'eco') }
    for (const [query, seconds] of [
      ['csv', 3600],
      ['csv&expires=7200', 7200],
      ['csv=true&expires=1', 1],
      ['csv&expires=604800', 604_800],
    ] as const) {
      const before = Math.floor(Date.now() / 1000)
      const response = await request.get(`/v0/datasets/${SIRET}?${query}`, { headers })
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe(JSON_TYPE)
      const view = datasetCsvViewSchema.parse(await response.json())
      expect(view).toMatchObject({ title: SEED_DATASETS.siret.title, version: 1, encoding: 'UTF-8' })
      const expires = Number(new URL(view.location).searchParams.get('expires'))
      expect(expires).toBeGreaterThanOrEqual(before + seconds)
      expect(expires).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + seconds)
    }
    for (const expires of ['0', '604801', 'abc', '1.5']) {
      const body = await problem(
        await request.get(`/v0/datasets/${SIRET}?csv&expires=${expires}`, { headers }),
        400,
      )
      expect(body.errors?.[0]).toMatchObject({ location: 'query', path: 'expires' })
    }
  })

  test('accepts the legacy encoding inputs but delivers the dataset’s own file (rule 3)', async ({
    request,
    baseURL,
  }, testInfo) => {
    const eco = await auth(baseURL, testInfo, 'eco')
    const fiscal = await auth(baseURL, testInfo, 'fiscal')
    const asked: Array<{ path: string; headers: Record<string, string> }> = [
      { path: `/v0/datasets/${SIRET}?csv&encoding=iso-8859-15`, headers: { Authorization: eco } },
      {
        path: `/v0/datasets/${SIRET}?csv`,
        headers: { Authorization: eco, 'Accept-Charset': 'iso-8859-15' },
      },
    ]
    for (const { path, headers } of asked) {
      const view = datasetCsvViewSchema.parse(
        await (await request.get(path, { headers: { Accept: 'application/json', ...headers } })).json(),
      )
      expect(view.encoding).toBe('UTF-8')
      expect(new URL(view.location).pathname).toBe(`/files/${SIRET}-v1.csv`)
    }
    const latin9 = datasetCsvViewSchema.parse(
      await (
        await request.get(`/v0/datasets/${LOCAL}?csv&encoding=utf-8`, {
          headers: { Accept: 'application/json', Authorization: fiscal, 'Accept-Charset': 'utf-8' },
        })
      ).json(),
    )
    expect(latin9.encoding).toBe('ISO-8859-15')
    expect(new URL(latin9.location).pathname).toBe(`/files/${LOCAL}-v1-iso-8859-15.csv`)
    const redirect = await request.get(`/v0/datasets/${SIRET}`, {
      headers: { Accept: 'text/csv', Authorization: eco, 'Accept-Charset': 'iso-8859-15' },
      maxRedirects: 0,
    })
    expect(new URL(redirect.headers()['location']!).pathname).toBe(`/files/${SIRET}-v1.csv`)
  })

  test('writes é, €, œ and Œ as their Latin-9 bytes and replaces what Latin-9 lacks', async ({
    request,
    baseURL,
  }, testInfo) => {
    const owners = ['SCI Cœur d’Été €', 'ŒUVRES SOCIALES ½', 'Łukasz Żółw']
    const { tag } = await insertPremises(testInfo, owners)
    await signInRequest(request, baseURL!, 'admin')
    const created = await request.post('/bff/datasets', {
      headers: { Origin: baseURL! },
      data: {
        title: `Latin-9 ${tag}`,
        model: 'local',
        search: { proprietaire: tag },
        encoding: 'iso-8859-15',
      },
    })
    expect(created.status()).toBe(201)
    const { dataset } = (await created.json()) as { dataset: { id: string; total: number } }
    expect(dataset.total).toBe(3)
    const fiscal = await auth(baseURL, testInfo, 'fiscal')
    await waitForFile(request, dataset.id, fiscal)

    const redirect = await request.get(`/v0/datasets/${dataset.id}.csv`, {
      headers: { Authorization: fiscal },
      maxRedirects: 0,
    })
    expect(redirect.status()).toBe(302)
    const file = await request.get(redirect.headers()['location']!)
    expect(file.headers()['content-type']).toBe('text/csv; charset=iso-8859-15')
    expect(file.headers()['content-disposition']).toBe(`attachment; filename="Latin-9 ${tag}.csv"`)
    const bytes = await file.body()
    const latin1 = (text: string) => Buffer.from(text, 'latin1')
    // é E9, € A4, œ BD, Œ BC; ’ ½ Ł Ż ł → ? (one byte each); no UTF-8 sequence anywhere.
    expect(bytes.includes(latin1(`SCI C\xbdur d?\xc9t\xe9 \xa4 ${tag}`))).toBe(true)
    expect(bytes.includes(latin1(`\xbcUVRES SOCIALES ? ${tag}`))).toBe(true)
    expect(bytes.includes(latin1(`?ukasz ?\xf3?w ${tag}`))).toBe(true)
    expect(bytes.includes(Buffer.from('é'))).toBe(false)
    expect(bytes.includes(latin1('1 RUE DE L?\xc9GLISE 35000 RENNES'))).toBe(true)

    // The workshop counts the replaced characters: ’ ½ Ł Ż ł in the owners, ’ in each address.
    const shown = (await (await request.get(`/bff/datasets/${dataset.id}`)).json()) as {
      dataset: { replaced_characters: number; status: string }
    }
    expect(shown.dataset).toMatchObject({ status: 'ready', replaced_characters: 5 + 3 })
    expect(
      (await request.delete(`/bff/datasets/${dataset.id}`, { headers: { Origin: baseURL! } })).status(),
    ).toBe(204)
  })
})

test.describe('signed file addresses', () => {
  test('refuse tampering (403), expiry (410) and paths outside the files (404)', async ({
    request,
    baseURL,
  }, testInfo) => {
    const view = await waitForFile(request, SIRET, await auth(baseURL, testInfo, 'eco'))
    const good = new URL(view.location)
    expect((await request.get(good.href)).status()).toBe(200)

    const tampered = new URL(good)
    const sig = tampered.searchParams.get('signature')!
    tampered.searchParams.set('signature', `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`)
    await problem(await request.get(tampered.href), 403)
    const later = new URL(good)
    later.searchParams.set('expires', String(Number(good.searchParams.get('expires')) + 86_400))
    await problem(await request.get(later.href), 403)
    const unsigned = new URL(good)
    unsigned.search = ''
    await problem(await request.get(unsigned.href), 403)
    const other = new URL(good.href.replace(`${SIRET}-v1.csv`, `${LOCAL}-v1-iso-8859-15.csv`))
    await problem(await request.get(other.href), 403)

    const past = Math.floor(Date.now() / 1000) - 1
    await problem(await request.get(signFileAddress(testInfo, baseURL!, `${SIRET}-v1.csv`, past)), 410)

    const future = Math.floor(Date.now() / 1000) + 60
    for (const name of [
      '..%2Fsecrets%2Ffiles-signing-secret',
      '..%2F..%2Fpackage.json',
      '.tmp',
      'x%2F..%2F..%2Fe2e-state.json',
    ]) {
      const pathname = `/files/${name}`
      const response = await rawRequest(baseURL!, {
        path: `${pathname}?expires=${future}&signature=x`,
      })
      expect(response.status, name).toBe(404)
      expect(response.headers['content-type'], name).toBe(PROBLEM)
    }
    await problem(
      await request.get(
        signFileAddress(testInfo, baseURL!, '00000000-0000-4000-8000-000000000000-v1.csv', future),
      ),
      404,
    )
  })
})

test.describe('refusals', () => {
  test('403 for a token without the scope of the dataset’s model', async ({ request, baseURL }, testInfo) => {
    for (const [id, scopes, missing] of [
      [LOCAL, 'eco', 'fiscal'],
      [SIRET, 'fiscal', 'eco'],
    ] as const) {
      const response = await request.get(`/v0/datasets/${id}`, {
        headers: { Accept: 'application/json', Authorization: await auth(baseURL, testInfo, scopes) },
      })
      const body = await problem(response, 403)
      expect(body.required_scope).toBe(missing)
      expect(response.headers()['www-authenticate']).toContain(`scope="${missing}"`)
    }
  })

  test('404 for an unknown dataset, 400 for a malformed id, 406 for Accept: */*', async ({
    request,
    baseURL,
  }, testInfo) => {
    const authorization = await auth(baseURL, testInfo, 'eco fiscal')
    await problem(
      await request.get('/v0/datasets/00000000-0000-4000-8000-000000000000', {
        headers: { Accept: 'application/json', Authorization: authorization },
      }),
      404,
    )
    const malformed = await problem(
      await request.get('/v0/datasets/not-a-uuid', {
        headers: { Accept: 'application/json', Authorization: authorization },
      }),
      400,
    )
    expect(malformed.errors).toEqual([expect.objectContaining({ location: 'params', path: 'id' })])
    const wildcard = await problem(
      await request.get(`/v0/datasets/${SIRET}`, {
        headers: { Accept: '*/*', Authorization: authorization },
      }),
      406,
    )
    expect(wildcard.available).toEqual(['application/json', 'application/geo+json', 'text/csv'])
    await problem(
      await request.get(`/v0/datasets/${SIRET}?format=csv`, {
        headers: { Accept: 'application/json', Authorization: authorization },
      }),
      400,
    )
  })

  test('503 with Retry-After while the first file is generated elsewhere', async ({
    request,
    baseURL,
  }, testInfo) => {
    // Created and claimed at once, as by a worker of another instance, so this app does not start it.
    const db = instanceDb(testInfo)
    let id: string
    const client = await db.connect()
    try {
      await client.query('BEGIN')
      const dataset = await createDataset(
        { title: 'En cours', model: 'siret', search: { region: '53' }, encoding: 'UTF-8' },
        client,
      )
      id = dataset.id
      expect(
        await claimNextJob(
          'e2e-other-instance',
          { staleSeconds: 3600, maxAttempts: 3, datasetId: id },
          client,
        ),
      ).not.toBeNull()
      await client.query('COMMIT')
    } finally {
      client.release()
      await db.end()
    }
    const eco = await auth(baseURL, testInfo, 'eco')
    for (const request_ of [
      { path: `/v0/datasets/${id}`, accept: 'text/csv' },
      { path: `/v0/datasets/${id}?csv`, accept: 'application/json' },
    ]) {
      const response = await request.get(request_.path, {
        headers: { Accept: request_.accept, Authorization: eco },
        maxRedirects: 0,
      })
      const body = await problem(response, 503)
      expect(response.headers()['retry-after']).toBe('5')
      expect(body.detail).toMatch(/en cours de génération/)
    }
    // The records are served meanwhile.
    const json = await request.get(`/v0/datasets/${id}?size=1`, {
      headers: { Accept: 'application/json', Authorization: eco },
    })
    expect(datasetJsonViewSchema.parse(await json.json()).version).toBe(1)
    await signInRequest(request, baseURL!, 'admin')
    expect((await request.delete(`/bff/datasets/${id}`, { headers: { Origin: baseURL! } })).status()).toBe(
      204,
    )
  })
})

test.describe('GET /v0/datasets', () => {
  test('lists the datasets of the models the token’s scopes allow, paginated', async ({
    request,
    baseURL,
  }, testInfo) => {
    const list = async (scopes: 'eco' | 'fiscal' | 'eco fiscal', query = '') => {
      const response = await request.get(`/v0/datasets${query}`, {
        headers: { Accept: 'application/json', Authorization: await auth(baseURL, testInfo, scopes) },
      })
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe(JSON_TYPE)
      return datasetListSchema.parse(await response.json())
    }
    const eco = await list('eco')
    expect(eco.datasets.every((d) => ['siret', 'offre'].includes(d.model))).toBe(true)
    expect(eco.datasets.find((d) => d.id === SIRET)).toEqual({
      id: SIRET,
      title: SEED_DATASETS.siret.title,
      model: 'siret',
      version: expect.any(Number),
      total: expect.any(Number),
      encoding: 'UTF-8',
      formats: ['application/json', 'application/geo+json', 'text/csv'],
      url: `/v0/datasets/${SIRET}`,
    })
    const fiscal = await list('fiscal')
    expect(fiscal.datasets.every((d) => ['local', 'parcelle', 'prop', 'tf', 'th'].includes(d.model))).toBe(
      true,
    )
    expect(fiscal.datasets.find((d) => d.id === LOCAL)).toMatchObject({
      encoding: 'ISO-8859-15',
      formats: ['application/json', 'text/csv'],
    })
    // Other specs create datasets meanwhile: counts are compared loosely.
    const both = await list('eco fiscal', '?size=1')
    expect(both.total).toBeGreaterThanOrEqual(2)
    expect(both.datasets).toHaveLength(1)
    const page2 = await list('eco fiscal', '?size=1&page=2')
    expect(page2.page).toBe(2)
    expect(page2.datasets[0]?.id).not.toBe(both.datasets[0]?.id)
  })
})

test.describe('GET /v0/ca/locaux/:id', () => {
  test('answers a record with the fiscal scope; 403, 400 and 404 otherwise', async ({
    request,
    baseURL,
  }, testInfo) => {
    const { ids } = await insertPremises(testInfo, ['SCI LOCAL SEUL'])
    const fiscal = await auth(baseURL, testInfo, 'fiscal')
    const response = await request.get(`/v0/ca/locaux/${ids[0]}`, {
      headers: { Accept: 'application/json', Authorization: fiscal },
    })
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe(JSON_TYPE)
    // Inserted without evaluation parts: an empty list.
    expect(premisesDetailWireSchema.parse(await response.json())).toMatchObject({
      id: ids[0],
      codcom: '35238',
      pev: [],
    })
    await problem(
      await request.get(`/ca/locaux/${ids[0]}`, {
        headers: { Accept: 'application/json', Authorization: await auth(baseURL, testInfo, 'eco') },
      }),
      403,
    )
    await problem(
      await request.get('/v0/ca/locaux/12', {
        headers: { Accept: 'application/json', Authorization: fiscal },
      }),
      400,
    )
    await problem(
      await request.get('/v0/ca/locaux/352389999999999', {
        headers: { Accept: 'application/json', Authorization: fiscal },
      }),
      404,
    )
  })
})
