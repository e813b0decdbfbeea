// Datasets of the cadastre's models on both engines: parcels (`parcelle`, JSON, GeoJSON, CSV) and
// owner accounts (`prop`, JSON, CSV) hold exactly what GET /ca/parcelles and /ca/props find for the
// same search (totals and records, in order), their CSV files (UTF-8 and ISO-8859-15) have the
// model's columns and the records' values, and a parcel dataset's GeoJSON carries each parcel's
// stored outline with its record.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountListing, accountSearchSchema } from '../cadastre/accounts'
import { parcelListing, parcelSearchSchema } from '../cadastre/parcels'
import { RIGHTS } from '../cadastre/rights'
import { closePool, pool, query } from '../db/pool'
import { LocalFileStore } from '../files/local-store'
import { seedDatabase } from '../seed/seed-database'
import { engineSkipped, testEngine } from '../testing/engine'
import { createDataset, getDatasetOrThrow, previewSearch } from './datasets'
import { DatasetJobRunner } from './job-runner'
import iconv from 'iconv-lite'
import { encodeLatin9 } from './latin9'
import { datasetModel, type DatasetModelType } from './models'
import { datasetRecordsByGeoRank, getPublishedDatasetOrThrow, recordsPage } from './published'

afterAll(() => closePool())

let root: string
let store: LocalFileStore

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-cadastre-datasets-'))
  store = new LocalFileStore({
    root,
    baseUrl: 'http://localhost:3000',
    secret: 'cadastre-datasets-db-test-secret-0123',
  })
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

/** Every record of a list endpoint for a search, page after page (100 a page), and its total. */
async function listed(
  listing: typeof parcelListing | typeof accountListing,
  search: unknown,
): Promise<{ total: number; items: Record<string, unknown>[] }> {
  const items: Record<string, unknown>[] = []
  let total = 0
  // The search as the endpoint parses it (lists, upper-cased codes…).
  const parsed = (listing === parcelListing ? parcelSearchSchema : accountSearchSchema).parse(search)
  for (let page = 1; ; page++) {
    const result = await listing.page({ search: parsed as never, page, size: 100 } as never)
    total = result.total
    items.push(...(result.items as Record<string, unknown>[]))
    if (items.length >= total || result.items.length === 0) break
  }
  return { total, items }
}

async function created(model: DatasetModelType, search: unknown, encoding: 'UTF-8' | 'ISO-8859-15') {
  const dataset = await createDataset({ title: `Jeu ${model}`, model, search, encoding })
  const outcomes = await new DatasetJobRunner({ store, engine: testEngine, heartbeatMs: 50 }).runUntilIdle(
    dataset.id,
  )
  expect(outcomes).toEqual(['published'])
  const ready = await getDatasetOrThrow(dataset.id)
  const published = await getPublishedDatasetOrThrow(dataset.id)
  const records = (await recordsPage(published, 1, Math.max(1, published.total))) as Record<string, unknown>[]
  const bytes = fs.readFileSync(path.join(root, ready.current!.fileName!))
  const text = encoding === 'UTF-8' ? bytes.toString('utf8') : iconv.decode(bytes, 'iso-8859-15')
  return { dataset: ready, published, records, csv: parse(text) as string[][], bytes }
}

/** The CSV row the model's columns give a record: scalars as text, null empty. */
const scalar = (value: unknown) => (value === null || value === undefined ? '' : String(value))

