// Datasets of the `offre` model on both engines: published offers only, captured with their contents
// (a later archive changes nothing until a refresh), JSON records equal to GET /eco/immo/offres/:id's,
// GeoJSON points carrying the offers, and a CSV file whose rows say what the records say.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePool, query } from '../db/pool'
import { LocalFileStore } from '../files/local-store'
import { offerFieldsSchema, type OfferFieldsInput } from '../offers/fields'
import { changeStatus, createOffer, findOffer } from '../offers/offer-store'
import { serialiseOfferDetail, type OfferDetailWire } from '../offers/serialise'
import { engineSkipped, testEngine } from '../testing/engine'
import { createDataset, getDatasetOrThrow, previewSearch, refreshDataset } from './datasets'
import { DatasetJobRunner } from './job-runner'
import { datasetModel } from './models'
import { datasetRecordsByGeoRank, getPublishedDatasetOrThrow, recordsPage } from './published'

afterAll(() => closePool())

let root: string
let store: LocalFileStore
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-offer-datasets-'))
  store = new LocalFileStore({
    root,
    baseUrl: 'http://localhost:3000',
    secret: 'offer-datasets-test-secret-0123456789',
  })
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

const NOW = new Date('2026-11-20T09:30:00Z')
const fields = (input: Partial<OfferFieldsInput>) =>
  offerFieldsSchema.parse({ local_type: 'bureaux', transaction_types: ['louer'], surface: 120, ...input })

