// The establishment search library (pages, ranking, cap, points, one record) and the zones module,
// against deterministic synthetic data and a JavaScript oracle, on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePool, pool, query } from '../db/pool'
import { seedDatabase } from '../seed/seed-database'
import { engineSkipped, testEngine } from '../testing/engine'
import { listDivisions, listZones, zoneFeature } from '../territory/zones'
import type { EstablishmentRecord } from './record'
import { MAX_FEATURES, RESULT_CAP } from '../http/list-limits'
import { getEstablishment, searchClusters, searchEstablishments, searchPoints } from './search'
import { MAX_CLUSTERS } from './clusters-grid'
import type { SearchCriteria } from './search-criteria'
import { normalise, syntheticWorld } from '../testing/search-oracle'

const SEED = { establishments: 3000, premises: 10, seed: 11 }
const { ref, records, communes } = syntheticWorld(SEED)

const perCommune = new Map<string, EstablishmentRecord[]>()
for (const r of records) perCommune.set(r.codeCommune, [...(perCommune.get(r.codeCommune) ?? []), r])
const busiest = [...perCommune].sort((a, b) => b[1].length - a[1].length)[0]![0]
const busiestDepartement = communes.get(busiest)!.departement
const departementZone = ref.zones.find((z) => z.type === 'departement' && z.code === busiestDepartement)!

async function allSirets(criteria: SearchCriteria): Promise<string[]> {
  const out: string[] = []
  for (let page = 1; ; page++) {
    const result = await searchEstablishments(criteria, { page, size: 100 })
    out.push(...result.etablissements.map((e) => e.siret))
    if (result.etablissements.length < 100) return out
  }
}

beforeAll(async () => {
  await seedDatabase(pool(), SEED)
})
afterAll(() => closePool())

