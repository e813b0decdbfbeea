// The business real-estate offers through real HTTP on both engines: POST /eco/immo/offres in JSON
// and as a form (202 + Location), every 422 case, Idempotency-Key, 401/403/405/415, visibility of
// unpublished offers, /statuts (own offers, newest first, paging, refusal reason), the search of
// published offers (every criterion, Link, GeoJSON, ETag), /tags, and the CLI of the workshop.
import { randomUUID } from 'node:crypto'
import { type TestInfo } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import { problemSchema } from '@/lib/http/problem-schema'
import {
  createdOfferSchema,
  offerSearchResultSchema,
  offerStatusesResultSchema,
  offerTagsResultSchema,
} from '@/lib/offers/contract'
import { offerFeatureCollectionSchema, offerRecordWireSchema } from '@/lib/offers/serialise'
import { runCli } from '../support/engine'
import { getWithJsonBody, rawRequest, type RawResponse } from '../support/http'
import { bearer } from '../support/tokens'

const JSON_TYPE = 'application/json; charset=utf-8'
const PROBLEM = 'application/problem+json; charset=utf-8'
const PATH = '/v0/eco/immo/offres'

/** A distinct word per run and engine, so the searches below find this file's offers only. */
const marker = (testInfo: TestInfo) =>
  `Zq${testInfo.project.name.replace(/[^a-z]/g, '')}${Date.now().toString(36)}`

function post(baseURL: string, auth: string | null, body: string, headers: Record<string, string> = {}) {
  return rawRequest(baseURL, {
    method: 'POST',
    path: PATH,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      ...(auth ? { Authorization: auth } : {}),
      ...headers,
    },
    body,
  })
}

const postJson = (baseURL: string, auth: string, offre: unknown, headers: Record<string, string> = {}) =>
  post(baseURL, auth, JSON.stringify({ offre }), headers)

function get(baseURL: string, auth: string, path: string, headers: Record<string, string> = {}) {
  return rawRequest(baseURL, {
    path,
    headers: { Accept: 'application/json', Authorization: auth, ...headers },
  })
}

function problem(response: RawResponse, status: number) {
  expect(response.status, response.body).toBe(status)
  expect(response.headers['content-type']).toBe(PROBLEM)
  return problemSchema.parse(response.json())
}

function created(response: RawResponse): string {
  expect(response.status, response.body).toBe(202)
  expect(response.headers['content-type']).toBe(JSON_TYPE)
  const body = createdOfferSchema.parse(response.json())
  expect(body.offre.reference).toMatch(/^\d{4}-\d{2}-\d{5,}$/)
  expect(response.headers.location).toBe(`${PATH}/${body.offre.reference}`)
  return body.offre.reference
}

const BASE = { local_type: 'bureaux', transaction_types: ['louer'], surface: 120 }