describe.skipIf(engineSkipped)(`offre datasets on ${testEngine}`, () => {
  const app = `tda_test_offre_datasets_${testEngine}`
  const word = `zzoffreds${testEngine}`
  const system = { kind: 'system', name: 'Test' } as const
  const refs: Record<'gare' | 'vitrine' | 'pending', string> = { gare: '', vitrine: '', pending: '' }

  beforeAll(async () => {
    await query('DELETE FROM offre WHERE client_id = $1', [app])
    const make = async (input: Partial<OfferFieldsInput>) =>
      (await createOffer(fields(input), { kind: 'application', clientId: app }, { now: NOW })).reference
    refs.gare = await make({
      label: `Plateau près de la gare ${word}`,
      code_commune: '35238',
      surface: 320,
      tags: ['Fibre optique', 'Parking'],
      disponibilite: '01-03-2027',
      loyer_mensuel: 5200.5,
      latitude: 48.1035,
      longitude: -1.6722,
      contact_offers_attributes: [
        {
          type: 'commercialisateur',
          name: 'Jeanne Martin',
          email: 'jeanne@example.org',
          phone: '02 99 00 00 00',
        },
        { type: 'proprietaire', name: 'SCI Œuvre « Été »' },
      ],
    })
    refs.vitrine = await make({
      label: `Boutique en vitrine ${word}`,
      local_type: 'local_commercial',
      transaction_types: ['acheter', 'louer'],
      code_commune: '75108',
      tags: ['Vitrine'],
      prix_de_vente: 450000,
      descriptif_bien: 'Rez-de-chaussée, "angle de rue", 2 accès; cave',
    })
    refs.pending = await make({ label: `En attente ${word}`, code_commune: '35238' })
    await changeStatus(refs.gare, 'publish', system, { now: new Date(NOW.getTime() + 60_000) })
    await changeStatus(refs.vitrine, 'publish', system, { now: new Date(NOW.getTime() + 120_000) })
  })

  async function liveRecord(reference: string): Promise<OfferDetailWire> {
    return serialiseOfferDetail((await findOffer(reference))!)
  }

  it('captures the published offers of a search with their contents, as GET /eco/immo/offres/:id shows them', async () => {
    expect(await previewSearch('offre', { q: word }, 10)).toMatchObject({ total: 2 })
    const dataset = await createDataset({
      title: 'Offres test',
      model: 'offre',
      search: { q: word },
      encoding: 'UTF-8',
    })
    expect(dataset.latest).toMatchObject({ total: 2, status: 'pending' })
    const published = await getPublishedDatasetOrThrow(dataset.id)
    expect(published).toMatchObject({ model: 'offre', total: 2, located: 2 })
    const records = (await recordsPage(published, 1, 10)) as OfferDetailWire[]
    // In reference order, equal to the API's record, contacts and position included.
    const expected = [await liveRecord(refs.gare), await liveRecord(refs.vitrine)].sort((a, b) =>
      a.reference.localeCompare(b.reference),
    )
    expect(records).toEqual(expected)
    expect(records.every((r) => datasetModel('offre').recordSchema.safeParse(r).success)).toBe(true)
    expect(records.find((r) => r.reference === refs.gare)?.coordonnees).toEqual({
      lon: -1.6722,
      lat: 48.1035,
      source: 'offre',
    })
    expect(records.find((r) => r.reference === refs.vitrine)?.coordonnees?.source).toBe('commune')

    // A snapshot: archiving an offer changes nothing until a refresh.
    await changeStatus(refs.vitrine, 'archive', system, { now: new Date(NOW.getTime() + 180_000) })
    expect(await recordsPage(await getPublishedDatasetOrThrow(dataset.id), 1, 10)).toEqual(records)
    await refreshDataset(dataset.id)
    await changeStatus(refs.vitrine, 'publish', system, { now: new Date(NOW.getTime() + 240_000) })
    // The version waiting for its file takes the new snapshot: the archived offer is gone.
    expect((await getDatasetOrThrow(dataset.id)).latest).toMatchObject({ total: 1 })
    const after = (await recordsPage(
      await getPublishedDatasetOrThrow(dataset.id),
      1,
      10,
    )) as OfferDetailWire[]
    expect(after.map((r) => r.reference)).toEqual([refs.gare])
  })

  it('gives GeoJSON points carrying their offers, and a CSV file saying what the records say', async () => {
    const dataset = await createDataset({
      title: 'Offres CSV',
      model: 'offre',
      search: { q: word, local_type: ['bureaux', 'local_commercial'] },
      encoding: 'UTF-8',
    })
    const published = await getPublishedDatasetOrThrow(dataset.id)
    const model = datasetModel('offre')
    let text = ''
    for await (const chunk of model.geojson!.write(
      datasetRecordsByGeoRank(published, model.geojson!.pointsQuery),
    ))
      text += chunk
    const geojson = JSON.parse(text) as {
      features: Array<{
        geometry: { coordinates: number[] }
        properties: { offres: Array<{ id: string; label: string; url: string }> }
      }>
    }
    expect(geojson.features).toHaveLength(2)
    const gare = geojson.features.find((f) => f.properties.offres[0]!.id === refs.gare)!
    expect(gare.geometry.coordinates).toEqual([-1.6722, 48.1035])
    expect(gare.properties.offres).toEqual([
      { id: refs.gare, label: `Plateau près de la gare ${word}`, url: `/v0/eco/immo/offres/${refs.gare}` },
    ])

    expect(await new DatasetJobRunner({ store, engine: testEngine }).runUntilIdle(dataset.id)).toEqual([
      'published',
    ])
    const served = (await getDatasetOrThrow(dataset.id)).current!
    const csv = fs.readFileSync(path.join(root, served.fileName!), 'utf8')
    const [header, ...rows] = parse(csv) as string[][]
    expect(header).toEqual([...model.csvColumns])
    const records = (await recordsPage(published, 1, 10)) as OfferDetailWire[]
    expect(rows.map((r) => r[0])).toEqual(records.map((r) => r.id))
    const row = Object.fromEntries(
      header!.map((name, i) => [name, rows.find((r) => r[0] === refs.gare)![i]!]),
    )
    const record = records.find((r) => r.id === refs.gare)!
    expect(row).toMatchObject({
      reference: refs.gare,
      local_type: 'bureaux',
      label: record.label,
      code_commune: '35238',
      libelle_commune: 'Rennes',
      surface: '320',
      transaction_types: 'louer',
      tags: 'Fibre optique, Parking',
      disponibilite: '01-03-2027',
      loyer_mensuel: '5200.5',
      prix_de_vente: '',
      contacts:
        'Commercialisateur : Jeanne Martin, jeanne@example.org, 02 99 00 00 00 | Propriétaire : SCI Œuvre « Été »',
      longitude: '-1.6722',
      latitude: '48.1035',
      position_source: 'offre',
      published_at: record.published_at,
      url: record.url,
    })
    const vitrine = Object.fromEntries(
      header!.map((name, i) => [name, rows.find((r) => r[0] === refs.vitrine)![i]!]),
    )
    expect(vitrine).toMatchObject({
      transaction_types: 'acheter, louer',
      prix_de_vente: '450000',
      descriptif_bien: 'Rez-de-chaussée, "angle de rue", 2 accès; cave',
      position_source: 'commune',
      address: '',
    })
  })
})
