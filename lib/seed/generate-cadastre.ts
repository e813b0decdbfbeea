// The synthetic cadastre, deterministic for a seed and coherent with the other synthetic data
// (DESIGN §10): a territory of communes; in each, sections tiling the commune's outline and parcels
// tiling each section (Voronoi cells of seeded points clipped to the outline, denser in the town
// centre: small parcels there, large ones in the countryside), owner accounts shaped like MAJIC's
// comptes communaux (natural persons in letter series, legal persons in "+" — with the SIREN of a
// seeded company when they are one — and the commune in "*"), and the commune's local premises
// placed on its parcels and given to accounts.
import { accountId, parcelId, sectionCode, sectionId } from '../cadastre/identifiers'
import { containsPoint, extentOf, geometryArea, roundCoordinate, voronoiTiles } from '../cadastre/geometry'
import { holder, type Holder } from '../cadastre/rights'
import { formatAddress } from '../establishments/address'
import type { AreaGeometry, Position } from '../territory/geometry'
import type { CommuneRef } from '../territory/reference-data'
import type { PremisesRecord } from './generate-premises'
import { createRandom, type Random } from './random'
import { FANCY_WORDS, FIRST_NAMES, STREET_NAMES, SURNAMES } from './words'

export interface SectionRecord {
  id: string
  codcom: string
  prefixe: string
  code: string
  contenance: number
  geometry: AreaGeometry
}

export interface ParcelRecord {
  id: string
  codcom: string
  commune: string
  /** Section id (10 characters). */
  section: string
  numero: string
  contenance: number
  adresse: string
  /** Owner account id. */
  compte: string
  geometry: AreaGeometry
}

export interface AccountRecord {
  id: string
  codcom: string
  commune: string
  /** dnupro: series letter, "+" or "*", and 5 digits. */
  numero: string
  personne: 'physique' | 'morale'
  nom: string
  siren: string | null
  titulaires: Holder[]
  adresse: string
}

/** Premises once placed: the parcel they lie on and the account they belong to. */
export type PlacedPremises = PremisesRecord & { compte: string }

export interface CommuneCadastre {
  codcom: string
  sections: SectionRecord[]
  parcels: ParcelRecord[]
  accounts: AccountRecord[]
  premises: PlacedPremises[]
}

/** A seeded company that may own land in a commune (legal persons carry its SIREN). */
export interface CompanyRef {
  siren: string
  entreprise: string
}

export interface TerritoryCommune {
  commune: CommuneRef
  outline: AreaGeometry
}

/** Communes of the cadastre by default (premises are drawn from them). */
export const DEFAULT_CADASTRE_COMMUNES = 240
/** Parcels a section holds at most on average (sections are added beyond). */
const PARCELS_PER_SECTION = 150
const MAX_SECTIONS = 22 + 22 * 22
const MAX_COMMUNE_AREA = 120e6
/** Communes always covered: Rennes, the commune of the documentation's examples. */
const EXAMPLE_COMMUNES = new Set(['35238'])

/**
 * The communes the cadastre covers: `count` communes with an outline of their own (the
 * arrondissements of Paris, Lyon and Marseille share their city's and are left out), drawn without
 * replacement with a weight growing with population, in code order.
 */
export function cadastralTerritory(options: {
  communes: readonly CommuneRef[]
  outlines: ReadonlyMap<string, AreaGeometry>
  seed: number
  count?: number
}): TerritoryCommune[] {
  const random = createRandom(options.seed * 104_729 + 3)
  const parents = new Set(options.communes.map((c) => c.parentCode).filter((c) => c !== null))
  const keyed: Array<{ key: number; entry: TerritoryCommune }> = []
  for (const commune of options.communes) {
    const outline = commune.outlineCode === commune.code ? options.outlines.get(commune.code) : undefined
    if (!outline || commune.type !== 'commune' || parents.has(commune.code) || commune.population <= 0)
      continue
    // Communes of forests and overseas expanses (Guyane) would only give huge parcels.
    if (geometryArea(outline) > MAX_COMMUNE_AREA) continue
    // Efraimidis–Spirakis: the smallest -ln(u)/w are a weighted sample without replacement.
    const draw = -Math.log(1 - random.next()) / Math.pow(commune.population, 0.6)
    const key = EXAMPLE_COMMUNES.has(commune.code) ? -1 : draw
    keyed.push({ key, entry: { commune, outline } })
  }
  keyed.sort((a, b) => a.key - b.key)
  return keyed
    .slice(0, options.count ?? DEFAULT_CADASTRE_COMMUNES)
    .map((k) => k.entry)
    .sort((a, b) => a.commune.code.localeCompare(b.commune.code))
}

