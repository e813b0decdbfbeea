import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectionConfig } from '../db/connection'
import { closePool, pool, query } from '../db/pool'
import { env } from '../env'
import { seedDatabase } from '../seed/seed-database'
import { getStatus } from '../status/get-status'
import { containsPoint } from '../territory/geometry'
import { communeOutlines, referenceData } from '../territory/reference-data'
import { engineSkipped, testEngine } from '../testing/engine'
import { importSirene } from './import-sirene'
import {
  corruptEstablishments,
  differencesFromExpected,
  EXPECTED,
  FIXTURES,
  NOT_IMPORTED,
  packagedFixtures,
  sortedFixtures,
} from './testing/fixture-files'
import { readShownEstablishments } from './testing/shown-establishment'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-sirene-db-'))
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true })
  await closePool()
})

async function fingerprint(): Promise<string> {
  const { rows } = await query<{ f: string; n: number }>(
    `SELECT count(*)::int AS n, md5(string_agg(siret || entreprise || enseigne || adresse || code_commune || code_naf
       || coalesce(lon::text, '-') || coalesce(lat::text, '-'), ',' ORDER BY siret)) AS f FROM etablissement`,
  )
  return `${rows[0]!.n}:${rows[0]!.f}`
}

async function tablesNamed(pattern: string): Promise<string[]> {
  const { rows } = await query<{ tablename: string }>(
    'SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE $1 ORDER BY 1',
    [pattern],
  )
  return rows.map((r) => r.tablename)
}

