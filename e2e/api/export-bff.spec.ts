// GET /bff/etablissements/export (the explorer's CSV export, any signed-in staff member) through real
// HTTP: both flavours with their media types and RFC 6266 names, the search's records in the dataset
// columns, 400 past 10,000 results or for an unknown flavour, 401 signed out.
import { parse } from 'csv-parse/sync'
import { parse as parseDisposition } from 'content-disposition'
import iconv from 'iconv-lite'
import { expect, test } from '../support/contract-test'
import { datasetModel } from '@/lib/datasets/models'
import { problemSchema } from '@/lib/http/problem-schema'
import { signInRequest } from '../support/staff'

const SEARCH = 'search[code_commune]=35238&search[tranche_effectif]=11'

test('a staff member downloads the search in UTF-8 with commas, named after the search', async ({
  request,
  baseURL,
}) => {
  await signInRequest(request, baseURL!, 'staff')
  const page = (await (await request.get(`/bff/etablissements?${SEARCH}&size=1`)).json()) as { total: number }
  const response = await request.get(`/bff/etablissements/export?${SEARCH}`)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8')
  expect(response.headers()['cache-control']).toBe('no-store')
  const disposition = response.headers()['content-disposition']!
  expect(disposition).toBe(
    `attachment; filename="Etablissements - Rennes - 10 a 19 salaries.csv"; filename*=UTF-8''%C3%89tablissements%20-%20Rennes%20-%2010%20%C3%A0%2019%20salari%C3%A9s.csv`,
  )
  expect(parseDisposition(disposition).parameters.filename).toBe(
    'Établissements - Rennes - 10 à 19 salariés.csv',
  )
  const rows = parse((await response.body()).toString('utf8')) as string[][]
  expect(rows[0]).toEqual([...datasetModel('siret').csvColumns])
  expect(rows).toHaveLength(page.total + 1)
  expect(response.headers()['x-export-rows']).toBe(String(page.total))
  expect(rows.slice(1).every((r) => r[7] === '35238' && r[10] === '11')).toBe(true)
})

test('the spreadsheet flavour is ISO-8859-15 with semicolons, the same records', async ({
  request,
  baseURL,
}) => {
  await signInRequest(request, baseURL!, 'staff')
  const utf8 = parse(
    (await (await request.get(`/bff/etablissements/export?${SEARCH}`)).body()).toString(),
  ) as string[][]
  const response = await request.get(`/bff/etablissements/export?${SEARCH}&encodage=iso-8859-15`)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('text/csv; charset=iso-8859-15')
  const bytes = await response.body()
  // Single bytes only: no UTF-8 sequence (é is E9).
  expect(bytes.includes(Buffer.from('Ã©', 'latin1'))).toBe(false)
  const rows = parse(iconv.decode(bytes, 'iso-8859-15'), { delimiter: ';' }) as string[][]
  expect(rows.map((r) => r[1])).toEqual(utf8.map((r) => r[1]))
  expect(rows[0]!.join(';')).toBe(datasetModel('siret').csvColumns.join(';'))
})

test('400 past 10,000 results (the search without criteria) and for an unknown flavour; 401 signed out', async ({
  request,
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL: baseURL! })
  try {
    expect((await anonymous.get(`/bff/etablissements/export?${SEARCH}`)).status()).toBe(401)
  } finally {
    await anonymous.dispose()
  }
  await signInRequest(request, baseURL!, 'staff')
  const tooMany = await request.get('/bff/etablissements/export')
  expect(tooMany.status()).toBe(400)
  expect(tooMany.headers()['content-type']).toBe('application/problem+json; charset=utf-8')
  const problem = problemSchema.parse(await tooMany.json())
  expect(problem.detail).toMatch(/l’export CSV en contient 10\s000 au plus/)
  expect(problem.errors?.[0]).toMatchObject({ location: 'query', path: 'search', code: 'too_big' })

  const unknown = await request.get(`/bff/etablissements/export?${SEARCH}&encodage=latin1`)
  expect(unknown.status()).toBe(400)
  expect(problemSchema.parse(await unknown.json()).errors?.[0]).toMatchObject({ path: 'encodage' })
  const badSearch = await request.get('/bff/etablissements/export?search[code_commune]=123')
  expect(badSearch.status()).toBe(400)
})