/** Parcels of each commune: a share of `total` growing with area and population, enough for its premises. */
export function parcelCounts(
  territory: readonly TerritoryCommune[],
  total: number,
  premisesPerCommune: ReadonlyMap<string, number>,
): Map<string, number> {
  const weights = territory.map(
    (t) => Math.sqrt(geometryArea(t.outline) / 1e6) * Math.sqrt(t.commune.population + 1000),
  )
  const sum = weights.reduce((a, b) => a + b, 0) || 1
  return new Map(
    territory.map((t, i) => [
      t.commune.code,
      Math.max(
        12,
        Math.ceil((premisesPerCommune.get(t.commune.code) ?? 0) / 2),
        Math.round((total * weights[i]!) / sum),
      ),
    ]),
  )
}

function hashCode(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0
  return h
}

function gaussian(random: Random): number {
  const u = 1 - random.next()
  const v = random.next()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
}

/** `count` distinct points inside the outline, a share of them gathered around the town centre. */
function seedPoints(t: TerritoryCommune, count: number, random: Random): Position[] {
  const [west, south, east, north] = extentOf(t.outline)
  const centre: Position =
    t.commune.point && containsPoint(t.outline, t.commune.point)
      ? t.commune.point
      : [(west + east) / 2, (south + north) / 2]
  const area = geometryArea(t.outline)
  const sigmaMetres = 0.07 * Math.sqrt(area)
  const sigmaLat = sigmaMetres / 111_320
  const sigmaLon = sigmaLat / Math.cos((centre[1] * Math.PI) / 180)
  const urban = Math.min(0.92, Math.max(0.55, 0.62 + 0.12 * Math.log10((t.commune.population + 1) / 1000)))
  const seen = new Set<string>()
  const points: Position[] = []
  let attempts = 0
  while (points.length < count && attempts < count * 60) {
    attempts++
    const p: Position =
      random.next() < urban
        ? [centre[0] + gaussian(random) * sigmaLon, centre[1] + gaussian(random) * sigmaLat]
        : [west + random.next() * (east - west), south + random.next() * (north - south)]
    const rounded: Position = [roundCoordinate(p[0]), roundCoordinate(p[1])]
    const key = `${rounded[0]},${rounded[1]}`
    if (seen.has(key) || !containsPoint(t.outline, rounded)) continue
    seen.add(key)
    points.push(rounded)
  }
  return points
}

function nearest(point: Position, seeds: readonly Position[]): number {
  let best = 0
  let bestDistance = Infinity
  for (let i = 0; i < seeds.length; i++) {
    const dx = seeds[i]![0] - point[0]
    const dy = seeds[i]![1] - point[1]
    const d = dx * dx + dy * dy
    if (d < bestDistance) {
      bestDistance = d
      best = i
    }
  }
  return best
}

/** A representative point of a geometry: the mean of its outer ring's vertices. */
function centreOf(geometry: AreaGeometry): Position {
  const ring = geometry.type === 'Polygon' ? geometry.coordinates[0]! : geometry.coordinates[0]![0]!
  let x = 0
  let y = 0
  for (let i = 0; i < ring.length - 1; i++) {
    x += ring[i]![0]
    y += ring[i]![1]
  }
  return [x / (ring.length - 1), y / (ring.length - 1)]
}

/** Owner accounts of one commune, numbered per series as MAJIC does. */
class Accounts {
  readonly list: AccountRecord[] = []
  private readonly counters = new Map<string, number>()
  private commune: AccountRecord | null = null

  constructor(
    private readonly ref: CommuneRef,
    private readonly random: Random,
    private readonly companies: readonly CompanyRef[],
  ) {}