describe.skipIf(engineSkipped)(`establishment search on ${testEngine}`, () => {
  it('pages a commune search by SIRET with the exact total', async () => {
    const expected = perCommune
      .get(busiest)!
      .map((r) => r.siret)
      .sort()
    const first = await searchEstablishments({ communes: [busiest] }, { page: 1, size: 5 })
    expect(first.total).toBe(expected.length)
    expect(first.page).toBe(1)
    expect(first.etablissements.map((e) => e.siret)).toEqual(expected.slice(0, 5))
    const second = await searchEstablishments({ communes: [busiest] }, { page: 2, size: 5 })
    expect(second.etablissements.map((e) => e.siret)).toEqual(expected.slice(5, 10))
  })

  it('goes commune by commune for a zone and keeps the global SIRET order', async () => {
    const expected = records
      .filter((r) => communes.get(r.codeCommune)?.departement === busiestDepartement)
      .map((r) => r.siret)
      .sort()
    expect(await allSirets({ zones: [departementZone.id] })).toEqual(expected)
    const third = await searchEstablishments({ zones: [departementZone.id] }, { page: 3, size: 7 })
    expect(third.total).toBe(expected.length)
    expect(third.etablissements.map((e) => e.siret)).toEqual(expected.slice(14, 21))
  })

  it('finds the establishments of Paris, Lyon and Marseille under their arrondissements', async () => {
    const { oracle } = syntheticWorld(SEED)
    for (const city of ['75056', '69123', '13055']) {
      const expected = records
        .filter((r) => communes.get(r.codeCommune)?.parentCode === city)
        .map((r) => r.siret)
        .sort()
      expect(expected.length, city).toBeGreaterThan(0)
      expect(await allSirets({ communes: [city] })).toEqual(expected)
      expect(oracle({ communes: [city] })).toEqual(expected)
      // Through the commune set of a department too, and next to another commune.
      const departement = communes.get(city)!.departement
      expect(await allSirets({ communes: [city], departements: [departement] })).toEqual(expected)
      expect((await searchEstablishments({ communes: [city, busiest] }, { page: 1, size: 1 })).total).toBe(
        oracle({ communes: [city, busiest] }).length,
      )
    }
    // An arrondissement matches only itself.
    const lyon3 = records.filter((r) => r.codeCommune === '69383').map((r) => r.siret)
    expect(await allSirets({ communes: ['69383'] })).toEqual(lyon3.sort())
  })

  it('clusters a view: counts adding up to the located matches inside the box, single ones named', async () => {
    const { matches } = syntheticWorld(SEED)
    const FRANCE: [number, number, number, number] = [-5.3, 41.2, 9.7, 51.2]
    const cases: Array<[SearchCriteria, [number, number, number, number], number]> = [
      // Without criteria, large views add up cells counted ahead of time, edges read one by one.
      [{}, FRANCE, 5],
      [{}, [-180, -90, 180, 90], 22],
      [{}, [-1.93, 47.47, 2.41, 49.33], 6],
      [{}, [-0.57, 44.8, 2.9, 47.1], 9],
      [{ communes: ['69123'] }, [4.7, 45.6, 5.0, 45.9], 12],
      [{ communes: [busiest] }, FRANCE, 16],
      [{ zones: [departementZone.id], tranches: ['NN', '00'] }, FRANCE, 8],
      [{ texts: ['boulangerie'] }, FRANCE, 6],
    ]
    for (const [criteria, bbox, zoom] of cases) {
      const inside = records.filter(
        (r) =>
          r.lon !== null &&
          r.lat !== null &&
          r.lon >= bbox[0] &&
          r.lon <= bbox[2] &&
          r.lat >= bbox[1] &&
          r.lat <= bbox[3] &&
          matches(r, criteria),
      )
      const clusters = await searchClusters(criteria, { bbox, zoom })
      const label = JSON.stringify({ criteria, bbox, zoom })
      expect(inside.length, label).toBeGreaterThan(0)
      expect(
        clusters.reduce((n, c) => n + c.count, 0),
        label,
      ).toBe(inside.length)
      expect(clusters.length, label).toBeLessThanOrEqual(MAX_CLUSTERS)
      const bySiret = new Map(inside.map((r) => [r.siret, r]))
      for (const c of clusters) {
        expect(c.west <= c.lon && c.lon <= c.east && c.south <= c.lat && c.lat <= c.north).toBe(true)
        if (c.count === 1) expect(bySiret.get(c.siret)?.lon, label).toBeCloseTo(c.lon, 9)
      }
    }
    // Zoomed in, clusters split.
    const coarse = await searchClusters({ communes: ['69123'] }, { bbox: [4.7, 45.6, 5.0, 45.9], zoom: 9 })
    const fine = await searchClusters({ communes: ['69123'] }, { bbox: [4.7, 45.6, 5.0, 45.9], zoom: 15 })
    expect(fine.length).toBeGreaterThan(coarse.length)
  })

  it('counts every establishment without criteria', async () => {
    const result = await searchEstablishments({}, { page: 1, size: 50 })
    expect(result.total).toBe(SEED.establishments)
    expect(result.etablissements.map((e) => e.siret)).toEqual(
      records
        .map((r) => r.siret)
        .sort()
        .slice(0, 50),
    )
  })

  it('ranks a name search: exact names first, then names starting with it, then the others', async () => {
    // A company name that other establishments contain as a part of a longer name.
    const words = new Map<string, number>()
    for (const r of records) {
      const first = normalise(r.entreprise).split(' ')[0]!
      if (first.length >= 5) words.set(first, (words.get(first) ?? 0) + 1)
    }
    const word = [...words].sort((a, b) => b[1] - a[1])[0]![0]
    const text = word.toLowerCase()
    const result = await searchEstablishments({ texts: [text] }, { page: 1, size: 100 })
    const names = (e: { entreprise: string; enseigne: string; denominationUsuelle: string | null }) =>
      [e.entreprise, e.enseigne, e.denominationUsuelle ?? ''].map(normalise)
    const classOf = (e: Parameters<typeof names>[0]) =>
      names(e).some((n) => n === word) ? 0 : names(e).some((n) => n.startsWith(word)) ? 1 : 2
    const classes = result.etablissements.map(classOf)
    expect(classes).toEqual([...classes].sort((a, b) => a - b))
    expect(classes[0]).toBeLessThanOrEqual(1)
    expect(result.total).toBe(
      records.filter((r) =>
        normalise(`${r.entreprise} ${r.enseigne} ${r.denominationUsuelle ?? ''}`).includes(word),
      ).length,
    )
    // Same words with accents and another case: same results in the same order.
    const again = await searchEstablishments({ texts: [text.toUpperCase()] }, { page: 1, size: 100 })
    expect(again.etablissements.map((e) => e.siret)).toEqual(result.etablissements.map((e) => e.siret))
  })

  it('finds an exact name typed with other accents and case first', async () => {
    const sample = records.find((r) => /[éèàç]/i.test(r.entreprise)) ?? records[7]!
    const typed = normalise(sample.entreprise).toLowerCase()
    const result = await searchEstablishments({ texts: [typed] }, { page: 1, size: 10 })
    expect(normalise(result.etablissements[0]!.entreprise)).toBe(normalise(sample.entreprise))
    expect(result.etablissements.map((e) => e.siret)).toContain(
      records
        .filter((r) => normalise(r.entreprise) === normalise(sample.entreprise))
        .map((r) => r.siret)
        .sort()[0],
    )
  })

  it('treats a 14-digit text as a SIRET and a 9-digit one as a SIREN', async () => {
    const sample = records[42]!
    const bySiret = await searchEstablishments({ texts: [sample.siret] }, { page: 1, size: 10 })
    expect(bySiret.etablissements.map((e) => e.siret)).toEqual([sample.siret])
    const bySiren = await searchEstablishments({ texts: [sample.siren] }, { page: 1, size: 100 })
    expect(bySiren.etablissements.map((e) => e.siret)).toEqual(
      records
        .filter((r) => r.siren === sample.siren)
        .map((r) => r.siret)
        .sort(),
    )
  })

  it('serves the last page before the 10,000th result', async () => {
    const last = await searchEstablishments({}, { page: RESULT_CAP / 100, size: 100 })
    expect(last.etablissements).toEqual([])
    expect(last.total).toBe(SEED.establishments)
  })

  it('gives the located establishments ordered by point, inside a bbox when given', async () => {
    const located = perCommune.get(busiest)!.filter((r) => r.lon !== null)
    const points = await searchPoints({ communes: [busiest] })
    expect(points.map((p) => p.siret).sort()).toEqual(located.map((r) => r.siret).sort())
    const keys = points.map((p) => [p.lon, p.lat, p.siret] as const)
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : 1)))
    const lons = located.map((r) => r.lon!).sort((a, b) => a - b)
    const lats = located.map((r) => r.lat!).sort((a, b) => a - b)
    const bbox: [number, number, number, number] = [
      lons[0]!,
      lats[0]!,
      lons[Math.floor(lons.length / 2)]!,
      lats[lats.length - 1]!,
    ]
    const inside = await searchPoints({ communes: [busiest] }, { bbox })
    expect(inside.map((p) => p.siret).sort()).toEqual(
      located
        .filter((r) => r.lon! >= bbox[0] && r.lon! <= bbox[2] && r.lat! >= bbox[1] && r.lat! <= bbox[3])
        .map((r) => r.siret)
        .sort(),
    )
    expect(inside.length).toBeLessThan(points.length)
    const all = await searchPoints({})
    expect(all.length).toBe(Math.min(MAX_FEATURES, records.filter((r) => r.lon !== null).length))
  })

  it('reads one establishment, or null', async () => {
    const sample = records[5]!
    const found = await getEstablishment(sample.siret)
    expect(found?.siret).toBe(sample.siret)
    expect(found?.entreprise).toBe(sample.entreprise)
    expect(found?.codeCommune).toBe(sample.codeCommune)
    expect(await getEstablishment('00000000000000')).toBeNull()
    expect(await getEstablishment('123')).toBeNull()
  })
})

