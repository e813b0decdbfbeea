// The cadastre's SQL on both engines, checked against oracles computed in JavaScript over the same
// rows: each search key of parcels, accounts and premises (lists, AND, bounds), the records and
// their references, communes, and the box queries of /geo (GiST candidates + exact test).
import fc from 'fast-check'
import polygonClipping, { type Geom } from 'polygon-clipping'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePool, pool, query } from '../db/pool'
import { SqlParams } from '../db/sql-params'
import { toPremisesCriteria, premisesSearchSchema } from '../premises/search-criteria'
import { premisesFilter } from '../premises/search-filter'
import { seedDatabase } from '../seed/seed-database'
import { engineSkipped, testEngine } from '../testing/engine'
import type { AreaGeometry, BBox } from '../territory/geometry'
import { zoneId } from '../territory/zone-id'
import { normaliseName } from '../text/normalise'
import { accountFilter, accountRecord, accountSearchSchema } from './accounts'
import { boxFeatures, communeListing, communeSearchSchema } from './geo'
import { extentOf, extentsMeet, extentWithin, intersectsBox, polygonsOf } from './geometry'
import { parcelFilter, parcelListing, parcelRecord, parcelSearchSchema } from './parcels'

afterAll(() => closePool())

interface Parcel {
  id: string
  codcom: string
  section: string
  contenance: number
  adresse: string
  compte: string
  geometrie: string
}
interface Account {
  id: string
  codcom: string
  personne: string
  nom: string
  siren: string | null
  titulaires: Array<{ code: string }>
}
interface Local {
  id: string
  codcom: string
  invariant: string
  parcelle: string
  compte: string
  proprietaire: string
  adresse: string
}

const has = (text: string, words: string) =>
  normaliseName(words)
    .split(' ')
    .every((w) => normaliseName(text).includes(w))