  private create(
    series: string,
    personne: AccountRecord['personne'],
    titulaires: Holder[],
    siren: string | null = null,
  ): AccountRecord {
    const next = (this.counters.get(series) ?? 0) + 1
    this.counters.set(series, next)
    const numero = `${series}${String(next).padStart(5, '0')}`
    const r = this.random
    const account: AccountRecord = {
      id: accountId(this.ref.code, numero),
      codcom: this.ref.code,
      commune: this.ref.nom,
      numero,
      personne,
      nom: titulaires[0]!.nom,
      siren,
      titulaires,
      adresse: formatAddress({
        numero: String(r.int(1, 120)),
        typeVoie: r.pick(['RUE', 'RUE', 'AV', 'BD', 'PL', 'CHE', 'ALL']),
        libelleVoie: r.pick(STREET_NAMES),
        codePostal: this.ref.codesPostaux[0] ?? null,
        commune: this.ref.nom,
      }),
    }
    this.list.push(account)
    return account
  }

  private person(surname = this.random.pick(SURNAMES)): string {
    return `${surname.toUpperCase()} ${this.random.pick(FIRST_NAMES)}`
  }

  natural(): AccountRecord {
    const r = this.random
    const surname = r.pick(SURNAMES)
    const first = this.person(surname)
    const kind = r.next()
    const titulaires =
      kind < 0.7
        ? [holder('P', first)]
        : kind < 0.86
          ? [holder('P', first), holder('P', this.person(surname))]
          : kind < 0.97
            ? [
                holder('U', first),
                holder('N', this.person(surname)),
                holder('N', this.person(surname)),
              ].slice(0, r.int(2, 3))
            : [holder('E', first)]
    // Natural persons are filed in the alphabetical series of their name.
    const letter = surname.normalize('NFD').replace(/\p{M}/gu, '').charAt(0).toUpperCase()
    return this.create(/[A-Z]/.test(letter) ? letter : 'Z', 'physique', titulaires)
  }

  legal(): AccountRecord {
    const r = this.random
    if (this.companies.length > 0 && r.chance(0.6)) {
      const company = r.pick(this.companies)
      const existing = this.list.find((a) => a.siren === company.siren)
      if (existing) return existing
      return this.create('+', 'morale', [holder('P', company.entreprise.toUpperCase())], company.siren)
    }
    const name = `SCI ${r.pick(FANCY_WORDS).toUpperCase()} ${r.pick(SURNAMES).toUpperCase()}`
    const titulaires = [holder('P', name)]
    if (r.chance(0.15)) titulaires.push(holder('G', this.person()))
    return this.create('+', 'morale', titulaires)
  }

  publicBody(): AccountRecord {
    this.commune ??= this.create('*', 'morale', [holder('P', `COMMUNE DE ${this.ref.nom.toUpperCase()}`)])
    return this.commune
  }

  /** An account already holding land, chosen among the last `window` created. */
  recent(window: number): AccountRecord | null {
    if (this.list.length === 0) return null
    return this.list[Math.max(0, this.list.length - 1 - this.random.int(0, window - 1))] ?? null
  }
}

function parcelAddress(ref: CommuneRef, random: Random, street: string, contenance: number): string {
  if (contenance > 6000) {
    return formatAddress({
      typeVoie: 'LD',
      libelleVoie: `${random.pick(['LES', 'LE', 'LA'])} ${random.pick(FANCY_WORDS)}`,
      codePostal: ref.codesPostaux[0] ?? null,
      commune: ref.nom,
    })
  }
  return formatAddress({
    numero: String(random.int(1, 180)),
    typeVoie: street.split(' ')[0]!,
    libelleVoie: street.split(' ').slice(1).join(' '),
    codePostal: ref.codesPostaux[0] ?? null,
    commune: ref.nom,
  })
}

/**
 * The cadastre of one commune: `parcelCount` seeded points (fewer when the outline is tiny),
 * sections tiling the outline, parcels tiling the sections, accounts, and `premises` placed on
 * parcels (small ones first, as buildings stand on town plots) and given to accounts.
 */
