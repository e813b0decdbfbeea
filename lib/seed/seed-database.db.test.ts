import { afterAll, describe, expect, it } from 'vitest'
import { closePool, pool, query } from '../db/pool'
import { getStatus } from '../status/get-status'
import { engineSkipped, testEngine } from '../testing/engine'
import { seedDatabase } from './seed-database'

afterAll(() => closePool())

async function fingerprint(): Promise<string> {
  const { rows } = await query<{ f: string }>(
    `SELECT md5(string_agg(siret || entreprise || enseigne || adresse || coalesce(lon::text, '-'), ',' ORDER BY siret)) AS f
       FROM etablissement`,
  )
  return rows[0]!.f
}

describe.skipIf(engineSkipped)(`seedDatabase on ${testEngine}`, () => {
  it('loads the requested numbers and records them for the status', async () => {
    const phases = new Set<string>()
    const result = await seedDatabase(pool(), {
      establishments: 3000,
      premises: 400,
      parcels: 5000,
      seed: 5,
      onProgress: (e) => phases.add(e.phase),
    })
    expect(result).toMatchObject({ establishments: 3000, premises: 400 })
    expect(result.parcels).toBeGreaterThanOrEqual(5000)
    expect([...phases]).toEqual(['establishments', 'indexes', 'parcels', 'premises'])
    const { rows } = await query<{ e: number; l: number }>(
      'SELECT (SELECT count(*) FROM etablissement) AS e, (SELECT count(*) FROM local) AS l',
    )
    expect(rows[0]).toEqual({ e: 3000, l: 400 })
    expect((await getStatus()).donnees).toMatchObject({
      source: 'synthetic',
      etablissements: 3000,
      locaux: 400,
    })
  })

  it('gives the same data for the same seed, and rebuilt the indexes', async () => {
    const indexes = async () =>
      (
        await query<{ indexdef: string }>(
          "SELECT indexdef FROM pg_indexes WHERE tablename = 'etablissement' ORDER BY indexname",
        )
      ).rows.map((r) => r.indexdef)
    const before = await indexes()
    expect(before).toEqual(
      expect.arrayContaining([
        expect.stringContaining('etablissement_commune_siret'),
        expect.stringContaining('gin_trgm_ops'),
      ]),
    )
    const first = await fingerprint()
    await seedDatabase(pool(), { establishments: 3000, premises: 400, seed: 5 })
    expect(await fingerprint()).toBe(first)
    await seedDatabase(pool(), { establishments: 3000, premises: 400, seed: 6 })
    expect(await fingerprint()).not.toBe(first)
    expect(await indexes()).toEqual(before)
  })

  it('places every premises on a parcel of its commune and gives it to an account', async () => {
    const { rows } = await query<{ orphans: number; foreign: number; owners: number; unnamed: number }>(
      `SELECT
         (SELECT count(*)::int FROM local l WHERE NOT EXISTS (SELECT 1 FROM parcelle p WHERE p.id = l.parcelle)) AS orphans,
         (SELECT count(*)::int FROM local l JOIN parcelle p ON p.id = l.parcelle WHERE p.codcom <> l.codcom) AS foreign,
         (SELECT count(*)::int FROM local l WHERE NOT EXISTS (SELECT 1 FROM compte_communal c WHERE c.id = l.compte)) AS owners,
         (SELECT count(*)::int FROM local l JOIN compte_communal c ON c.id = l.compte WHERE c.nom <> l.proprietaire) AS unnamed`,
    )
    expect(rows[0]).toEqual({ orphans: 0, foreign: 0, owners: 0, unnamed: 0 })
    const parcels = await query<{ sections: number; accounts: number; communes: number; boxes: number }>(
      `SELECT
         (SELECT count(*)::int FROM parcelle p WHERE NOT EXISTS (SELECT 1 FROM section_cadastrale s WHERE s.id = p.section)) AS sections,
         (SELECT count(*)::int FROM parcelle p WHERE NOT EXISTS (SELECT 1 FROM compte_communal c WHERE c.id = p.compte)) AS accounts,
         (SELECT count(DISTINCT codcom)::int FROM section_cadastrale) AS communes,
         (SELECT count(*)::int FROM parcelle p JOIN section_cadastrale s ON s.id = p.section WHERE NOT (s.emprise @> p.emprise)) AS boxes`,
    )
    expect(parcels.rows[0]).toMatchObject({ sections: 0, accounts: 0, boxes: 0 })
    expect(parcels.rows[0]!.communes).toBeGreaterThanOrEqual(200)
    // The GiST index answers box searches.
    const plan = await query<{ 'QUERY PLAN': string }>(
      "EXPLAIN SELECT id FROM parcelle WHERE emprise && box '(-1.67,48.12),(-1.68,48.11)'",
    )
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/parcelle_emprise/)
  })

  it('stores normalised names for search', async () => {
    const { rows } = await query<{ n: number }>(
      "SELECT count(*)::int AS n FROM etablissement WHERE nom_recherche <> tda_normalise(entreprise || ' ' || enseigne || ' ' || coalesce(denomination_usuelle, ''))",
    )
    expect(rows[0]!.n).toBe(0)
  })

  it('leaves the previous data in place when seeding fails half-way', async () => {
    const before = await fingerprint()
    await expect(
      seedDatabase(pool(), {
        establishments: 50_000,
        premises: 10,
        seed: 7,
        onProgress: (e) => {
          if (e.phase === 'establishments' && e.done >= 20_000) throw new Error('interrupted')
        },
      }),
    ).rejects.toThrow('interrupted')
    expect(await fingerprint()).toBe(before)
  })
})
