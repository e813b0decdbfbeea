// Datasets on both engines: capture (a snapshot, not a live query), pages, points, CSV files equal to
// the JSON records, Latin-9 bytes, versions and the generation jobs' lifecycle, files kept until
// their addresses expire, failures leaving the previous version served, and deletion.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePool, pool, query } from '../db/pool'
import { featureCollectionText, type PointRef } from '../establishments/serialise'
import { ApiError } from '../http/api-error'
import type { FileStore } from '../files/file-store'
import { LocalFileStore } from '../files/local-store'
import { engineSkipped, testEngine } from '../testing/engine'
import { insertEstablishments, insertPremises, testSiren } from '../testing/dataset-fixtures'
import { exportCsv } from './csv-export'
import {
  createDataset,
  deleteDataset,
  getDatasetOrThrow,
  previewSearch,
  refreshDataset,
  updateDataset,
} from './datasets'
import { DatasetJobRunner } from './job-runner'
import { claimNextJob, collectGarbage, completeJob, recordProgress } from './jobs'
import { encodeLatin9 } from './latin9'
import { datasetModel } from './models'
import { datasetPoints, getPublishedDatasetOrThrow, issueDownload, recordsPage } from './published'
import { SEED_DATASETS, seedDatasets } from './seed-datasets'

afterAll(() => closePool())

let root: string
let store: LocalFileStore

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-datasets-'))
  store = new LocalFileStore({
    root,
    baseUrl: 'http://localhost:3000',
    secret: 'datasets-db-test-secret-0123456789ab',
  })
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

function runner(options: Partial<ConstructorParameters<typeof DatasetJobRunner>[0]> = {}) {
  return new DatasetJobRunner({ store, engine: testEngine, heartbeatMs: 50, ...options })
}

async function generate(id: string) {
  return runner().runUntilIdle(id)
}

function fileOf(name: string | null | undefined): Buffer {
  if (!name) throw new Error('no file')
  return fs.readFileSync(path.join(root, name))
}

/** A JSON record as one CSV row: effectif_details flattened, nulls and absent fields empty. */
function csvRow(record: Record<string, unknown>, columns: readonly string[]): string[] {
  const flat: Record<string, string> = {}
  for (const [key, value] of Object.entries(record)) {
    if (value !== null && typeof value === 'object') {
      for (const [inner, v] of Object.entries(value)) flat[`${key}_${inner}`] = v === null ? '' : String(v)
    } else flat[key] = value === null || value === undefined ? '' : String(value)
  }
  return columns.map((c) => flat[c] ?? '')
}

async function allRecords(id: string): Promise<Record<string, unknown>[]> {
  const dataset = await getPublishedDatasetOrThrow(id)
  return (await recordsPage(dataset, 1, 1000)) as Record<string, unknown>[]
}