describe.skipIf(engineSkipped)(`cadastre on ${testEngine}`, () => {
  let parcels: Parcel[]
  let accounts: Map<string, Account>
  let locals: Local[]

  beforeAll(async () => {
    await seedDatabase(pool(), { establishments: 3000, premises: 600, parcels: 6000, seed: 2 })
    parcels = (
      await query<Parcel>('SELECT id, codcom, section, contenance, adresse, compte, geometrie FROM parcelle')
    ).rows
    accounts = new Map(
      (
        await query<Account>('SELECT id, codcom, personne, nom, siren, titulaires FROM compte_communal')
      ).rows.map((a) => [a.id, a]),
    )
    locals = (
      await query<Local>('SELECT id, codcom, invariant, parcelle, compte, proprietaire, adresse FROM local')
    ).rows
  })

  const sorted = (ids: string[]) => [...ids].sort()

  async function parcelIds(search: unknown): Promise<string[]> {
    const params = new SqlParams()
    const where = parcelFilter(parcelSearchSchema.parse(search), params)
    const { rows } = await query<{ id: string }>(`SELECT p.id FROM parcelle p WHERE ${where}`, params.values)
    return sorted(rows.map((r) => r.id))
  }
  const expected = (keep: (p: Parcel) => boolean) => sorted(parcels.filter(keep).map((p) => p.id))

  it('finds parcels by each key, lists meaning any of, keys combined with AND', async () => {
    const sample = parcels[17]!
    const other = parcels[parcels.length - 3]!
    const owner = accounts.get(sample.compte)!
    const word = normaliseName(owner.nom).split(' ')[0]!
    const cases: Array<[unknown, (p: Parcel) => boolean]> = [
      [{ codcom: sample.codcom }, (p) => p.codcom === sample.codcom],
      [
        { codcom: [sample.codcom, other.codcom] },
        (p) => p.codcom === sample.codcom || p.codcom === other.codcom,
      ],
      [{ section: sample.section }, (p) => p.section === sample.section],
      [
        { codcom: sample.codcom, section: sample.section.slice(8) },
        (p) => p.codcom === sample.codcom && p.section.endsWith(sample.section.slice(8)),
      ],
      [{ proprietaire: sample.compte }, (p) => p.compte === sample.compte],
      [
        { codcom: sample.codcom, proprietaire: word },
        (p) => p.codcom === sample.codcom && has(accounts.get(p.compte)!.nom, word),
      ],
      [{ contenance_min: 5000, contenance_max: 6000 }, (p) => p.contenance >= 5000 && p.contenance <= 6000],
      [
        { codcom: sample.codcom, contenance_max: '800' },
        (p) => p.codcom === sample.codcom && p.contenance <= 800,
      ],
      [{ q: sample.id }, (p) => p.id === sample.id],
      [sample.section, (p) => p.section === sample.section],
      [
        { zone_id: zoneId('departement', sample.codcom.slice(0, 2)) },
        (p) => p.codcom.slice(0, 2) === sample.codcom.slice(0, 2),
      ],
    ]
    for (const [search, keep] of cases)
      expect(await parcelIds(search), JSON.stringify(search)).toEqual(expected(keep))
  })

  it('pages parcels in id order with the exact total', async () => {
    const codcom = parcels[0]!.codcom
    const all = expected((p) => p.codcom === codcom)
    const page = await parcelListing.page({ search: { codcom: [codcom] }, page: 2, size: 5, paginated: true })
    expect(page.total).toBe(all.length)
    expect(page.items.map((i) => (i as { id: string }).id)).toEqual(all.slice(5, 10))
    const geojson = JSON.parse(
      await parcelListing.geojson!({ search: { codcom: [codcom] }, page: 1, size: 50, paginated: false }),
    ) as {
      features: Array<{ geometry: AreaGeometry; properties: { id: string } }>
    }
    expect(geojson.features.map((f) => f.properties.id)).toEqual(all)
    expect(['Polygon', 'MultiPolygon']).toContain(geojson.features[0]!.geometry.type)
    // The Features PostgreSQL writes carry the JSON records as properties, and the stored outlines.
    const first = await parcelListing.page({
      search: { codcom: [codcom] },
      page: 1,
      size: 100,
      paginated: true,
    })
    expect(geojson.features.slice(0, 100).map((f) => f.properties)).toEqual(first.items)
    expect(geojson.features.map((f) => f.geometry)).toEqual(
      all.map((id) => JSON.parse(parcels.find((p) => p.id === id)!.geometrie) as AreaGeometry),
    )
    // Several communes: ids in order across them.
    const two = [parcels[0]!.codcom, parcels[parcels.length - 1]!.codcom]
    const both = await parcelListing.page({ search: { codcom: two }, page: 1, size: 100, paginated: true })
    expect(both.items.map((i) => (i as { id: string }).id)).toEqual(
      expected((p) => two.includes(p.codcom)).slice(0, 100),
    )
  })

  it('reads a parcel with its premises and accounts, and an account with its parcels and premises', async () => {
    const local = locals[0]!
    const parcel = parcels.find((p) => p.id === local.parcelle)!
    const record = (await parcelRecord(parcel.id, 'json')) as {
      locaux: Array<{ id: string; url: string }>
      proprietaires: Array<{ id: string; url: string }>
    }
    const onParcel = locals.filter((l) => l.parcelle === parcel.id)
    expect(record.locaux.map((l) => l.id)).toEqual(sorted(onParcel.map((l) => l.id)))
    expect(sorted(record.proprietaires.map((a) => a.id))).toEqual(
      sorted([...new Set([parcel.compte, ...onParcel.map((l) => l.compte)])]),
    )
    expect(record.locaux[0]!.url).toBe(`/v0/ca/locaux/${record.locaux[0]!.id}`)
    const feature = JSON.parse((await parcelRecord(parcel.id, 'geojson')) as string) as { geometry: unknown }
    expect(feature.geometry).toEqual(JSON.parse(parcel.geometrie))
    const account = (await accountRecord(local.compte)) as {
      parcelles: Array<{ id: string }>
      locaux: Array<{ id: string }>
      nom: string
    }
    expect(account.nom).toBe(local.proprietaire)
    expect(account.parcelles.map((p) => p.id)).toEqual(expected((p) => p.compte === local.compte))
    expect(account.locaux.map((l) => l.id)).toEqual(
      sorted(locals.filter((l) => l.compte === local.compte).map((l) => l.id)),
    )
    await expect(parcelRecord('352389999ZZ9999', 'json')).rejects.toMatchObject({ status: 404 })
    await expect(accountRecord('35238A99999')).rejects.toMatchObject({ status: 404 })
  })

  it('finds accounts by each key', async () => {
    const list = [...accounts.values()]
    const legal = list.find((a) => a.siren !== null) ?? list.find((a) => a.personne === 'morale')!
    async function ids(search: unknown) {
      const params = new SqlParams()
      const where = accountFilter(accountSearchSchema.parse(search), params)
      const { rows } = await query<{ id: string }>(
        `SELECT c.id FROM compte_communal c WHERE ${where}`,
        params.values,
      )
      return sorted(rows.map((r) => r.id))
    }
    const want = (keep: (a: Account) => boolean) => sorted(list.filter(keep).map((a) => a.id))
    expect(await ids({ codcom: legal.codcom, personne: 'morale' })).toEqual(
      want((a) => a.codcom === legal.codcom && a.personne === 'morale'),
    )
    if (legal.siren) expect(await ids(legal.siren)).toEqual(want((a) => a.siren === legal.siren))
    expect(await ids({ droit: ['u', 'N'] })).toEqual(
      want((a) => a.titulaires.some((h) => h.code === 'U' || h.code === 'N')),
    )
    expect(await ids({ q: legal.id })).toEqual([legal.id])
    const word = normaliseName(legal.nom).split(' ').slice(-1)[0]!
    expect(await ids({ codcom: legal.codcom, q: word })).toEqual(
      want((a) => a.codcom === legal.codcom && has(a.nom, word)),
    )
  })

  it('finds premises by parcel, account, invariant and free text', async () => {
    async function ids(search: unknown) {
      const params = new SqlParams()
      const where = premisesFilter(toPremisesCriteria(premisesSearchSchema.parse(search)), params)
      const { rows } = await query<{ id: string }>(`SELECT l.id FROM local l WHERE ${where}`, params.values)
      return sorted(rows.map((r) => r.id))
    }
    const want = (keep: (l: Local) => boolean) => sorted(locals.filter(keep).map((l) => l.id))
    const l = locals[5]!
    expect(await ids({ parcelle: l.parcelle })).toEqual(want((x) => x.parcelle === l.parcelle))
    expect(await ids({ proprietaire: l.compte })).toEqual(want((x) => x.compte === l.compte))
    expect(await ids({ invariant: l.invariant, codcom: l.codcom })).toEqual(
      want((x) => x.invariant === l.invariant && x.codcom === l.codcom),
    )
    expect(await ids(l.id)).toEqual([l.id])
    expect(await ids({ q: [l.parcelle, l.compte] })).toEqual(
      want((x) => x.parcelle === l.parcelle || x.compte === l.compte),
    )
  })

  it('lists communes with their centre inside their extent', async () => {
    const page = await communeListing.page({
      search: { departement: ['35'], q: ['rennes'] },
      page: 1,
      size: 50,
      paginated: false,
    })
    expect(page.items).toEqual([
      expect.objectContaining({ code: '35238', nom: 'Rennes', departement: '35', region: '53' }),
    ])
    const rennes = page.items[0] as { centre: [number, number]; bbox: BBox }
    expect(extentsMeet([...rennes.centre, ...rennes.centre], rennes.bbox)).toBe(true)
  })

  it('ranks communes searched by name: the exact name, then names starting with it, then the others', async () => {
    const communes = (
      await query<{ code: string; nom: string; departement_code: string }>(
        'SELECT code, nom, departement_code FROM commune ORDER BY code',
      )
    ).rows
    const ranked = (text: string, keep: (c: { departement_code: string }) => boolean = () => true) => {
      const name = normaliseName(text)
      const rank = (nom: string) =>
        normaliseName(nom) === name ? 0 : normaliseName(nom).startsWith(name) ? 1 : 2
      return communes
        .filter((c) => keep(c) && has(c.nom, text))
        .sort((a, b) => rank(a.nom) - rank(b.nom) || (a.code < b.code ? -1 : 1))
        .map((c) => c.code)
    }
    const request = (search: unknown, page = 1, size = 100) => ({
      search: communeSearchSchema.parse(search),
      page,
      size,
      paginated: true,
    })
    const codes = (items: unknown[]) => items.map((i) => (i as { code: string }).code)
    const rennes = await communeListing.page(request('rennes'))
    expect((rennes.items[0] as { nom: string }).nom).toBe('Rennes')
    expect(rennes.items.map((i) => (i as { nom: string }).nom)).toContain('Brennes')
    expect(codes(rennes.items)).toEqual(ranked('rennes'))
    expect(rennes.total).toBe(ranked('rennes').length)
    // Pages follow the ranking; the GeoJSON has the same order.
    const saint = ranked('Saint')
    expect(saint.length).toBeGreaterThan(200)
    expect(codes((await communeListing.page(request({ q: 'saint' }, 2, 100))).items)).toEqual(
      saint.slice(100, 200),
    )
    const geojson = JSON.parse(
      await communeListing.geojson!(request({ q: ['SAINT-MALO'], departement: '35' })),
    ) as {
      features: Array<{ properties: { code: string } }>
    }
    expect(geojson.features.map((f) => f.properties.code)).toEqual(
      ranked('saint malo', (c) => c.departement_code === '35'),
    )
    expect(geojson.features[0]!.properties.code).toBe('35288')
    // Without a name: code order.
    const bretons = await communeListing.page(request({ departement: '35' }))
    expect(codes(bretons.items)).toEqual(
      communes
        .filter((c) => c.departement_code === '35')
        .map((c) => c.code)
        .slice(0, 100),
    )
    const byCode = JSON.parse(await communeListing.geojson!(request({ code: ['35238', '29019'] }))) as {
      features: Array<{ properties: { code: string } }>
    }
    expect(byCode.features.map((f) => f.properties.code)).toEqual(['29019', '35238'])
  })

  it('answers a box with exactly the outlines meeting it (JavaScript oracle over the same rows)', async () => {
    const extents = parcels.map((p) => ({ p, geometry: JSON.parse(p.geometrie) as AreaGeometry }))
    const withExtent = extents.map((x) => ({ ...x, extent: extentOf(x.geometry) }))
    const centres = withExtent.filter((_, i) => i % 97 === 0)
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: centres.length - 1 }),
        fc.double({ min: 0.0005, max: 0.01, noNaN: true }),
        fc.double({ min: 0.0005, max: 0.01, noNaN: true }),
        async (index, dx, dy) => {
          const [w, s, e, n] = centres[index]!.extent
          const box: BBox = [(w + e) / 2 - dx, (s + n) / 2 - dy, (w + e) / 2 + dx, (s + n) / 2 + dy]
          const answer = JSON.parse(await boxFeatures('parcelles', box)) as {
            features: Array<{ geometry: AreaGeometry; properties: Record<string, unknown> & { id: string } }>
          }
          const ids = answer.features.map((f) => f.properties.id)
          for (const feature of answer.features) {
            const parcel = parcels.find((p) => p.id === feature.properties.id)!
            expect(feature.properties).toEqual({
              id: parcel.id,
              url: `/v0/ca/parcelles/${parcel.id}`,
              codcom: parcel.codcom,
              section: parcel.section.slice(8),
              contenance: parcel.contenance,
            })
            expect(feature.geometry).toEqual(JSON.parse(parcel.geometrie))
          }
          const oracle = withExtent
            .filter(
              (x) =>
                extentsMeet(x.extent, box) && (extentWithin(x.extent, box) || intersectsBox(x.geometry, box)),
            )
            .map((x) => x.p.id)
            .sort()
          expect(ids).toEqual(oracle)
          // Independently: every parcel sharing area with the box is there, none outside its extent.
          const boxPolygon = [
            [
              [box[0], box[1]],
              [box[2], box[1]],
              [box[2], box[3]],
              [box[0], box[3]],
              [box[0], box[1]],
            ],
          ] as Geom
          for (const x of withExtent) {
            if (!extentsMeet(x.extent, box)) {
              expect(ids).not.toContain(x.p.id)
              continue
            }
            const shared = polygonClipping.intersection(polygonsOf(x.geometry) as unknown as Geom, boxPolygon)
            if (shared.length > 0) expect(ids).toContain(x.p.id)
          }
        },
      ),
      { numRuns: 12 },
    )
  })

  it('answers sections of a box and refuses a box holding more than the limit', async () => {
    const p = parcels[0]!
    const [w, s, e, n] = extentOf(JSON.parse(p.geometrie) as AreaGeometry)
    const sections = JSON.parse(await boxFeatures('sections', [w, s, e, n])) as {
      features: Array<{ properties: { id: string } }>
    }
    expect(sections.features.map((f) => f.properties.id)).toContain(p.section)
    const wide: BBox = [w - 0.05, s - 0.05, e + 0.05, n + 0.05]
    const inWide = parcels.filter((x) =>
      extentsMeet(extentOf(JSON.parse(x.geometrie) as AreaGeometry), wide),
    ).length
    expect(inWide).toBeGreaterThan(10)
    await expect(boxFeatures('parcelles', wide, { limit: inWide - 1 })).rejects.toMatchObject({ status: 400 })
    await expect(boxFeatures('parcelles', wide, { limit: inWide })).resolves.toContain('FeatureCollection')
  })
})
