// The fiscal detail on both engines: the seeded figures checked against the rules recomputed here
// from their sources (every sum holds), the records and every link they carry, and each search key
// of /tf and /th against oracles computed over the same rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountRecord } from '../cadastre/accounts'
import { parcelRecord } from '../cadastre/parcels'
import { closePool, pool, query } from '../db/pool'
import { SqlParams } from '../db/sql-params'
import { premisesRecord } from '../premises/get-premises'
import { seedDatabase } from '../seed/seed-database'
import { engineSkipped, testEngine } from '../testing/engine'
import { referenceData } from '../territory/reference-data'
import { zoneId } from '../territory/zone-id'
import { normaliseName } from '../text/normalise'
import { AFFECTATIONS, CATEGORIES, SUF_GROUPS } from './codes'
import { pevRecord } from './pev'
import {
  communeRates,
  housingTaxBase,
  housingTaxLines,
  housingTaxRate,
  MINIMUM_NOTICE_CENTS,
  propertyTaxBases,
  propertyTaxLines,
  TAX_YEARS,
  totalOf,
  type NoticeLine,
} from './rules'
import { sufRecord } from './suf'
import { tfFilter, tfListing, tfRecord, tfSearchSchema } from './tf'
import { thFilter, thListing, thRecord, thSearchSchema } from './th'

afterAll(() => closePool())

interface Pev {
  id: string
  local: string
  affectation: string
  categorie: string
  valeur_locative: number
  revenu_cadastral: number
}
interface Suf {
  id: string
  parcelle: string
  groupe: string
  contenance: number
  valeur_locative: number
  revenu_cadastral: number
}
interface Tf {
  id: string
  compte: string
  codcom: string
  annee: number
  proprietaire: string
  base_bati: number
  base_non_bati: number
  total: number
  lignes: NoticeLine[]
}
interface Th {
  id: string
  local: string
  compte: string
  codcom: string
  annee: number
  nature: 'residence_secondaire' | 'logement_vacant'
  occupant: string
  base: number
  taux: number
  total: number
  lignes: NoticeLine[]
}

const groupBy = <T>(items: readonly T[], key: (item: T) => string) => {
  const map = new Map<string, T[]>()
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item])
  return map
}
const sorted = (ids: string[]) => [...ids].sort()