test.describe('POST /eco/immo/offres', () => {
  test('creates an offer from JSON and from the same fields as a form; the creator reads it', async ({
    baseURL,
  }, testInfo) => {
    const writer = await bearer(baseURL!, testInfo, 'all')
    const offre = {
      local_type: 'local_commercial',
      transaction_types: ['acheter', 'louer'],
      surface: 320,
      label: 'Grand local commercial',
      number: '1',
      voie: 'RUE DU GENERAL-LECLERC',
      code_commune: '34172',
      tags: ['Cave', 'Extraction'],
      disponibilite: '30-09-2026',
      loyer_mensuel: 4200,
      divisible_at: 100,
      website: 'https://www.exemple.fr/offres/grand-local',
      contact_offers_attributes: [
        { type: 'commercialisateur', name: 'Jeanne Martin', email: 'jeanne@exemple.fr' },
      ],
    }
    const fromJson = created(await postJson(baseURL!, writer, offre))
    const form = [
      'offre[local_type]=local_commercial',
      'offre[transaction_types][]=acheter',
      'offre[transaction_types][]=louer',
      'offre[surface]=320',
      'offre[label]=Grand+local+commercial',
      'offre[number]=1',
      'offre[voie]=RUE+DU+GENERAL-LECLERC',
      'offre[code_commune]=34172',
      'offre[tags][]=Cave',
      'offre[tags][]=Extraction',
      'offre[disponibilite]=30-09-2026',
      'offre[loyer_mensuel]=4200',
      'offre[divisible_at]=100',
      'offre[website]=https%3A%2F%2Fwww.exemple.fr%2Foffres%2Fgrand-local',
      'offre[contact_offers_attributes][0][type]=commercialisateur',
      'offre[contact_offers_attributes][0][name]=Jeanne+Martin',
      'offre[contact_offers_attributes][0][email]=jeanne@exemple.fr',
    ].join('&')
    const fromForm = created(
      await post(baseURL!, writer, form, { 'Content-Type': 'application/x-www-form-urlencoded' }),
    )
    expect(fromForm).not.toBe(fromJson)

    const read = async (reference: string) => {
      const response = await get(baseURL!, writer, `${PATH}/${reference}`)
      expect(response.status, response.body).toBe(200)
      return offerRecordWireSchema.parse(response.json()).offre
    }
    const [a, b] = [await read(fromJson), await read(fromForm)]
    expect(a).toMatchObject({
      id: fromJson,
      reference: fromJson,
      status: 'pending_validation',
      libelle_commune: 'Montpellier',
      address: '1 RUE DU GENERAL-LECLERC',
      transaction_types: ['acheter', 'louer'],
      disponibilite: '30-09-2026',
      coordonnees: { source: 'commune' },
      // Spec 0.13.0: website and divisible_at under their names.
      website: 'https://www.exemple.fr/offres/grand-local',
      divisible_at: 100,
      zones: [
        { type: 'epci', code: '243400017' },
        { type: 'departement', code: '34', nom: 'Hérault' },
        { type: 'region', code: '76' },
      ],
    })
    const strip = (o: typeof a) => ({ ...o, id: '', reference: '', url: '', created_at: '' })
    expect(strip(b)).toEqual(strip(a))
  })

  test('site_internet, the name website had before 0.13.0, is read as website; two different ones 422', async ({
    baseURL,
  }, testInfo) => {
    const writer = await bearer(baseURL!, testInfo, 'all')
    const site = 'https://www.exemple.fr/offres/ancien-nom'
    const reference = created(await postJson(baseURL!, writer, { ...BASE, site_internet: site }))
    const record = offerRecordWireSchema.parse((await get(baseURL!, writer, `${PATH}/${reference}`)).json())
    expect(record.offre).toMatchObject({ website: site, site_internet: site, divisible_at: null })
    const refused = problem(
      await postJson(baseURL!, writer, { ...BASE, website: site, site_internet: 'https://autre.exemple.fr' }),
      422,
    )
    expect(refused.errors!.map((e) => e.path)).toEqual(['offre.site_internet'])
  })

  test('422 lists every field issue, enums with their accepted values', async ({ baseURL }, testInfo) => {
    const writer = await bearer(baseURL!, testInfo, 'all')
    const body = problem(
      await postJson(baseURL!, writer, {
        local_type: 'chateau',
        transaction_types: ['troquer'],
        surface: -3,
        disponibilite: '2026-09-30',
        code_commune: '3517',
        couleur: 'bleu',
      }),
      422,
    )
    expect(body.type).toBe('/problems/unprocessable')
    const paths = Object.fromEntries(body.errors!.map((e) => [e.path, e.message]))
    expect(paths['offre.local_type']).toContain('bureaux, local_commercial, local_activite')
    expect(paths['offre.transaction_types.0']).toContain('acheter, louer')
    expect(paths['offre.surface']).toBeDefined()
    expect(paths['offre.disponibilite']).toContain('JJ-MM-AAAA')
    expect(paths['offre.code_commune']).toBeDefined()
    expect(paths.offre).toContain('couleur')
    expect(body.errors!.every((e) => e.location === 'body')).toBe(true)
  })

  test('422 for each missing required field, an empty body and an unknown commune', async ({
    baseURL,
  }, testInfo) => {
    const writer = await bearer(baseURL!, testInfo, 'all')
    for (const field of ['local_type', 'transaction_types', 'surface'] as const) {
      const { [field]: _omitted, ...rest } = BASE
      const body = problem(await postJson(baseURL!, writer, rest), 422)
      expect(body.errors!.map((e) => e.path)).toEqual([`offre.${field}`])
    }
    expect(problem(await post(baseURL!, writer, ''), 422).errors!.map((e) => e.path)).toEqual(['offre'])
    const misnamed = problem(await post(baseURL!, writer, '{"offer":{}}'), 422)
    expect(misnamed.errors!.map((e) => e.path).sort()).toEqual(['', 'offre'])
    const unknown = problem(await postJson(baseURL!, writer, { ...BASE, code_commune: '99999' }), 422)
    expect(unknown.errors).toEqual([
      expect.objectContaining({ path: 'offre.code_commune', code: 'unknown_commune' }),
    ])
  })

  test('Idempotency-Key: same key and body → the same answer once; another body → 409', async ({
    baseURL,
  }, testInfo) => {
    const writer = await bearer(baseURL!, testInfo, 'all')
    const key = randomUUID()
    const offre = { ...BASE, label: `Idempotent ${key}` }
    const first = await postJson(baseURL!, writer, offre, { 'Idempotency-Key': key })
    const reference = created(first)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const again = await postJson(baseURL!, writer, offre, { 'Idempotency-Key': key })
    expect(created(again)).toBe(reference)
    expect(again.headers['idempotent-replayed']).toBe('true')
    // The form of the same fields is the same request.
    const form = `offre[local_type]=bureaux&offre[transaction_types]=louer&offre[surface]=120&offre[label]=${encodeURIComponent(offre.label)}`
    const asForm = await post(baseURL!, writer, form, {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Idempotency-Key': key,
    })
    expect(created(asForm)).toBe(reference)
    const other = problem(
      await postJson(baseURL!, writer, { ...offre, surface: 121 }, { 'Idempotency-Key': key }),
      409,
    )
    expect(other.detail).toContain(reference)
    // One offer only.
    const statuses = offerStatusesResultSchema.parse(
      (await get(baseURL!, writer, `${PATH}/statuts?size=100`)).json(),
    )
    expect(statuses.offres.filter((o) => o.reference === reference)).toHaveLength(1)
    const malformed = problem(await postJson(baseURL!, writer, offre, { 'Idempotency-Key': 'é' }), 400)
    expect(malformed.errors![0]).toMatchObject({ location: 'header', path: 'Idempotency-Key' })
  })

  test('401 without a token, 403 without eco:write, 415, 400 for malformed JSON, 405 elsewhere', async ({
    baseURL,
  }, testInfo) => {
    const body = JSON.stringify({ offre: BASE })
    const anonymous = await post(baseURL!, null, body)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers['www-authenticate']).toMatch(/^Bearer /)
    const reader = problem(await post(baseURL!, await bearer(baseURL!, testInfo, 'eco'), body), 403)
    expect(reader.required_scope).toBe('eco:write')
    const writer = await bearer(baseURL!, testInfo, 'all')
    problem(await post(baseURL!, writer, body, { 'Content-Type': 'text/plain' }), 415)
    problem(await post(baseURL!, writer, '{"offre":'), 400)
    const unprefixed = await rawRequest(baseURL!, {
      method: 'POST',
      path: '/eco/immo/offres',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: writer },
      body,
    })
    created(unprefixed)
    const deleted = await rawRequest(baseURL!, {
      method: 'DELETE',
      path: PATH,
      headers: { Authorization: writer },
    })
    expect(deleted.status).toBe(405)
    expect(deleted.headers.allow).toBe('GET, HEAD, POST')
  })
})

