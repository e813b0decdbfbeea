// `npm run cli -- import sirene` against the running instances (embedded engine and PostgreSQL):
// the import replaces the served establishments while the app keeps serving, GET / then reports
// the SIRENE data, and a failed import leaves the previous data served. These specs run after the
// API and browser projects (they replace the data those expect) and restore the synthetic data.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type APIRequestContext, type TestInfo } from '@playwright/test'
import { establishmentDetailWireSchema, featureCollectionSchema } from '@/lib/establishments/serialise'
import {
  corruptEstablishments,
  differencesFromExpected,
  EXPECTED,
  FIXTURES,
  packagedFixtures,
  type ShownEstablishment,
} from '@/lib/sirene/testing/fixture-files'
import { shownFromRecord } from '@/lib/sirene/testing/shown-establishment'
import { statusSchema } from '@/lib/status/get-status'
import { containsPoint } from '@/lib/territory/geometry'
import { communeOutlines, referenceData } from '@/lib/territory/reference-data'
import { engineOf, runCli } from '../support/engine'
import { E2E_SEED } from '../support/servers'
import { bearer } from '../support/tokens'

test.describe.configure({ mode: 'serial' })

// Created per worker (not at module load: the runner also loads this file to list the tests).
let dir = ''
test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-e2e-sirene-'))
})
const IMPORTED = Object.keys(EXPECTED).length

async function served(request: APIRequestContext) {
  const response = await request.get('/', { headers: { Accept: 'application/json' } })
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/json; charset=utf-8')
  return statusSchema.parse(await response.json()).donnees
}

function importArgs(files: {
  etablissements: string
  unitesLegales: string
  geolocalisation?: string
}): string[] {
  return [
    'import',
    'sirene',
    '--etablissements',
    files.etablissements,
    '--unites-legales',
    files.unitesLegales,
    ...(files.geolocalisation ? ['--geolocalisation', files.geolocalisation] : []),
  ]
}

/** An imported establishment as `GET /v0/eco/sirets/:siret` shows it, in the fixtures' terms. */
async function shownByApi(
  request: APIRequestContext,
  testInfo: TestInfo,
  siret: string,
): Promise<ShownEstablishment> {
  const response = await request.get(`/v0/eco/sirets/${siret}`, {
    headers: {
      Accept: 'application/json',
      Authorization: await bearer(baseUrlOf(testInfo), testInfo, 'eco'),
    },
  })
  expect(response.status(), siret).toBe(200)
  const record = establishmentDetailWireSchema.parse(await response.json())
  expect(record.id).toBe(siret)
  expect(record.url).toBe(`/v0/eco/sirets/${siret}`)
  expect(record.secteur_alternatif).toBeUndefined()
  return shownFromRecord(record)
}

const baseUrlOf = (testInfo: TestInfo) => testInfo.project.use.baseURL!

/** The command's failure: exit status and what it printed. */
async function failure(run: Promise<unknown>): Promise<{ code: number; stderr: string }> {
  const error = await run.then(
    () => null,
    (e: unknown) => e as { code: number; stderr: string },
  )
  expect(error, 'the command should fail').not.toBeNull()
  return error!
}

test.afterAll(async ({}, testInfo) => {
  fs.rmSync(dir, { recursive: true, force: true })
  await runCli(testInfo, [
    'seed',
    '--establishments',
    String(E2E_SEED.establishments),
    '--premises',
    String(E2E_SEED.premises),
    '--seed',
    String(E2E_SEED.seed),
  ])
})

test('imports the stock files (.csv, .zip, .gz) while the app serves, and GET / reports them', async ({
  request,
}, testInfo) => {
  const { stdout, stderr } = await runCli(testInfo, [...importArgs(packagedFixtures(dir)), '--json'])
  if (engineOf(testInfo) === 'embedded') expect(stderr).toContain('using the running app’s engine')
  expect(stderr).toMatch(new RegExp(`${IMPORTED} establishments imported`))
  const summary = JSON.parse(stdout.trim().split('\n').pop()!) as {
    etablissements: number
    avecPosition: number
  }
  expect(summary).toMatchObject({ etablissements: IMPORTED, avecPosition: 8 })
  expect(await served(request)).toMatchObject({ source: 'sirene', etablissements: IMPORTED })
})

