// Datasets of the `tf` and `th` models on both engines: a commune's notices captured whole (the same
// records as GET /tf and /th give, with their lines), and CSV files whose amount columns add up to
// each notice's total.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePool, pool, query } from '../db/pool'
import { LocalFileStore } from '../files/local-store'
import { tfListing } from '../fiscal/tf'
import { thListing } from '../fiscal/th'
import { seedDatabase } from '../seed/seed-database'
import { engineSkipped, testEngine } from '../testing/engine'
import { createDataset, getDatasetOrThrow, previewSearch } from './datasets'
import { DatasetJobRunner } from './job-runner'
import { datasetModel } from './models'
import { getPublishedDatasetOrThrow, recordsPage } from './published'

afterAll(() => closePool())

let root: string
let store: LocalFileStore
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-fiscal-datasets-'))
  store = new LocalFileStore({
    root,
    baseUrl: 'http://localhost:3000',
    secret: 'fiscal-datasets-test-secret-0123456789',
  })
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

type Notice = { id: string; total_centimes: number; lignes: Array<{ montant_centimes: number }> }

describe.skipIf(engineSkipped)(`tf and th datasets on ${testEngine}`, () => {
  let codcom: string

  beforeAll(async () => {
    await seedDatabase(pool(), { establishments: 2000, premises: 400, parcels: 4000, seed: 3 })
    // The commune with the most housing-tax notices (and property-tax notices in every commune).
    const { rows } = await query<{ codcom: string }>(
      'SELECT codcom FROM avis_th GROUP BY codcom ORDER BY count(*) DESC, codcom LIMIT 1',
    )
    codcom = rows[0]!.codcom
  })

  async function csvOf(id: string) {
    expect(await new DatasetJobRunner({ store, engine: testEngine }).runUntilIdle(id)).toEqual(['published'])
    const served = (await getDatasetOrThrow(id)).current!
    const [header, ...rows] = parse(fs.readFileSync(path.join(root, served.fileName!), 'utf8')) as string[][]
    return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])))
  }

  for (const model of ['tf', 'th'] as const) {
    it(`exports a commune's ${model} notices whole, records as the API lists them with their lines`, async () => {
      const listing = model === 'tf' ? tfListing : thListing
      const search = { codcom, annee: [2024, 2025] }
      const api = await listing.page({
        search: { codcom: [codcom], annee: [2024, 2025] },
        page: 1,
        size: 100,
        paginated: true,
      })
      expect(api.total).toBeGreaterThan(0)
      expect(await previewSearch(model, search, 5)).toMatchObject({ total: api.total })
      const dataset = await createDataset({ title: `Avis ${model}`, model, search, encoding: 'UTF-8' })
      const published = await getPublishedDatasetOrThrow(dataset.id)
      expect(published.total).toBe(api.total)
      const records = (await recordsPage(published, 1, 100)) as Notice[]
      const recordSchema = datasetModel(model).recordSchema
      for (const record of records) {
        recordSchema.parse(record)
        expect(record.total_centimes).toBe(record.lignes.reduce((s, l) => s + l.montant_centimes, 0))
      }
      // The API's list record is the dataset record without its lines.
      expect(records.map(({ lignes: _, ...rest }) => rest)).toEqual(api.items.slice(0, records.length))

      const rows = await csvOf(dataset.id)
      expect(rows).toHaveLength(api.total)
      expect(rows.slice(0, records.length).map((r) => r.id)).toEqual(records.map((r) => r.id))
      const amounts = datasetModel(model).csvColumns.filter(
        (c) => c.endsWith('_centimes') && c !== 'total_centimes',
      )
      for (const row of rows) {
        expect(
          amounts.reduce((s, c) => s + Number(row[c]), 0),
          row.id,
        ).toBe(Number(row.total_centimes))
        expect(row.url).toBe(`/v0/${model}/${row.id}`)
        expect(row.codcom).toBe(codcom)
      }
    })
  }
})