export function generateCommuneCadastre(options: {
  territory: TerritoryCommune
  parcelCount: number
  seed: number
  premises?: readonly PremisesRecord[]
  companies?: readonly CompanyRef[]
}): CommuneCadastre {
  const { territory: t } = options
  const ref = t.commune
  const random = createRandom((options.seed * 7_368_787 + hashCode(ref.code)) >>> 0)
  const points = seedPoints(t, options.parcelCount, random)
  if (points.length === 0) return { codcom: ref.code, sections: [], parcels: [], accounts: [], premises: [] }
  const sectionCount = Math.min(MAX_SECTIONS, Math.max(1, Math.round(points.length / PARCELS_PER_SECTION)))
  // Section seeds among the parcel seeds: sections are smaller where parcels are dense.
  const step = points.length / sectionCount
  const sectionSeeds = Array.from({ length: sectionCount }, (_, i) => points[Math.floor(i * step)]!)
  const sectionShapes = voronoiTiles(t.outline, sectionSeeds)
  const members: Position[][] = sectionSeeds.map(() => [])
  for (const p of points) members[nearest(p, sectionSeeds)]!.push(p)

  const accounts = new Accounts(ref, random, options.companies ?? [])
  const sections: SectionRecord[] = []
  const parcels: ParcelRecord[] = []
  // Sections are numbered north to south, then west to east, as plans are read.
  const order = sectionShapes
    .map((shape, i) => ({ shape, i, centre: shape ? centreOf(shape) : ([0, 0] as Position) }))
    .filter((s): s is { shape: AreaGeometry; i: number; centre: Position } => s.shape !== null)
    .sort((a, b) => b.centre[1] - a.centre[1] || a.centre[0] - b.centre[0])
  for (const [index, { shape, i }] of order.entries()) {
    const code = sectionCode(index)
    const id = sectionId(ref.code, code)
    const cells = voronoiTiles(shape, members[i]!)
      .filter((g): g is AreaGeometry => g !== null)
      .map((geometry) => ({ geometry, centre: centreOf(geometry) }))
      .sort((a, b) => b.centre[1] - a.centre[1] || a.centre[0] - b.centre[0])
    const streets = Array.from(
      { length: Math.max(1, Math.ceil(cells.length / 25)) },
      () =>
        `${random.pick(['RUE', 'RUE', 'RUE', 'AV', 'BD', 'IMP', 'ALL', 'CHE', 'PL'])} ${random.pick(STREET_NAMES)}`,
    )
    let sectionArea = 0
    for (const [k, cell] of cells.entries()) {
      const contenance = Math.max(1, Math.round(geometryArea(cell.geometry)))
      sectionArea += contenance
      const roll = random.next()
      const owner =
        roll < 0.03
          ? accounts.publicBody()
          : contenance > 6000 && roll < 0.6
            ? random.chance(0.7)
              ? (accounts.recent(8) ?? accounts.natural())
              : accounts.natural()
            : roll < 0.14
              ? accounts.legal()
              : random.chance(0.2)
                ? (accounts.recent(30) ?? accounts.natural())
                : accounts.natural()
      parcels.push({
        id: parcelId(id, k + 1),
        codcom: ref.code,
        commune: ref.nom,
        section: id,
        numero: String(k + 1).padStart(4, '0'),
        contenance,
        adresse: parcelAddress(ref, random, streets[Math.floor(k / 25)] ?? streets[0]!, contenance),
        compte: owner.id,
        geometry: cell.geometry,
      })
    }
    sections.push({ id, codcom: ref.code, prefixe: '000', code, contenance: sectionArea, geometry: shape })
  }

  // Premises stand on the smaller parcels (town plots): a weight falling with the area.
  const placed: PlacedPremises[] = []
  if (options.premises && options.premises.length > 0 && parcels.length > 0) {
    const cumulative: number[] = []
    let sum = 0
    for (const p of parcels) {
      sum += 1 / Math.sqrt(p.contenance)
      cumulative.push(sum)
    }
    const byId = new Map(accounts.list.map((a) => [a.id, a]))
    for (const premises of options.premises) {
      const target = random.next() * sum
      let lo = 0
      let hi = cumulative.length - 1
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if (cumulative[mid]! > target) hi = mid
        else lo = mid + 1
      }
      const parcel = parcels[lo]!
      // Most premises belong to their parcel's account; flats of a building to owners of their own.
      const account = random.chance(0.7) ? byId.get(parcel.compte)! : accounts.natural()
      placed.push({ ...premises, parcelle: parcel.id, proprietaire: account.nom, compte: account.id })
    }
  }
  return { codcom: ref.code, sections, parcels, accounts: accounts.list, premises: placed }
}