test('the API serves the imported establishments as the fixtures expect, hidden data and positions included', async ({
  request,
}, testInfo) => {
  await runCli(testInfo, importArgs(FIXTURES))
  for (const siret of Object.keys(EXPECTED)) {
    expect(differencesFromExpected(await shownByApi(request, testInfo, siret))).toEqual([])
  }

  // The map shows exactly the placed establishments, each inside the outline of its commune; a
  // partially diffusible unit is never placed, although the geolocation file has a position for it.
  const response = await request.get('/v0/eco/sirets.geojson', {
    headers: { Authorization: await bearer(baseUrlOf(testInfo), testInfo, 'eco') },
  })
  expect(response.status()).toBe(200)
  const points = featureCollectionSchema
    .parse(await response.json())
    .features.flatMap((feature) =>
      feature.properties.etablissements.map((e) => ({ siret: e.id, at: feature.geometry.coordinates })),
    )
  const placed = Object.values(EXPECTED).filter((e) => e.position !== null)
  expect(points.map((p) => p.siret).sort()).toEqual(placed.map((e) => e.siret).sort())
  const outlines = communeOutlines()
  const outlineOf = new Map(referenceData().communes.map((c) => [c.code, c.outlineCode]))
  for (const { siret, at } of points) {
    const commune = EXPECTED[siret]!.code_commune
    const outline = outlines.get(outlineOf.get(commune) ?? '')
    expect(outline, `outline of ${commune}`).toBeDefined()
    expect(containsPoint(outline!, at), `${siret} in ${commune}`).toBe(true)
  }
})

test('filters closed establishments and departments', async ({ request }, testInfo) => {
  const cases: Array<[string[], number]> = [
    [['--only-active'], IMPORTED - 1],
    [['--departements', '35,44'], 2],
    [['--only-active', '--departements', '974,972'], 2],
  ]
  for (const [options, count] of cases) {
    await runCli(testInfo, [...importArgs(FIXTURES), ...options])
    expect(await served(request), options.join(' ')).toMatchObject({
      source: 'sirene',
      etablissements: count,
    })
  }
})

test('a corrupt file fails the command and the previous data stays served', async ({ request }, testInfo) => {
  await runCli(testInfo, importArgs(FIXTURES))
  const before = await served(request)
  const { code, stderr } = await failure(
    runCli(testInfo, importArgs({ ...FIXTURES, etablissements: corruptEstablishments(dir) })),
  )
  expect(code).toBe(1)
  expect(stderr).toMatch(/StockEtablissement_corrompu\.csv: corrupt/)
  expect(await served(request)).toEqual(before)
})

test('refuses wrong arguments with a clear message, before touching the data', async ({
  request,
}, testInfo) => {
  const before = await served(request)
  const cases: Array<[string[], RegExp]> = [
    [[...importArgs(FIXTURES), '--departements', '35,99'], /unknown department code: 99/],
    [
      ['import', 'sirene', '--etablissements', FIXTURES.etablissements],
      /required option '--unites-legales <file>'/,
    ],
    [importArgs({ ...FIXTURES, unitesLegales: path.join(dir, 'absent.zip') }), /absent\.zip: file not found/],
    [
      importArgs({ ...FIXTURES, geolocalisation: FIXTURES.unitesLegales }),
      /not the GeolocalisationEtablissement/,
    ],
  ]
  for (const [args, message] of cases) {
    const { code, stderr } = await failure(runCli(testInfo, args))
    expect(code, args.join(' ')).toBe(1)
    expect(stderr).toMatch(message)
  }
  expect(await served(request)).toEqual(before)
})