describe.skipIf(engineSkipped)(`datasets on ${testEngine}`, () => {
  const siren = testSiren(testEngine === 'postgres' ? 101 : 102)
  const tag = testEngine === 'postgres' ? 'ZQXW0101' : 'ZQXW0102'

  beforeAll(async () => {
    await insertEstablishments(siren, 25)
    await insertPremises(tag, 12)
  })

  it('captures the records of a search at creation, in order, and queues the first file', async () => {
    const dataset = await createDataset({
      title: 'Société test',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    expect(dataset).toMatchObject({
      title: 'Société test',
      model: 'siret',
      search: { siren: [siren] },
      encoding: 'UTF-8',
      current: null,
      latest: { version: 1, status: 'pending', total: 25, encoding: 'UTF-8', rowsDone: 0 },
    })
    const published = await getPublishedDatasetOrThrow(dataset.id)
    expect(published).toMatchObject({ version: 1, total: 25, located: 22, fileReady: false })
    const records = await allRecords(dataset.id)
    const sirets = records.map((r) => r.siret as string)
    expect(sirets).toEqual([...sirets].sort())
    expect(new Set(sirets).size).toBe(25)
  })

  it('serves pages of records and refuses a page past the last one', async () => {
    const dataset = await createDataset({
      title: 'Pages',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    const published = await getPublishedDatasetOrThrow(dataset.id)
    const all = await allRecords(dataset.id)
    expect(await recordsPage(published, 1, 10)).toEqual(all.slice(0, 10))
    expect(await recordsPage(published, 3, 10)).toEqual(all.slice(20))
    await expect(recordsPage(published, 4, 10)).rejects.toMatchObject({ status: 400, type: 'validation' })
    expect(datasetModel('siret').recordSchema.safeParse(all[0]).success).toBe(true)
  })

  it('is a snapshot: a new matching record appears only after a refresh, with a new version', async () => {
    const companySiren = testSiren(testEngine === 'postgres' ? 111 : 112)
    await insertEstablishments(companySiren, 3)
    const dataset = await createDataset({
      title: 'Instantané',
      model: 'siret',
      search: { siren: companySiren },
      encoding: 'UTF-8',
    })
    await generate(dataset.id)
    await query(
      `INSERT INTO etablissement (siret, siren, entreprise, code_commune, libelle_commune, code_naf, tranche_effectif,
         entreprise_norm, enseigne_norm, nom_recherche)
       VALUES ($1, $2, 'Nouvelle', '35238', 'Rennes', '62.01Z', 'NN', 'NOUVELLE', '', 'NOUVELLE')`,
      [`${companySiren}99999`, companySiren],
    )
    expect((await getPublishedDatasetOrThrow(dataset.id)).total).toBe(3)

    const refreshed = await refreshDataset(dataset.id)
    expect(refreshed.latest).toMatchObject({ version: 2, status: 'pending', total: 4 })
    // The served version stays the previous one until the new file is ready.
    expect(await getPublishedDatasetOrThrow(dataset.id)).toMatchObject({ version: 1, total: 3 })
    expect(await generate(dataset.id)).toEqual(['published'])
    expect(await getPublishedDatasetOrThrow(dataset.id)).toMatchObject({ version: 2, total: 4 })
    expect((await allRecords(dataset.id)).map((r) => r.siret)).toContain(`${companySiren}99999`)
  })

  it('keeps a version’s JSON, GeoJSON, CSV and total in agreement when the live data changes', async () => {
    const companySiren = testSiren(testEngine === 'postgres' ? 131 : 132)
    const premisesTag = testEngine === 'postgres' ? 'ZQXW0131' : 'ZQXW0132'
    await insertEstablishments(companySiren, 6)
    await insertPremises(premisesTag, 4)
    const establishments = await createDataset({
      title: 'Figé',
      model: 'siret',
      search: { siren: companySiren },
      encoding: 'UTF-8',
    })
    const premises = await createDataset({
      title: 'Locaux figés',
      model: 'local',
      search: { proprietaire: premisesTag.toLowerCase(), annee: 2025 },
      encoding: 'UTF-8',
    })
    const before = await allRecords(establishments.id)
    const beforePremises = await allRecords(premises.id)
    const published = await getPublishedDatasetOrThrow(establishments.id)
    const pointsBefore: PointRef[] = []
    for await (const point of datasetPoints(published)) pointsBefore.push(point)
    expect(before).toHaveLength(6)
    expect(beforePremises.length).toBeGreaterThan(0)

    // A new seed or import replaces the live rows: one disappears, the others change name and place.
    await query('DELETE FROM etablissement WHERE siret = $1', [before[0]!.siret])
    await query(
      `UPDATE etablissement SET entreprise = 'Autre', entreprise_norm = 'AUTRE', lon = 7.75, lat = 48.58,
         code_commune = '67482', libelle_commune = 'Strasbourg' WHERE siren = $1`,
      [companySiren],
    )
    await query(`UPDATE local SET proprietaire = 'Quelqu’un d’autre' WHERE id = $1`, [beforePremises[0]!.id])

    expect(await generate(establishments.id)).toEqual(['published'])
    expect(await generate(premises.id)).toEqual(['published'])
    const after = await getPublishedDatasetOrThrow(establishments.id)
    const records = await allRecords(establishments.id)
    expect(after.total).toBe(6)
    expect(records).toEqual(before)
    expect(await allRecords(premises.id)).toEqual(beforePremises)
    const points: PointRef[] = []
    for await (const point of datasetPoints(after)) points.push(point)
    expect(points).toEqual(pointsBefore)
    const columns = datasetModel('siret').csvColumns
    const ready = await getDatasetOrThrow(establishments.id)
    const rows = parse(fileOf(ready.current?.fileName).toString('utf8')) as string[][]
    expect(rows.slice(1)).toEqual(records.map((r) => csvRow(r, columns)))
    const premisesFile = fileOf((await getDatasetOrThrow(premises.id)).current?.fileName).toString('utf8')
    expect(premisesFile).not.toContain('Quelqu’un d’autre')
  })

  it('writes a UTF-8 CSV file equal to the JSON records, header from the model', async () => {
    const dataset = await createDataset({
      title: 'CSV',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    expect(await generate(dataset.id)).toEqual(['published'])
    const ready = await getDatasetOrThrow(dataset.id)
    expect(ready.current).toMatchObject({
      version: 1,
      status: 'ready',
      rowsDone: 25,
      fileName: `${dataset.id}-v1.csv`,
      replacedCharacters: 0,
    })
    const file = fileOf(ready.current?.fileName)
    expect(ready.current?.fileBytes).toBe(file.length)
    expect(file.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false)
    const rows = parse(file.toString('utf8')) as string[][]
    const columns = datasetModel('siret').csvColumns
    expect(rows[0]).toEqual(columns)
    const records = await allRecords(dataset.id)
    expect(rows.slice(1)).toEqual(records.map((r) => csvRow(r, columns)))
    expect(file.toString('utf8')).toContain('"Boulangerie ""Au Bon Pain"", Rennes"')
  })

  it('writes the same bytes in one COPY and in chunks of positions', async () => {
    const dataset = await createDataset({
      title: 'Chunks',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    const published = await getPublishedDatasetOrThrow(dataset.id)
    const write = async (chunkRows?: number) => {
      const target = path.join(root, `chunks-${chunkRows ?? 'one'}.csv`)
      const client = await pool().connect()
      try {
        const result = await exportCsv({
          client,
          model: datasetModel('siret'),
          snapshotId: published.snapshotId,
          total: published.total,
          encoding: 'UTF-8',
          engine: testEngine,
          destination: fs.createWriteStream(target),
          ...(chunkRows ? { chunkRows } : {}),
        })
        expect(result.rows).toBe(25)
      } finally {
        client.release()
      }
      return fs.readFileSync(target)
    }
    const whole = await write(25)
    expect((await write(7)).equals(whole)).toBe(true)
    expect((await write(1)).equals(whole)).toBe(true)
  })

  it('writes Latin-9 bytes with the replaced characters counted, as a new version', async () => {
    const dataset = await createDataset({
      title: 'Latin-9',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    await generate(dataset.id)
    const utf8 = fileOf((await getDatasetOrThrow(dataset.id)).current?.fileName)

    const changed = await updateDataset(dataset.id, { encoding: 'ISO-8859-15' })
    expect(changed).toMatchObject({ encoding: 'ISO-8859-15', latest: { version: 2, status: 'pending' } })
    // Until the new file is ready, the UTF-8 one is served.
    expect((await issueDownload(dataset.id, 60, store)).encoding).toBe('UTF-8')
    await generate(dataset.id)
    const ready = await getDatasetOrThrow(dataset.id)
    expect(ready.current).toMatchObject({
      version: 2,
      encoding: 'ISO-8859-15',
      fileName: `${dataset.id}-v2-iso-8859-15.csv`,
    })
    const latin9 = fileOf(ready.current?.fileName)
    const expected = encodeLatin9(utf8)
    expect(latin9.equals(expected.bytes)).toBe(true)
    expect(ready.current?.replacedCharacters).toBe(expected.replaced)
    // ’ ¤ ½ Ł 😀 in the names: 5 replaced characters for each of the 25 records' names at least.
    expect(expected.replaced).toBeGreaterThan(0)
    const text = latin9.toString('latin1')
    expect(latin9.includes(Buffer.from([0xe9]))).toBe(true) // é
    expect(text).toContain('Caf\u00e9 des Arts \u00a4 ?') // € → A4, ½ → ?
    expect(text).toContain('B\u00bduf & C\u00bdur ?') // œ → BD, ¤ → ?
    expect(text).toContain('Soci\u00e9t\u00e9 G\u00e9n\u00e9rale de l?\u00bcuvre') // ’ → ?, Œ → BC
    expect(text).toContain('?\u00f3d? Import ?') // Ł, ź, 😀 → one ? each

    // Choosing the encoding the dataset already has changes nothing.
    expect((await updateDataset(dataset.id, { encoding: 'ISO-8859-15' })).latest.version).toBe(2)
  })

  it('updates a version still waiting for a worker instead of queueing another', async () => {
    const dataset = await createDataset({
      title: 'File d’attente',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    await updateDataset(dataset.id, { encoding: 'ISO-8859-15', title: 'Renommé' })
    const refreshed = await refreshDataset(dataset.id)
    expect(refreshed).toMatchObject({
      title: 'Renommé',
      latest: { version: 1, status: 'pending', encoding: 'ISO-8859-15' },
    })
    const { rows } = await query('SELECT count(*)::int AS n FROM dataset_version WHERE dataset_id = $1', [
      dataset.id,
    ])
    expect(rows[0]).toEqual({ n: 1 })
  })

  it('streams the points grouped by position, without records lacking one', async () => {
    const dataset = await createDataset({
      title: 'Points',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    const published = await getPublishedDatasetOrThrow(dataset.id)
    const points: PointRef[] = []
    for await (const point of datasetPoints(published, 4)) points.push(point)
    expect(points).toHaveLength(22)
    const keys = points.map((p) => [p.lon, p.lat] as const)
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]))
    let text = ''
    for await (const piece of featureCollectionText(datasetPoints(published, 3))) text += piece
    const collection = JSON.parse(text) as { features: Array<{ properties: { etablissements: unknown[] } }> }
    expect(collection.features).toHaveLength(21)
    expect(collection.features.filter((f) => f.properties.etablissements.length === 2)).toHaveLength(1)
  })

  it('captures local premises with their own search, records and CSV columns', async () => {
    const dataset = await createDataset({
      title: 'Locaux',
      model: 'local',
      search: { proprietaire: tag.toLowerCase(), annee: 2025 },
      encoding: 'ISO-8859-15',
    })
    expect(dataset.latest.total).toBe(6)
    const records = await allRecords(dataset.id)
    expect(records.every((r) => datasetModel('local').recordSchema.safeParse(r).success)).toBe(true)
    expect(records[0]).toMatchObject({
      annee: 2025,
      codcom: '35238',
      url: `/v0/ca/locaux/${records[0]!.id as string}`,
    })
    await generate(dataset.id)
    const file = fileOf((await getDatasetOrThrow(dataset.id)).current?.fileName)
    const rows = parse(file.toString('latin1')) as string[][]
    expect(rows[0]).toEqual(datasetModel('local').csvColumns)
    expect(rows).toHaveLength(7)
    expect(rows[1]![datasetModel('local').csvColumns.indexOf('adresse')]).toBe('1 RUE D?ANTRAIN 35000 RENNES')
  })

  it('previews a search: its number of records and the first ones', async () => {
    const preview = await previewSearch('siret', { siren }, 5)
    expect(preview.total).toBe(25)
    expect(preview.records).toHaveLength(5)
    const local = await previewSearch('local', tag, 20)
    expect(local.total).toBe(12)
  })

  it('answers 503 until the first file is ready, then records the addresses issued', async () => {
    const dataset = await createDataset({
      title: 'Attente',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    const pending = await issueDownload(dataset.id, 60, store).catch((e: unknown) => e)
    expect(pending).toBeInstanceOf(ApiError)
    expect(pending).toMatchObject({ status: 503 })
    expect((pending as ApiError).headers['Retry-After']).toBe('5')
    await generate(dataset.id)
    const download = await issueDownload(dataset.id, 7200, store)
    expect(download).toMatchObject({
      version: 1,
      total: 25,
      encoding: 'UTF-8',
      fileName: `${dataset.id}-v1.csv`,
    })
    expect(new URL(download.location).searchParams.get('expires')).toBe(
      String(download.expiresAt.getTime() / 1000),
    )
    await issueDownload(dataset.id, 60, store)
    const { rows } = await query<{ expires: Date }>(
      'SELECT addresses_expire_at AS expires FROM dataset_version WHERE dataset_id = $1 AND version = 1',
      [dataset.id],
    )
    // The latest expiry counts, not the last one issued.
    expect(rows[0]!.expires.getTime()).toBe(download.expiresAt.getTime())
  })

  it('keeps a superseded file until every address issued for it has expired, then deletes it', async () => {
    const dataset = await createDataset({
      title: 'Versions',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    await generate(dataset.id)
    await issueDownload(dataset.id, 3600, store)
    await refreshDataset(dataset.id)
    await generate(dataset.id)
    await refreshDataset(dataset.id)
    await generate(dataset.id)
    const v1 = `${dataset.id}-v1.csv`
    const v2 = `${dataset.id}-v2.csv`
    const v3 = `${dataset.id}-v3.csv`
    const collected = await collectGarbage(store, { staleSeconds: 60, maxAttempts: 3 })
    // v2 had no address issued: deleted at once; v1 has one valid for an hour; v3 is served.
    expect(collected.filesDeleted).toContain(v2)
    expect(collected.filesDeleted).not.toContain(v1)
    expect(fs.existsSync(path.join(root, v1))).toBe(true)
    expect(fs.existsSync(path.join(root, v3))).toBe(true)
    // An hour later (the expiry moved back rather than waiting).
    await query(
      `UPDATE dataset_version SET addresses_expire_at = now() - interval '1 second' WHERE dataset_id = $1 AND version = 1`,
      [dataset.id],
    )
    expect((await collectGarbage(store, { staleSeconds: 60, maxAttempts: 3 })).filesDeleted).toContain(v1)
    expect(fs.existsSync(path.join(root, v1))).toBe(false)
    expect(fs.existsSync(path.join(root, v3))).toBe(true)
    expect((await issueDownload(dataset.id, 60, store)).fileName).toBe(v3)
    // Only the served version's snapshot is kept.
    const { rows } = await query('SELECT count(*)::int AS n FROM dataset_snapshot WHERE dataset_id = $1', [
      dataset.id,
    ])
    expect(rows[0]).toEqual({ n: 1 })
  })

  it('records a failed generation with its reason and keeps serving the previous version', async () => {
    const dataset = await createDataset({
      title: 'Échec',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    await generate(dataset.id)
    await updateDataset(dataset.id, { encoding: 'ISO-8859-15' })
    const failing: FileStore = {
      driver: 'local',
      tempDir: store.tempDir,
      commit: () => Promise.reject(new Error('disque plein')),
      remove: (name) => store.remove(name),
      list: () => store.list(),
      signedUrl: (name, expiresAt) => store.signedUrl(name, expiresAt),
    }
    expect(
      await new DatasetJobRunner({ store: failing, engine: testEngine }).runUntilIdle(dataset.id),
    ).toEqual(['failed'])
    const after = await getDatasetOrThrow(dataset.id)
    expect(after.latest).toMatchObject({ version: 2, status: 'failed' })
    expect(after.latest.failureReason).toMatch(/disque plein/)
    expect(after.current).toMatchObject({ version: 1, encoding: 'UTF-8' })
    expect(await issueDownload(dataset.id, 60, store)).toMatchObject({
      version: 1,
      encoding: 'UTF-8',
      downloadName: 'Échec.csv',
    })
    expect(fs.readdirSync(store.tempDir).filter((f) => f.startsWith(dataset.id))).toEqual([])
    // A refresh queues a new version, generated normally.
    await refreshDataset(dataset.id)
    expect(await generate(dataset.id)).toEqual(['published'])
    expect((await getDatasetOrThrow(dataset.id)).current).toMatchObject({
      version: 3,
      encoding: 'ISO-8859-15',
    })
  })

  it('lets one worker claim a job; a silent worker’s job is taken over, up to the attempt limit', async () => {
    const dataset = await createDataset({
      title: 'Relève',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    const options = { staleSeconds: 30, maxAttempts: 2, datasetId: dataset.id }
    const [a, b] = await Promise.all([claimNextJob('worker-a', options), claimNextJob('worker-b', options)])
    const first = (a ?? b)!
    expect([a, b].filter(Boolean)).toHaveLength(1)
    expect(first).toMatchObject({ version: 1, total: 25, model: 'siret', attempts: 1 })
    expect(await claimNextJob('worker-c', options)).toBeNull()
    expect(await recordProgress(first, 10)).toBe(true)

    // The worker goes silent for longer than staleSeconds (its heartbeat moved back).
    await query(
      `UPDATE dataset_version SET heartbeat_at = now() - interval '31 seconds' WHERE dataset_id = $1`,
      [dataset.id],
    )
    const second = await claimNextJob('worker-c', options)
    expect(second).toMatchObject({ version: 1, attempts: 2, workerId: 'worker-c' })
    // The first worker finds out: its progress and its result are refused.
    expect(await recordProgress(first, 20)).toBe(false)
    expect(await completeJob(first, { name: 'x.csv', bytes: 1, rows: 1, replacedCharacters: 0 })).toBe('lost')

    await query(
      `UPDATE dataset_version SET heartbeat_at = now() - interval '31 seconds' WHERE dataset_id = $1`,
      [dataset.id],
    )
    expect(await claimNextJob('worker-d', options)).toBeNull()
    const collected = await collectGarbage(store, { staleSeconds: 30, maxAttempts: 2 })
    expect(collected.jobsFailed).toBeGreaterThanOrEqual(1)
    expect((await getDatasetOrThrow(dataset.id)).latest).toMatchObject({
      status: 'failed',
      failureReason: 'La génération a été interrompue 2 fois.',
    })
  })

  it('deletes a dataset with its files', async () => {
    const dataset = await createDataset({
      title: 'Supprimé',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    await generate(dataset.id)
    const name = (await getDatasetOrThrow(dataset.id)).current!.fileName!
    expect(fs.existsSync(path.join(root, name))).toBe(true)
    await deleteDataset(dataset.id, store)
    expect(fs.existsSync(path.join(root, name))).toBe(false)
    await expect(getDatasetOrThrow(dataset.id)).rejects.toMatchObject({ status: 404 })
    const { rows } = await query('SELECT count(*)::int AS n FROM dataset_snapshot WHERE dataset_id = $1', [
      dataset.id,
    ])
    expect(rows[0]).toEqual({ n: 0 })
    await expect(deleteDataset(dataset.id, store)).rejects.toMatchObject({ status: 404 })
  })

  it('deletes files no version knows once they are old enough', async () => {
    const orphan = '00000000-0000-4000-8000-000000000000-v1.csv'
    fs.writeFileSync(path.join(root, orphan), 'x\n')
    fs.writeFileSync(path.join(root, 'notes.txt'), 'not a dataset file')
    const young = await collectGarbage(store, { staleSeconds: 60, maxAttempts: 3, orphanAgeSeconds: 3600 })
    expect(young.filesDeleted).not.toContain(orphan)
    const old = await collectGarbage(store, { staleSeconds: 60, maxAttempts: 3, orphanAgeSeconds: 0 })
    expect(old.filesDeleted).toContain(orphan)
    expect(fs.existsSync(path.join(root, 'notes.txt'))).toBe(true)
    // Served files are known and stay.
    for (const name of fs.readdirSync(root).filter((n) => n.endsWith('.csv')))
      expect(old.filesDeleted).not.toContain(name)
  })
})

describe.skipIf(engineSkipped)(`first-run datasets on ${testEngine}`, () => {
  it('creates the examples once, with their fixed ids, models and encodings', async () => {
    expect(await seedDatasets(pool())).toEqual([SEED_DATASETS.siret.title, SEED_DATASETS.local.title])
    expect(await seedDatasets(pool())).toEqual([])
    expect(await getDatasetOrThrow(SEED_DATASETS.siret.id)).toMatchObject({
      model: 'siret',
      encoding: 'UTF-8',
      search: { region: ['53'] },
      latest: { version: 1, status: 'pending' },
    })
    expect(await getDatasetOrThrow(SEED_DATASETS.local.id)).toMatchObject({
      model: 'local',
      encoding: 'ISO-8859-15',
      search: { departement: ['35'] },
    })
    for (const { id } of Object.values(SEED_DATASETS)) await deleteDataset(id, store)
  })
})

describe.skipIf(engineSkipped || testEngine === 'embedded')('job claims on PostgreSQL', () => {
  it('skip versions another transaction holds instead of waiting for it', async () => {
    const siren = testSiren(121)
    await insertEstablishments(siren, 2)
    const dataset = await createDataset({
      title: 'Verrou',
      model: 'siret',
      search: { siren },
      encoding: 'UTF-8',
    })
    const holder = await pool().connect()
    try {
      await holder.query('BEGIN')
      await holder.query('SELECT 1 FROM dataset_version WHERE dataset_id = $1 FOR UPDATE', [dataset.id])
      expect(
        await claimNextJob('worker-x', { staleSeconds: 60, maxAttempts: 3, datasetId: dataset.id }),
      ).toBeNull()
      await holder.query('ROLLBACK')
    } finally {
      holder.release()
    }
    expect(
      await claimNextJob('worker-x', { staleSeconds: 60, maxAttempts: 3, datasetId: dataset.id }),
    ).toMatchObject({
      version: 1,
    })
  })
})