describe.skipIf(engineSkipped)(`fiscal detail on ${testEngine}`, () => {
  let pevs: Pev[]
  let sufs: Suf[]
  let tf: Tf[]
  let th: Th[]
  let parcels: Array<{ id: string; contenance: number; compte: string; codcom: string }>
  let locals: Array<{ id: string; compte: string; codcom: string }>
  let accounts: Array<{ id: string; codcom: string; nom: string }>
  const communes = new Map(referenceData().communes.map((c) => [c.code, c]))

  beforeAll(async () => {
    await seedDatabase(pool(), { establishments: 3000, premises: 600, parcels: 6000, seed: 2 })
    pevs = (await query<Pev>('SELECT * FROM pev')).rows
    sufs = (await query<Suf>('SELECT * FROM suf')).rows
    tf = (await query<Tf>('SELECT * FROM avis_tf')).rows
    th = (await query<Th>('SELECT * FROM avis_th')).rows
    parcels = (await query<(typeof parcels)[number]>('SELECT id, contenance, compte, codcom FROM parcelle'))
      .rows
    locals = (await query<(typeof locals)[number]>('SELECT id, compte, codcom FROM local')).rows
    accounts = (await query<(typeof accounts)[number]>('SELECT id, codcom, nom FROM compte_communal')).rows
  })

  it('gives every premises 1..n PEVs numbered from 001, with known codes', () => {
    const byLocal = groupBy(pevs, (p) => p.local)
    for (const local of locals) {
      const list = byLocal.get(local.id) ?? []
      expect(list.length, local.id).toBeGreaterThan(0)
      expect(sorted(list.map((p) => p.id))).toEqual(
        list.map((_, i) => `${local.id}${String(i + 1).padStart(3, '0')}`),
      )
    }
    expect(byLocal.size).toBe(locals.length)
    for (const p of pevs) {
      expect(Object.keys(AFFECTATIONS)).toContain(p.affectation)
      expect(Object.keys(CATEGORIES)).toContain(p.categorie)
      expect(p.revenu_cadastral).toBe(Math.floor((p.valeur_locative + 1) / 2))
    }
  })

  it('splits every parcel into SUFs whose areas sum exactly to its contenance', () => {
    const byParcel = groupBy(sufs, (s) => s.parcelle)
    expect(byParcel.size).toBe(parcels.length)
    for (const parcel of parcels) {
      const list = byParcel.get(parcel.id)!
      expect(
        list.reduce((sum, s) => sum + s.contenance, 0),
        parcel.id,
      ).toBe(parcel.contenance)
      expect(new Set(list.map((s) => s.groupe)).size).toBe(list.length)
    }
    for (const s of sufs) {
      expect(Object.keys(SUF_GROUPS)).toContain(s.groupe)
      expect(s.contenance).toBeGreaterThan(0)
      expect(s.revenu_cadastral).toBe(Math.floor((s.valeur_locative * 8 * 2 + 10) / 20))
      if (s.groupe === '13') expect(s.valeur_locative).toBe(0)
    }
  })

  it('issues a property-tax notice for every taxable account and year, its bases and lines the rules applied to its sources', () => {
    const pevsByLocal = groupBy(pevs, (p) => p.local)
    const sufsByParcel = groupBy(sufs, (s) => s.parcelle)
    const localsByAccount = groupBy(locals, (l) => l.compte)
    const parcelsByAccount = groupBy(parcels, (p) => p.compte)
    const notices = new Map(tf.map((t) => [t.id, t]))
    let checked = 0
    for (const account of accounts) {
      const ownPevs = (localsByAccount.get(account.id) ?? []).flatMap((l) => pevsByLocal.get(l.id) ?? [])
      const ownSufs = (parcelsByAccount.get(account.id) ?? []).flatMap((p) => sufsByParcel.get(p.id) ?? [])
      const rates = communeRates(communes.get(account.codcom)!)
      for (const annee of TAX_YEARS) {
        const bases = propertyTaxBases(ownPevs, ownSufs, annee)
        const lines = propertyTaxLines(bases, rates)
        const notice = notices.get(`${account.id}-${annee}`)
        const due = account.id.charAt(5) !== '*' && totalOf(lines) >= MINIMUM_NOTICE_CENTS
        expect(notice !== undefined, `${account.id}-${annee}`).toBe(due)
        if (!notice) continue
        checked++
        expect(notice.base_bati).toBe(bases.bati)
        expect(notice.base_non_bati).toBe(bases.nonBati)
        expect(notice.lignes).toEqual(lines)
        expect(notice.total).toBe(notice.lignes.reduce((sum, l) => sum + l.montant, 0))
        expect(notice.proprietaire).toBe(account.nom)
      }
    }
    expect(checked).toBe(tf.length)
    expect(tf.some((t) => t.base_bati > 0)).toBe(true)
    expect(tf.some((t) => t.base_non_bati > 0)).toBe(true)
  })

  it('keeps each commune’s rates the same every year', () => {
    const rateOf = new Map<string, number>()
    for (const notice of [...tf, ...th]) {
      for (const l of notice.lignes) {
        if (l.taux === null) continue
        const key = `${notice.codcom}/${l.taxe}/${l.beneficiaire}`
        expect(rateOf.get(key) ?? l.taux, key).toBe(l.taux)
        rateOf.set(key, l.taux)
      }
    }
    expect(new Set(tf.map((t) => t.annee))).toEqual(new Set(TAX_YEARS))
  })

  it('taxes second homes and vacant dwellings: base, rate and lines from the dwelling’s PEVs', () => {
    const pevsByLocal = groupBy(pevs, (p) => p.local)
    const localById = new Map(locals.map((l) => [l.id, l]))
    expect(th.length).toBeGreaterThan(0)
    for (const notice of th) {
      const local = localById.get(notice.local)!
      const own = pevsByLocal.get(notice.local)!
      expect(own.some((p) => p.affectation === 'H')).toBe(true)
      const rates = communeRates(communes.get(local.codcom)!)
      expect(notice.base).toBe(housingTaxBase(own, notice.annee))
      expect(notice.taux).toBe(housingTaxRate(rates))
      expect(notice.lignes).toEqual(housingTaxLines(notice.base, notice.nature, rates))
      expect(notice.total).toBe(notice.lignes.reduce((sum, l) => sum + l.montant, 0))
      expect(notice.total).toBeGreaterThanOrEqual(MINIMUM_NOTICE_CENTS)
      if (notice.nature === 'logement_vacant') expect(rates.thlv).toBe(true)
      expect(notice.compte).toBe(local.compte)
      expect(notice.id).toBe(`${notice.local}-${notice.annee}`)
    }
  })

  it('serves records whose every link resolves to the record it names', async () => {
    const local = locals[3]!
    const premises = await premisesRecord(local.id)
    expect(premises.pev.map((p) => p.id)).toEqual(
      sorted(pevs.filter((p) => p.local === local.id).map((p) => p.id)),
    )
    for (const ref of premises.pev) {
      const pev = await pevRecord(ref.id)
      expect(ref.url).toBe(pev.url)
      expect(pev.local).toEqual({ id: local.id, url: premises.url })
      expect(pev.affectation_libelle).toBe(AFFECTATIONS[pev.affectation])
    }
    const parcel = (await parcelRecord(parcels[5]!.id, 'json')) as {
      url: string
      suf: Array<{ id: string; url: string }>
    }
    expect(parcel.suf.length).toBeGreaterThan(0)
    for (const ref of parcel.suf) {
      const suf = await sufRecord(ref.id)
      expect(suf.url).toBe(ref.url)
      expect(suf.parcelle).toEqual({ id: parcels[5]!.id, url: parcel.url })
    }
    const notice = tf.find((t) => t.base_bati > 0 && t.base_non_bati > 0) ?? tf[0]!
    const record = await tfRecord(notice.id)
    expect(record.total_centimes).toBe(record.lignes.reduce((sum, l) => sum + l.montant_centimes, 0))
    expect(record.prop.url).toBe(`/v0/ca/props/${notice.compte}`)
    expect((await accountRecord(notice.compte)) as { id: string }).toMatchObject({ id: notice.compte })
    for (const ref of record.pev) expect((await pevRecord(ref.id)).url).toBe(ref.url)
    for (const ref of record.suf.slice(0, 30)) expect((await sufRecord(ref.id)).url).toBe(ref.url)
    const housing = await thRecord(th[0]!.id)
    expect((await premisesRecord(housing.logement.id)).url).toBe(housing.logement.url)
    expect(housing.total_centimes).toBe(housing.lignes.reduce((sum, l) => sum + l.montant_centimes, 0))
    await expect(pevRecord('352381234567890999')).rejects.toMatchObject({ status: 404 })
    await expect(sufRecord('352389999ZZ9999A')).rejects.toMatchObject({ status: 404 })
    await expect(tfRecord('35238A99999-2025')).rejects.toMatchObject({ status: 404 })
    await expect(thRecord('352381234567890-2025')).rejects.toMatchObject({ status: 404 })
  })

  async function ids(table: 'tf' | 'th', search: unknown): Promise<string[]> {
    const params = new SqlParams()
    const where =
      table === 'tf'
        ? tfFilter(tfSearchSchema.parse(search), params)
        : thFilter(thSearchSchema.parse(search), params)
    const from = table === 'tf' ? 'avis_tf t' : 'avis_th h'
    const { rows } = await query<{ id: string }>(`SELECT id FROM ${from} WHERE ${where}`, params.values)
    return sorted(rows.map((r) => r.id))
  }

  it('finds property-tax notices by each key, lists meaning any of, keys combined with AND', async () => {
    const sample = tf[11]!
    const other = tf[tf.length - 2]!
    const word = normaliseName(sample.proprietaire).split(' ')[0]!
    const want = (keep: (t: Tf) => boolean) => sorted(tf.filter(keep).map((t) => t.id))
    const has = (name: string) => normaliseName(name).includes(word)
    const cases: Array<[unknown, (t: Tf) => boolean]> = [
      [{ codcom: sample.codcom }, (t) => t.codcom === sample.codcom],
      [
        { codcom: [sample.codcom, other.codcom], annee: 2024 },
        (t) => [sample.codcom, other.codcom].includes(t.codcom) && t.annee === 2024,
      ],
      [{ proprietaire: sample.compte }, (t) => t.compte === sample.compte],
      [
        { proprietaire: [sample.compte, other.compte], annee: ['2023', 2025] },
        (t) => [sample.compte, other.compte].includes(t.compte) && t.annee !== 2024,
      ],
      [
        { codcom: sample.codcom, proprietaire: word },
        (t) => t.codcom === sample.codcom && has(t.proprietaire),
      ],
      [
        { zone_id: zoneId('departement', sample.codcom.slice(0, 2)), annee: 2025 },
        (t) => t.codcom.slice(0, 2) === sample.codcom.slice(0, 2) && t.annee === 2025,
      ],
      [sample.id, (t) => t.id === sample.id],
      [sample.compte, (t) => t.compte === sample.compte],
    ]
    for (const [search, keep] of cases)
      expect(await ids('tf', search), JSON.stringify(search)).toEqual(want(keep))
    expect(() => tfSearchSchema.parse({ commune: '35238' })).toThrow(/Critère inconnu/)
    const page = await tfListing.page({
      search: { codcom: [sample.codcom] },
      page: 1,
      size: 3,
      paginated: true,
    })
    expect(page.total).toBe(want((t) => t.codcom === sample.codcom).length)
    expect(page.items.map((i) => (i as { id: string }).id)).toEqual(
      want((t) => t.codcom === sample.codcom).slice(0, 3),
    )
    // The list's totals are the notices' amounts (not the page statement's count of matches).
    const byId = new Map(tf.map((t) => [t.id, t]))
    for (const item of page.items as Array<{ id: string; total_centimes: number; base_bati: number }>) {
      expect(item.total_centimes).toBe(byId.get(item.id)!.total)
      expect(item.base_bati).toBe(byId.get(item.id)!.base_bati)
    }
  })

  it('finds housing-tax notices by each key', async () => {
    const sample = th[0]!
    const want = (keep: (t: Th) => boolean) => sorted(th.filter(keep).map((t) => t.id))
    const word = normaliseName(sample.occupant).split(' ')[0]!
    const cases: Array<[unknown, (t: Th) => boolean]> = [
      [{ codcom: sample.codcom }, (t) => t.codcom === sample.codcom],
      [{ local: sample.local }, (t) => t.local === sample.local],
      [{ local: [sample.local], annee: [2023, 2024] }, (t) => t.local === sample.local && t.annee !== 2025],
      [
        { zone_id: zoneId('departement', sample.codcom.slice(0, 2)) },
        (t) => t.codcom.slice(0, 2) === sample.codcom.slice(0, 2),
      ],
      [sample.id, (t) => t.id === sample.id],
      [sample.local, (t) => t.local === sample.local],
      [word, (t) => normaliseName(t.occupant).includes(word)],
    ]
    for (const [search, keep] of cases)
      expect(await ids('th', search), JSON.stringify(search)).toEqual(want(keep))
    expect(() => thSearchSchema.parse({ nature: 'x' })).toThrow(/Critère inconnu/)
    const page = await thListing.page({ search: { annee: [2025] }, page: 1, size: 100, paginated: true })
    expect(page.total).toBe(want((t) => t.annee === 2025).length)
    const byId = new Map(th.map((t) => [t.id, t]))
    for (const item of page.items as Array<{ id: string; total_centimes: number; base: number }>) {
      expect(item.total_centimes).toBe(byId.get(item.id)!.total)
      expect(item.base).toBe(byId.get(item.id)!.base)
    }
  })
})