describe.skipIf(engineSkipped)(`importSirene on ${testEngine}`, () => {
  let files: ReturnType<typeof packagedFixtures>
  let indexesBefore: string[]
  beforeAll(async () => {
    files = packagedFixtures(dir)
    await seedDatabase(pool(), { establishments: 500, premises: 20, seed: 11 })
    indexesBefore = (
      await query<{ indexname: string }>(
        "SELECT indexname FROM pg_indexes WHERE tablename = 'etablissement' ORDER BY indexname",
      )
    ).rows.map((r) => r.indexname)
  })

  it('imports the fixture files (plain, .zip and .gz) with every pitfall handled', async () => {
    const phases = new Set<string>()
    const summary = await importSirene(pool(), { ...files, onProgress: (e) => phases.add(e.phase) })
    // The fixtures are not sorted (a repeated row at the end of two files): the merge is given up
    // for the staging path.
    expect([...phases]).toEqual([
      'fusion',
      'unites-legales',
      'etablissements',
      'geolocalisation',
      'construction',
      'index',
    ])
    expect(summary.repli).toMatch(/n’est pas trié : 81234570000015 \(enregistrement \d+\) vient après 812345/)
    expect(summary).toMatchObject({
      methode: 'tables intermédiaires',
      etablissements: 13,
      avecPosition: 8,
      diffusionPartielle: 1,
      communesRenumerotees: 1,
      ecartes: {
        'doublon (même SIRET)': 1,
        'unité légale absente du fichier': 1,
        'activité inconnue ou hors NAF rév. 2': 1,
      },
    })
    expect(summary.fichiers.unitesLegales).toMatchObject({
      lues: 10,
      retenues: 9,
      ignorees: { 'identifiant invalide': 1 },
    })
    expect(summary.fichiers.etablissements).toMatchObject({
      lues: 20,
      retenues: 16,
      ignorees: { 'adresse à l’étranger': 1, 'identifiant invalide': 2, 'non diffusible': 1 },
    })
    expect(summary.fichiers.geolocalisation).toMatchObject({
      lues: 15,
      retenues: 11,
      ignorees: {
        'coordonnées absentes': 1,
        'coordonnées illisibles': 1,
        'projection inconnue': 1,
        'identifiant invalide': 1,
      },
    })
  })

  it('stores each establishment as the API will show it', async () => {
    const shown = await readShownEstablishments()
    expect(shown.map((e) => e.siret)).toEqual(Object.keys(EXPECTED).sort())
    expect(shown.flatMap(differencesFromExpected)).toEqual([])
    const sirets = new Set(shown.map((e) => e.siret))
    for (const siret of Object.keys(NOT_IMPORTED)) expect(sirets.has(siret)).toBe(false)
  })

  it('never shows what a partially diffusible unit hides, and does not place it', async () => {
    const { rows } = await query<{ row: string; lon: number | null }>(
      "SELECT e::text AS row, lon FROM etablissement e WHERE siren = '812345692'",
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.lon).toBeNull()
    expect(rows[0]!.row).not.toMatch(/\[ND\]/)
    const raw = fs.readFileSync(FIXTURES.etablissements, 'utf8')
    expect(raw).toContain('81234569200014')
  })

  it('places every position inside the outline of its commune', async () => {
    const ref = referenceData()
    const outlines = communeOutlines()
    const outlineOf = new Map(ref.communes.map((c) => [c.code, c.outlineCode]))
    const { rows } = await query<{ siret: string; code_commune: string; lon: number; lat: number }>(
      'SELECT siret, code_commune, lon, lat FROM etablissement WHERE lon IS NOT NULL ORDER BY siret',
    )
    expect(rows).toHaveLength(8)
    for (const r of rows) {
      const outline = outlines.get(outlineOf.get(r.code_commune) ?? '')
      expect(outline, `outline of ${r.code_commune}`).toBeDefined()
      expect(containsPoint(outline!, [r.lon, r.lat]), `${r.siret} in ${r.code_commune}`).toBe(true)
    }
  })

  it('reports the import in GET / and keeps the table’s indexes', async () => {
    const status = await getStatus()
    expect(status.donnees).toMatchObject({ source: 'sirene', etablissements: 13, locaux: 20 })
    const { rows } = await query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'etablissement' ORDER BY indexname",
    )
    expect(rows.map((r) => r.indexname)).toEqual(indexesBefore)
    expect(await tablesNamed('sirene_import_%')).toEqual([])
    expect(await tablesNamed('etablissement_next')).toEqual([])
  })

  it('gives the same data when run again (plain files this time)', async () => {
    const before = await fingerprint()
    await importSirene(pool(), { ...FIXTURES })
    expect(await fingerprint()).toBe(before)
  })

  it('stores the normalised names the search reads, as tda_normalise computes them', async () => {
    const { rows } = await query<{ n: number; differ: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE
         entreprise_norm <> tda_normalise(entreprise) OR enseigne_norm <> tda_normalise(enseigne)
         OR denomination_norm IS DISTINCT FROM tda_normalise(denomination_usuelle)
         OR nom_recherche <> tda_normalise(entreprise || ' ' || enseigne || ' ' || coalesce(denomination_usuelle, ''))
       )::int AS differ FROM etablissement`,
    )
    expect(rows[0]).toEqual({ n: 13, differ: 0 })
  })

  it('places establishments from their own Lambert columns when no geolocation file is given', async () => {
    const before = await fingerprint()
    const summary = await importSirene(pool(), {
      etablissements: FIXTURES.etablissements,
      unitesLegales: FIXTURES.unitesLegales,
    })
    expect(summary.fichiers.geolocalisation).toBeUndefined()
    expect(summary).toMatchObject({ etablissements: 13, avecPosition: 8, diffusionPartielle: 1 })
    // The fixture's establishments carry the coordinates of the geolocation file (Lambert-93, or
    // the territory's UTM zone overseas): the same positions, hence the same data.
    expect((await readShownEstablishments()).flatMap(differencesFromExpected)).toEqual([])
    expect(await fingerprint()).toBe(before)
  })

  it('works with a pool of a single connection', async () => {
    const before = await fingerprint()
    const single = new pg.Pool({ ...connectionConfig(env()), max: 1 })
    try {
      expect((await importSirene(single, { ...FIXTURES })).etablissements).toBe(13)
    } finally {
      await single.end()
    }
    expect(await fingerprint()).toBe(before)
  })

  it('keeps only active establishments, or the requested departments', async () => {
    const active = await importSirene(pool(), { ...FIXTURES, onlyActive: true })
    expect(active.etablissements).toBe(12)
    expect(active.fichiers.etablissements?.ignorees['fermé (--only-active)']).toBe(2)
    expect((await query("SELECT 1 FROM etablissement WHERE etat_administratif = 'F'")).rowCount).toBe(0)

    const some = await importSirene(pool(), { ...FIXTURES, departements: ['35', '44'] })
    expect(some.etablissements).toBe(2)
    const { rows } = await query<{ code_commune: string }>(
      'SELECT DISTINCT code_commune FROM etablissement ORDER BY 1',
    )
    expect(rows.map((r) => r.code_commune)).toEqual(['35238', '44109'])
  })

  it('leaves the previous data served when a file is corrupt half-way or truncated', async () => {
    await importSirene(pool(), { ...FIXTURES })
    const before = await fingerprint()
    await expect(
      importSirene(pool(), { ...FIXTURES, etablissements: corruptEstablishments(dir) }),
    ).rejects.toThrow(/corrupt/)
    expect(await fingerprint()).toBe(before)

    const truncated = path.join(dir, 'Geolocalisation_tronque.csv.gz')
    const lines = [fs.readFileSync(FIXTURES.geolocalisation, 'utf8').split('\n')[0]!]
    for (let i = 0; i < 40_000; i++)
      lines.push(`${String(i).padStart(14, '0')};352286.8;6788365.1;11;2154;;;;;;35238;5;;;;;;48.1;-1.67`)
    const gz = zlib.gzipSync(lines.join('\n'))
    fs.writeFileSync(truncated, gz.subarray(0, Math.floor(gz.length * 0.6)))
    await expect(importSirene(pool(), { ...FIXTURES, geolocalisation: truncated })).rejects.toThrow(
      /unexpected end of file/,
    )
    expect(await fingerprint()).toBe(before)
    expect((await getStatus()).donnees).toMatchObject({ source: 'sirene', etablissements: 13 })
    expect(await tablesNamed('sirene_import_%')).toEqual([])
  })

  it('refuses a file of the wrong layout before touching anything', async () => {
    const before = await fingerprint()
    await expect(
      importSirene(pool(), { ...FIXTURES, unitesLegales: FIXTURES.etablissements }),
    ).rejects.toThrow(/not the StockUniteLegale layout \(missing columns statutDiffusionUniteLegale/)
    expect(await fingerprint()).toBe(before)
  })

  describe('sorted files, merged straight into the new table', () => {
    /** The summary without what differs between the two paths (how, how long). */
    const comparable = (summary: Awaited<ReturnType<typeof importSirene>>) => {
      const { milliseconds: _ms, methode: _m, repli: _r, ...rest } = summary
      return rest
    }

    it('gives what the staging path gives: duplicates, establishments without a legal unit or a position, NAF checks', async () => {
      const sorted = sortedFixtures(dir)
      const staged = await importSirene(pool(), { ...sorted, merge: false })
      expect(staged.methode).toBe('tables intermédiaires')
      const expected = await fingerprint()
      const phases = new Set<string>()
      const notices: string[] = []
      const merged = await importSirene(pool(), {
        ...sorted,
        onProgress: (e) => phases.add(e.phase),
        onNotice: (m) => notices.push(m),
      })
      expect(merged.methode).toBe('fusion')
      expect(merged.repli).toBeUndefined()
      expect(notices).toEqual([])
      expect([...phases]).toEqual(['fusion', 'index'])
      expect(comparable(merged)).toEqual(comparable(staged))
      expect(merged).toMatchObject({
        etablissements: 13,
        avecPosition: 8,
        diffusionPartielle: 1,
        communesRenumerotees: 1,
        ecartes: {
          'doublon (même SIRET)': 1,
          'unité légale absente du fichier': 1,
          'activité inconnue ou hors NAF rév. 2': 1,
        },
      })
      expect(merged.fichiers.unitesLegales).toMatchObject({ lues: 10, retenues: 9 })
      expect(merged.fichiers.geolocalisation).toMatchObject({ lues: 15, retenues: 11 })
      expect(await fingerprint()).toBe(expected)
      expect((await readShownEstablishments()).flatMap(differencesFromExpected)).toEqual([])
      expect(await tablesNamed('sirene_import_%')).toEqual([])
      expect(await tablesNamed('etablissement_next')).toEqual([])
      expect((await getStatus()).donnees).toMatchObject({ source: 'sirene', etablissements: 13 })
    })

    it('places establishments from their own Lambert columns, and filters, as the staging path does', async () => {
      const sorted = sortedFixtures(dir)
      const expected = await fingerprint()
      const own = await importSirene(pool(), {
        etablissements: sorted.etablissements,
        unitesLegales: sorted.unitesLegales,
      })
      expect(own).toMatchObject({
        methode: 'fusion',
        etablissements: 13,
        avecPosition: 8,
        diffusionPartielle: 1,
      })
      expect(await fingerprint()).toBe(expected)

      for (const filter of [{ onlyActive: true }, { departements: ['35', '44'] }]) {
        const staged = await importSirene(pool(), { ...sorted, ...filter, merge: false })
        const stagedData = await fingerprint()
        const merged = await importSirene(pool(), { ...sorted, ...filter })
        expect(merged.methode).toBe('fusion')
        expect(comparable(merged)).toEqual(comparable(staged))
        expect(await fingerprint()).toBe(stagedData)
      }
    })

    it.each(['etablissements', 'unitesLegales', 'geolocalisation'] as const)(
      'falls back to the staging path, with the same result, when %s is not sorted',
      async (kind) => {
        await importSirene(pool(), { ...sortedFixtures(dir), merge: false })
        const expected = await fingerprint()
        const notices: string[] = []
        const summary = await importSirene(pool(), {
          ...sortedFixtures(dir, kind),
          onNotice: (m) => notices.push(m),
        })
        expect(summary.methode).toBe('tables intermédiaires')
        expect(summary.repli).toMatch(new RegExp(`decroissant-[^ ]+ n’est pas trié`))
        expect(notices).toEqual([
          `${summary.repli} : lecture par fusion abandonnée, import repris par les tables intermédiaires.`,
        ])
        expect(summary.etablissements).toBe(13)
        expect(await fingerprint()).toBe(expected)
        expect(await tablesNamed('etablissement_next')).toEqual([])
      },
    )
  })

  it('refuses to replace the table while a view depends on it', async () => {
    await query(
      'CREATE VIEW etablissement_actif AS SELECT siret FROM etablissement WHERE etat_administratif = $$A$$',
    )
    try {
      await expect(importSirene(pool(), { ...FIXTURES })).rejects.toThrow(
        /table etablissement cannot be replaced while other objects depend on it: etablissement_actif/,
      )
    } finally {
      await query('DROP VIEW etablissement_actif')
    }
  })
})
