// `npm run cli -- import sirene` against the running instances (embedded engine and PostgreSQL):
// the import replaces the served establishments while the app keeps serving, GET / then reports
// the SIRENE data, and a failed import leaves the previous data served. These specs run after the
// API and browser projects (they replace the data those expect) and restore the synthetic data.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type APIRequestContext } from '@playwright/test'
import {
  corruptEstablishments,
  EXPECTED,
  FIXTURES,
  packagedFixtures,
} from '@/lib/sirene/testing/fixture-files'
import { statusSchema } from '@/lib/status/get-status'
import { engineOf, runCli } from '../support/engine'
import { E2E_SEED } from '../support/servers'

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