test.describe('reading offers', () => {
  test('an unpublished offer is its creator’s only; once published every eco client reads it', async ({
    baseURL,
  }, testInfo) => {
    const writer = await bearer(baseURL!, testInfo, 'all')
    const reader = await bearer(baseURL!, testInfo, 'eco')
    const reference = created(await postJson(baseURL!, writer, { ...BASE, code_commune: '35238' }))
    expect((await get(baseURL!, writer, `${PATH}/${reference}`)).status).toBe(200)
    problem(await get(baseURL!, reader, `${PATH}/${reference}`), 404)
    await runCli(testInfo, ['offres', 'publish', reference])
    const published = await get(baseURL!, reader, `${PATH}/${reference}`)
    expect(published.status).toBe(200)
    expect(offerRecordWireSchema.parse(published.json()).offre.status).toBe('published')
    problem(await get(baseURL!, reader, `${PATH}/2019-13-x`), 400)
    problem(await get(baseURL!, reader, `${PATH}/2001-01-99999`), 404)
    // The record is tagged: If-None-Match answers 304 until the offer changes.
    const etag = published.headers.etag as string
    expect((await get(baseURL!, reader, `${PATH}/${reference}`, { 'If-None-Match': etag })).status).toBe(304)
    await runCli(testInfo, ['offres', 'archive', reference])
    problem(await get(baseURL!, reader, `${PATH}/${reference}`, { 'If-None-Match': etag }), 404)
  })

  test('/statuts: the application’s own offers, newest first, paged, a refusal with its reason', async ({
    baseURL,
  }, testInfo) => {
    const writer = await bearer(baseURL!, testInfo, 'all')
    const references: string[] = []
    for (let i = 0; i < 3; i++)
      references.push(created(await postJson(baseURL!, writer, { ...BASE, surface: 200 + i })))
    await runCli(testInfo, ['offres', 'reject', references[1]!, '--reason', 'Adresse incomplète.'])
    const page = offerStatusesResultSchema.parse(
      (await get(baseURL!, writer, `${PATH}/statuts?size=100`)).json(),
    )
    const mine = page.offres.filter((o) => references.includes(o.reference)).map((o) => o.reference)
    expect(mine).toEqual([...references].reverse())
    const created_at = page.offres.map((o) => o.created_at)
    expect(created_at).toEqual([...created_at].sort().reverse())
    expect(page.offres.find((o) => o.reference === references[1])).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Adresse incomplète.',
    })
    expect(page.offres.find((o) => o.reference === references[0])).not.toHaveProperty('rejection_reason')
    // Paging (default 50 per page) and the status criterion.
    const second = await get(baseURL!, writer, `${PATH}/statuts?size=1&page=2`)
    const secondPage = offerStatusesResultSchema.parse(second.json())
    expect(secondPage).toMatchObject({ page: 2, total: page.total })
    expect(secondPage.offres.map((o) => o.reference)).toEqual([page.offres[1]!.reference])
    expect(second.headers.link).toContain('rel="next"')
    const rejected = offerStatusesResultSchema.parse(
      (
        await getWithJsonBody(
          baseURL!,
          `${PATH}/statuts`,
          { search: { status: 'rejected' } },
          { Authorization: writer },
        )
      ).json(),
    )
    expect(rejected.offres.every((o) => o.status === 'rejected')).toBe(true)
    expect(rejected.offres.map((o) => o.reference)).toContain(references[1])
    // Another application sees none of them.
    const theirs = offerStatusesResultSchema.parse(
      (await get(baseURL!, await bearer(baseURL!, testInfo, 'eco'), `${PATH}/statuts?size=100`)).json(),
    )
    expect(theirs.offres.some((o) => references.includes(o.reference))).toBe(false)
    const bad = problem(await get(baseURL!, writer, `${PATH}/statuts?search[status]=lost`), 400)
    expect(bad.errors![0]!.message).toContain('pending_validation')
  })

  test('the search of published offers: every criterion, newest first, Link, GeoJSON, ETag, tags', async ({
    baseURL,
  }, testInfo) => {
    const writer = await bearer(baseURL!, testInfo, 'all')
    const reader = await bearer(baseURL!, testInfo, 'eco')
    const word = marker(testInfo)
    const make = async (offre: Record<string, unknown>, publish = true) => {
      const reference = created(
        await postJson(baseURL!, writer, { ...BASE, label: `${word} offre`, ...offre }),
      )
      if (publish) await runCli(testInfo, ['offres', 'publish', reference])
      return reference
    }
    const paris = await make({
      code_commune: '75108',
      local_type: 'local_commercial',
      surface: 80,
      tags: [`${word} vitrine`],
    })
    const lyon = await make({ code_commune: '69383', transaction_types: ['acheter'], surface: 900 })
    const rennes = await make({ code_commune: '35238', surface: 300, latitude: 48.1, longitude: -1.67 })
    const pending = await make({ code_commune: '75108' }, false)

    const search = async (criteria: Record<string, unknown>) => {
      const response = await getWithJsonBody(
        baseURL!,
        PATH,
        { search: { q: word, ...criteria }, size: 100 },
        {
          Authorization: reader,
        },
      )
      expect(response.status, response.body).toBe(200)
      return offerSearchResultSchema.parse(response.json()).offres.map((o) => o.reference)
    }
    expect(await search({})).toEqual([rennes, lyon, paris])
    expect(await search({})).not.toContain(pending)
    expect(await search({ code_commune: '75056' })).toEqual([paris])
    expect(await search({ code_commune: ['69123', '35238'] })).toEqual([rennes, lyon])
    expect(await search({ zone_id: '40743a30-7e88-52b7-80fd-bce240fc2fcb' })).toEqual([rennes])
    expect(await search({ local_type: 'local_commercial' })).toEqual([paris])
    expect(await search({ transaction_type: 'acheter' })).toEqual([lyon])
    expect(await search({ surface_min: 100, surface_max: 500 })).toEqual([rennes])
    expect(await search({ tags: `${word} VITRINE` })).toEqual([paris])

    // Spec 0.14.0: each item carries the zones of its commune, whose ids search.zone_id takes.
    const items = offerSearchResultSchema.parse(
      (await getWithJsonBody(baseURL!, PATH, { search: { q: word } }, { Authorization: reader })).json(),
    ).offres
    const zonesOf = (reference: string) => items.find((o) => o.reference === reference)!.zones
    expect(zonesOf(rennes).map((z) => [z.type, z.code, z.nom])).toEqual([
      ['epci', '243500139', 'Rennes Métropole'],
      ['departement', '35', 'Ille-et-Vilaine'],
      ['region', '53', 'Bretagne'],
    ])
    expect(zonesOf(lyon).map((z) => z.code)).toEqual(['200046977', '69', '84'])
    for (const zone of zonesOf(rennes)) {
      expect(zone.url).toBe(`/v0/zones/${zone.id}`)
      expect(await search({ zone_id: zone.id })).toEqual([rennes])
    }

    // The query-string form, paging and its Link header.
    const page = await get(baseURL!, reader, `${PATH}?search[q]=${word}&size=1&page=2`)
    const body = offerSearchResultSchema.parse(page.json())
    expect(body).toMatchObject({ total: 3, page: 2 })
    expect(body.offres[0]).toMatchObject({ reference: lyon, libelle_commune: 'Lyon 3e Arrondissement' })
    expect(page.headers.link).toContain('rel="prev"')
    expect(
      (
        await get(baseURL!, reader, `${PATH}?search[q]=${word}&size=1&page=2`, {
          'If-None-Match': page.headers.etag as string,
        })
      ).status,
    ).toBe(304)

    const invalid = problem(
      await get(baseURL!, reader, `${PATH}?search[local_type]=chateau&search[colour]=red`),
      400,
    )
    expect(invalid.errors!.map((e) => e.message).join(' ')).toContain('bureaux')

    // GeoJSON: the offer's own position, else its commune's centre.
    const geo = await get(baseURL!, reader, `${PATH}.geojson?search[q]=${word}`)
    expect(geo.headers['content-type']).toBe('application/geo+json')
    const features = offerFeatureCollectionSchema.parse(geo.json()).features
    const at = (reference: string) =>
      features.find((f) => f.properties.offres.some((o) => o.id === reference))
    expect(at(rennes)?.geometry.coordinates).toEqual([-1.67, 48.1])
    expect(at(paris)).toBeDefined()
    expect(at(pending)).toBeUndefined()

    // Tags of published offers with their counts.
    const tags = offerTagsResultSchema.parse((await get(baseURL!, reader, `${PATH}/tags`)).json()).tags
    expect(tags).toContainEqual({ tag: `${word} vitrine`, count: 1 })
    expect(tags.length).toBeGreaterThan(5)
  })

  test('the seed’s published offers: the first page, newest first, and the documented example', async ({
    baseURL,
  }, testInfo) => {
    const reader = await bearer(baseURL!, testInfo, 'eco')
    const first = offerSearchResultSchema.parse((await get(baseURL!, reader, PATH)).json())
    expect(first.total).toBeGreaterThan(100)
    expect(first.offres).toHaveLength(50)
    const dates = first.offres.map((o) => o.published_at!)
    expect(dates).toEqual([...dates].sort().reverse())
    const example = await get(baseURL!, reader, `${PATH}/2019-09-00001`)
    expect(offerRecordWireSchema.parse(example.json()).offre).toMatchObject({
      status: 'published',
      reference: '2019-09-00001',
    })
  })
})

test('the CLI lists offers and refuses a status change that does not apply', async ({
  baseURL,
}, testInfo) => {
  const writer = await bearer(baseURL!, testInfo, 'all')
  const reference = created(await postJson(baseURL!, writer, BASE))
  const { stdout } = await runCli(testInfo, ['offres', 'list', '--status', 'pending_validation', '--json'])
  const listed = JSON.parse(stdout.trim().split('\n').pop()!) as {
    total: number
    offres: Array<{ reference: string }>
  }
  expect(listed.offres.map((o) => o.reference)).toContain(reference)
  await expect(runCli(testInfo, ['offres', 'archive', '2001-01-99999'])).rejects.toThrow(/Aucune offre/)
  await runCli(testInfo, ['offres', 'reject', reference, '--reason', 'Doublon.'])
  await expect(runCli(testInfo, ['offres', 'publish', reference])).rejects.toThrow(/refusée/)
})
