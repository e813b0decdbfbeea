// The datasets commands while the app runs, on both engines: create (waiting for the file, which the
// command or the app generates), list, set-encoding, refresh and delete, seen through the API.
import { expect, test } from '../support/contract-test'
import { runCli } from '../support/engine'
import { bearer } from '../support/tokens'

interface Shown {
  id: string
  status: string
  encoding: string
  total: number
  current: { version: number; file_name: string; encoding: string } | null
}

const last = (stdout: string) => JSON.parse(stdout.trim().split('\n').pop()!) as Shown

test('creates, lists, re-encodes, refreshes and deletes datasets', async ({ request, baseURL }, testInfo) => {
  const created = last(
    (
      await runCli(testInfo, [
        'datasets',
        'create',
        '--model',
        'local',
        '--search',
        '{"departement":"35","annee":[2024,2025]}',
        '--title',
        'Locaux CLI',
        '--encoding',
        'iso-8859-15',
        '--json',
      ])
    ).stdout,
  )
  expect(created).toMatchObject({ status: 'ready', encoding: 'ISO-8859-15', current: { version: 1 } })
  expect(created.current?.file_name).toBe(`${created.id}-v1-iso-8859-15.csv`)

  const fiscal = await bearer(baseURL!, testInfo, 'fiscal')
  const view = await request.get(`/v0/datasets/${created.id}?csv`, {
    headers: { Accept: 'application/json', Authorization: fiscal },
  })
  expect(await view.json()).toMatchObject({
    title: 'Locaux CLI',
    version: 1,
    encoding: 'ISO-8859-15',
    total: created.total,
  })

  const listed = await runCli(testInfo, ['datasets', 'list', '--json'])
  expect((JSON.parse(listed.stdout) as Shown[]).map((d) => d.id)).toContain(created.id)

  const utf8 = last(
    (await runCli(testInfo, ['datasets', 'set-encoding', created.id, 'utf-8', '--json'])).stdout,
  )
  expect(utf8).toMatchObject({
    status: 'ready',
    encoding: 'UTF-8',
    current: { version: 2, encoding: 'UTF-8' },
  })

  const refreshed = last((await runCli(testInfo, ['datasets', 'refresh', created.id, '--json'])).stdout)
  expect(refreshed.current).toMatchObject({ version: 3, file_name: `${created.id}-v3.csv` })

  await runCli(testInfo, ['datasets', 'delete', created.id])
  const gone = await request.get(`/v0/datasets/${created.id}`, {
    headers: { Accept: 'application/json', Authorization: fiscal },
  })
  expect(gone.status()).toBe(404)

  const refused = await runCli(testInfo, ['datasets', 'create', '--model', 'cadastre', '--title', 'x']).catch(
    (error: { code: number; stderr: string }) => error,
  )
  expect(refused).toMatchObject({ code: 1 })
  expect((refused as { stderr: string }).stderr).toMatch(
    /expected siret or local or offre or parcelle or prop or tf or th/,
  )
})

test('creates parcel and account datasets from a search, as the list endpoints find them', async ({
  request,
  baseURL,
}, testInfo) => {
  const fiscal = await bearer(baseURL!, testInfo, 'fiscal')
  const total = async (path: string, query: string) => {
    const response = await request.get(`${path}?${query}&size=1`, {
      headers: { Accept: 'application/json', Authorization: fiscal },
    })
    expect(response.status()).toBe(200)
    return ((await response.json()) as { total: number }).total
  }

  const parcels = last(
    (
      await runCli(testInfo, [
        'datasets',
        'create',
        '--model',
        'parcelle',
        '--search',
        '{"codcom":"35238","section":["0A","0B"]}',
        '--title',
        'Parcelles CLI',
        '--json',
      ])
    ).stdout,
  )
  const parcelTotal = await total(
    '/v0/ca/parcelles',
    'search[codcom]=35238&search[section]=0A&search[section]=0B',
  )
  expect(parcelTotal).toBeGreaterThan(0)
  expect(parcels).toMatchObject({
    status: 'ready',
    encoding: 'UTF-8',
    total: parcelTotal,
    current: { version: 1 },
  })
  const geojson = await request.get(`/v0/datasets/${parcels.id}`, {
    headers: { Accept: 'application/geo+json', Authorization: fiscal },
  })
  expect(((await geojson.json()) as { features: unknown[] }).features).toHaveLength(parcelTotal)

  const accounts = last(
    (
      await runCli(testInfo, [
        'datasets',
        'create',
        '--model',
        'prop',
        '--search',
        '{"codcom":"35238","personne":"morale"}',
        '--title',
        'Personnes morales CLI',
        '--encoding',
        'iso-8859-15',
        '--json',
      ])
    ).stdout,
  )
  const accountTotal = await total('/v0/ca/props', 'search[codcom]=35238&search[personne]=morale')
  expect(accountTotal).toBeGreaterThan(0)
  expect(accounts).toMatchObject({ status: 'ready', encoding: 'ISO-8859-15', total: accountTotal })
  const view = await request.get(`/v0/datasets/${accounts.id}?csv`, {
    headers: { Accept: 'application/json', Authorization: fiscal },
  })
  expect(await view.json()).toMatchObject({ title: 'Personnes morales CLI', total: accountTotal })

  for (const id of [parcels.id, accounts.id]) await runCli(testInfo, ['datasets', 'delete', id])

  const refused = await runCli(testInfo, [
    'datasets',
    'create',
    '--model',
    'prop',
    '--search',
    '{"droit":"Z"}',
    '--title',
    'x',
  ]).catch((error: { code: number; stderr: string }) => error)
  expect(refused).toMatchObject({ code: 1 })
  expect((refused as { stderr: string }).stderr).toMatch(/Code de droit inconnu/)
})