describe.skipIf(engineSkipped)(`zones and divisions on ${testEngine}`, () => {
  it('lists the division kinds with their number of zones', async () => {
    const divisions = await listDivisions()
    expect(divisions.map((d) => d.id)).toEqual(['epci', 'departement', 'region'])
    for (const d of divisions) {
      expect(d.zones).toBe(ref.zones.filter((z) => z.type === d.id).length)
      expect(d.url).toBe(`/v0/decoupages/${d.id}`)
    }
  })

  it('lists the zones of a kind by code', async () => {
    const departements = await listZones('departement')
    expect(departements.total).toBe(departements.zones.length)
    expect(departements.zones.find((z) => z.code === '35')).toMatchObject({
      nom: 'Ille-et-Vilaine',
      url: `/v0/zones/${ref.zones.find((z) => z.type === 'departement' && z.code === '35')!.id}`,
    })
    const codes = departements.zones.map((z) => z.code)
    expect(codes).toEqual([...codes].sort())
  })

  it('gives a zone as one MultiPolygon feature gathered from its communes', async () => {
    const zone = ref.zones.find((z) => z.type === 'departement' && z.code === '35')!
    const collection = await zoneFeature(zone.id)
    expect(collection?.features).toHaveLength(1)
    const feature = collection!.features[0]
    expect(feature.properties).toEqual({ id: zone.id, code: '35', nom: zone.nom, type: 'departement' })
    expect(feature.geometry.type).toBe('MultiPolygon')
    const { rows } = await query<{ n: number }>(
      `SELECT count(DISTINCT o.geometry::text)::int AS n FROM zone_commune zc
         JOIN commune_outline o ON o.code = zc.code_commune WHERE zc.zone_id = $1`,
      [zone.id],
    )
    expect(feature.geometry.coordinates.length).toBeGreaterThanOrEqual(rows[0]!.n)
    expect(await zoneFeature('00000000-0000-4000-8000-000000000000')).toBeNull()
    expect(await zoneFeature('not-a-uuid')).toBeNull()
  })
})
