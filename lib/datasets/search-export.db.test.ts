// The staff's CSV export of a search on both engines: the dataset file's columns and rows for the
// same search, byte for byte, in UTF-8 with commas or in ISO-8859-15 with semicolons; nothing kept
// in the datasets' tables; 400 past 10,000 results; the file named after the search.
import { parse } from 'csv-parse/sync'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePool, pool, query } from '../db/pool'
import { ApiError } from '../http/api-error'
import { RESULT_CAP } from '../http/list-limits'
import { commaToSemicolonCsv } from '../testing/csv-flavours'
import { engineSkipped, testEngine } from '../testing/engine'
import { insertEstablishments, testSiren } from '../testing/dataset-fixtures'
import { previewSearch } from './datasets'
import { encodeLatin9 } from './latin9'
import { datasetModel } from './models'
import { exportSearch, searchTitle } from './search-export'

afterAll(() => closePool())

async function tableSizes() {
  const { rows } = await query<{ datasets: number; snapshots: number; records: number }>(
    `SELECT (SELECT count(*)::int FROM dataset) AS datasets, (SELECT count(*)::int FROM dataset_snapshot) AS snapshots,
            (SELECT count(*)::int FROM dataset_record) AS records`,
  )
  return rows[0]!
}

describe.skipIf(engineSkipped)(`search export on ${testEngine}`, () => {
  const siren = testSiren(testEngine === 'postgres' ? 301 : 302)

  beforeAll(async () => {
    await insertEstablishments(siren, 30)
  })

  it('writes the search’s records in the dataset columns, UTF-8 with commas, and keeps nothing', async () => {
    const before = await tableSizes()
    const file = await exportSearch('siret', { siren }, 'utf-8')
    expect(await tableSizes()).toEqual(before)
    expect(file).toMatchObject({ rows: 30, contentType: 'text/csv; charset=utf-8', replacedCharacters: 0 })
    const text = file.bytes.toString('utf8')
    const [header, ...rows] = parse(text, { relax_column_count: false }) as string[][]
    expect(header).toEqual([...datasetModel('siret').csvColumns])
    expect(rows).toHaveLength(30)
    // The same records as the search previews, in SIRET order, with their names intact.
    const preview = await previewSearch('siret', { siren }, 100)
    expect(rows.map((r) => r[1])).toEqual(preview.records.map((r) => (r as { siret: string }).siret))
    expect(text).toContain('Łódź Import 😀')
    expect(text).toContain('"Boulangerie ""Au Bon Pain"", Rennes"')
    expect(text.startsWith('id,siret,')).toBe(true)
  })

  it('writes ISO-8859-15 with semicolons for spreadsheets, byte for byte, counting what Latin-9 lacks', async () => {
    const utf8 = await exportSearch('siret', { siren }, 'utf-8')
    const latin9 = await exportSearch('siret', { siren }, 'iso-8859-15')
    expect(latin9.contentType).toBe('text/csv; charset=iso-8859-15')
    const rows = parse(iconv.decode(latin9.bytes, 'iso-8859-15'), { delimiter: ';' }) as string[][]
    const utf8Rows = parse(utf8.bytes.toString('utf8')) as string[][]
    expect(rows).toHaveLength(utf8Rows.length)
    // The UTF-8 file with ; between fields, through the dataset files' Latin-9 encoder.
    const expected = encodeLatin9(commaToSemicolonCsv(utf8.bytes.toString('utf8')))
    expect(latin9.bytes.equals(expected.bytes)).toBe(true)
    expect(latin9.replacedCharacters).toBe(expected.replaced)
    expect(latin9.replacedCharacters).toBeGreaterThan(0)
    expect(latin9.bytes.includes(Buffer.from([0xe9]))).toBe(true) // é
  })

  it('refuses a search of more results than the limit (10,000) with 400, saying what to do', async () => {
    expect(RESULT_CAP).toBe(10_000)
    const before = await tableSizes()
    const error = await exportSearch('siret', { siren }, 'utf-8', { limit: 29 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, options: { extensions: { total: 30, limit: 29 } } })
    expect((error as ApiError).detail).toMatch(/compte 30 résultats : l’export CSV en contient 29 au plus/)
    expect(await tableSizes()).toEqual(before)
    expect((await exportSearch('siret', { siren }, 'utf-8', { limit: 30 })).rows).toBe(30)
  })

  it('names the file after the search', async () => {
    const file = await exportSearch('siret', { siren, code_naf: '6201Z' }, 'utf-8')
    expect(file.fileName).toBe(`Établissements - 62.01Z Programmation informatique - ${siren}.csv`)
    expect(
      await searchTitle(
        'siret',
        { code_commune: ['69123', '69266'], tranche_effectif: ['11'], q: ['boulangerie'] },
        pool(),
      ),
    ).toBe('Établissements - Lyon, Villeurbanne - 10 à 19 salariés - boulangerie')
    expect(await searchTitle('siret', 'Café', pool())).toBe('Établissements - Café')
    expect(await searchTitle('siret', {}, pool())).toBe('Établissements')
  })
})