describe.skipIf(engineSkipped)(`cadastre datasets on ${testEngine}`, () => {
  let commune: string
  /** A commune with legal persons and usufructs among its accounts. */
  let accountCommune: string

  beforeAll(async () => {
    await seedDatabase(pool(), { establishments: 500, premises: 300, parcels: 3000, seed: 5 })
    // The commune with the fewest parcels (a dataset of some hundreds of records).
    const { rows } = await query<{ codcom: string }>(
      `SELECT codcom FROM parcelle GROUP BY codcom HAVING count(*) BETWEEN 20 AND 600 ORDER BY count(*), codcom LIMIT 1`,
    )
    commune = rows[0]!.codcom
    const accounts = await query<{ codcom: string }>(
      `SELECT codcom FROM compte_communal GROUP BY codcom
        HAVING count(*) FILTER (WHERE personne = 'morale') > 0
           AND count(*) FILTER (WHERE titulaires @> '[{"code": "U"}]') > 0
        ORDER BY count(*), codcom LIMIT 1`,
    )
    accountCommune = accounts.rows[0]!.codcom
  })

  it('captures a parcel search as GET /ca/parcelles finds it: total, records and order', async () => {
    const search = { codcom: commune }
    const api = await listed(parcelListing, search)
    expect(api.total).toBeGreaterThan(0)
    const { published, records } = await created('parcelle', search, 'UTF-8')
    expect(published.total).toBe(api.total)
    expect(published.located).toBe(api.total)
    expect(records).toEqual(api.items)
    expect(records.every((r) => datasetModel('parcelle').recordSchema.safeParse(r).success)).toBe(true)
    const preview = await previewSearch('parcelle', search, 5)
    expect(preview.total).toBe(api.total)
    expect(preview.records).toEqual(api.items.slice(0, 5))
  })

  it('captures a free-text parcel search (an address word) like the API', async () => {
    const { rows } = await query<{ word: string }>(
      `SELECT split_part(adresse, ' ', 3) AS word FROM parcelle WHERE codcom = $1 AND adresse ~ '^[0-9]+ RUE ' LIMIT 1`,
      [commune],
    )
    const search = rows[0] ? `${rows[0].word}` : commune
    const api = await listed(parcelListing, search)
    const { published, records } = await created('parcelle', search, 'UTF-8')
    expect(published.total).toBe(api.total)
    expect(records).toEqual(api.items)
  })

  it('writes the parcels’ CSV file with the model’s columns, in UTF-8 and in ISO-8859-15', async () => {
    const columns = datasetModel('parcelle').csvColumns
    for (const encoding of ['UTF-8', 'ISO-8859-15'] as const) {
      const { records, csv, bytes } = await created('parcelle', { codcom: commune }, encoding)
      // What Latin-9 holds of a value (characters it cannot hold become "?").
      const held = (value: string) =>
        encoding === 'UTF-8' ? value : iconv.decode(encodeLatin9(value).bytes, 'iso-8859-15')
      expect(csv[0]).toEqual(columns)
      expect(csv.slice(1)).toEqual(records.map((r) => columns.map((c) => held(scalar(r[c])))))
      if (encoding === 'ISO-8859-15') {
        // One byte per character: never the two bytes of UTF-8's é (C3 A9).
        expect(bytes.includes(Buffer.from([0xc3, 0xa9]))).toBe(false)
      }
    }
  })

  it('streams a parcel dataset’s GeoJSON: each parcel’s stored outline, its record as properties', async () => {
    const { published, records } = await created('parcelle', { codcom: commune }, 'UTF-8')
    const model = datasetModel('parcelle')
    let text = ''
    for await (const chunk of model.geojson!.write(
      datasetRecordsByGeoRank(published, model.geojson!.pointsQuery, 7),
    ))
      text += chunk
    const collection = JSON.parse(text) as {
      type: string
      features: Array<{ type: string; geometry: { type: string; coordinates: unknown }; properties: unknown }>
    }
    expect(collection.type).toBe('FeatureCollection')
    expect(collection.features).toHaveLength(published.total)
    expect(collection.features.map((f) => f.properties)).toEqual(records)
    const stored = new Map(
      (
        await query<{ id: string; geometrie: string }>(
          'SELECT id, geometrie FROM parcelle WHERE codcom = $1',
          [commune],
        )
      ).rows.map((r) => [r.id, JSON.parse(r.geometrie) as unknown]),
    )
    for (const feature of collection.features) {
      expect(feature.type).toBe('Feature')
      expect(['Polygon', 'MultiPolygon']).toContain(feature.geometry.type)
      expect(feature.geometry).toEqual(stored.get((feature.properties as { id: string }).id))
    }
  })

  it('captures an account search as GET /ca/props finds it, droits and all', async () => {
    const search = { codcom: accountCommune, personne: 'morale' }
    const api = await listed(accountListing, search)
    expect(api.total).toBeGreaterThan(0)
    const { published, records, csv } = await created('prop', search, 'UTF-8')
    expect(published.total).toBe(api.total)
    expect(records).toEqual(api.items)
    expect(records.every((r) => datasetModel('prop').recordSchema.safeParse(r).success)).toBe(true)

    const columns = datasetModel('prop').csvColumns
    expect(csv[0]).toEqual(columns)
    const expected = records.map((r) => {
      const droits = r.droits as Array<{ code: string; libelle: string; nom: string }>
      const flat: Record<string, string> = {
        droits_code: droits.map((d) => d.code).join(' | '),
        droits_libelle: droits.map((d) => d.libelle).join(' | '),
        droits_nom: droits.map((d) => d.nom).join(' | '),
      }
      return columns.map((c) => flat[c] ?? scalar(r[c]))
    })
    expect(csv.slice(1)).toEqual(expected)
  })

  it('captures accounts by right held (several holders) like the API, in ISO-8859-15 too', async () => {
    const search = { codcom: accountCommune, droit: ['u', 'N'] }
    const api = await listed(accountListing, search)
    expect(api.total).toBeGreaterThan(0)
    const { published, records, csv } = await created('prop', search, 'ISO-8859-15')
    expect(published.total).toBe(api.total)
    expect(records).toEqual(api.items)
    for (const record of records) {
      const droits = record.droits as Array<{ code: keyof typeof RIGHTS; libelle: string }>
      expect(droits.some((d) => d.code === 'U' || d.code === 'N')).toBe(true)
      for (const d of droits) expect(d.libelle).toBe(RIGHTS[d.code])
    }
    expect(csv).toHaveLength(records.length + 1)
    expect(csv.slice(1).map((row) => row[0])).toEqual(records.map((r) => r.id))
  })

  it('refuses a search that is not the model’s (unknown key, bad right code)', async () => {
    await expect(
      createDataset({ title: 'x', model: 'parcelle', search: { couleur: 'bleu' }, encoding: 'UTF-8' }),
    ).rejects.toThrow()
    await expect(
      createDataset({ title: 'x', model: 'prop', search: { droit: 'Z' }, encoding: 'UTF-8' }),
    ).rejects.toThrow(/Code de droit inconnu/)
  })
})
