// The fiscal detail of a commune's synthetic cadastre, deterministic for a seed (DESIGN §10): the
// evaluation parts (PEV) of each premises, the fiscal subdivisions (SUF) of each parcel — their areas
// summing to the parcel's contenance — and, computed from them with the rules of lib/fiscal/rules,
// the property-tax notices of each owner account and the housing-tax notices of second homes and
// vacant dwellings, for every year served.
import type { Affectation, Category, SufGroup, ThNature } from '../fiscal/codes'
import { BUILT_GROUND } from '../fiscal/codes'
import {
  builtBase,
  communeRates,
  housingTaxBase,
  housingTaxLines,
  housingTaxRate,
  MINIMUM_NOTICE_CENTS,
  propertyTaxBases,
  propertyTaxLines,
  TAX_YEARS,
  totalOf,
  unbuiltBase,
  type NoticeLine,
} from '../fiscal/rules'
import { pevId, sufId, taxNoticeId } from '../fiscal/identifiers'
import type { CommuneRef } from '../territory/reference-data'
import type { CommuneCadastre } from './generate-cadastre'
import { createRandom, type Random } from './random'

export interface PevRecord {
  id: string
  local: string
  codcom: string
  numero: string
  affectation: Affectation
  categorie: Category
  /** m² */
  surface: number
  /** 2025 rental value, euros. */
  valeur_locative: number
  revenu_cadastral: number
}

export interface SufRecord {
  id: string
  parcelle: string
  codcom: string
  suffixe: string
  groupe: SufGroup
  /** m² */
  contenance: number
  /** 2025 rental value, euros (0 for the ground under buildings). */
  valeur_locative: number
  revenu_cadastral: number
}

export interface TfRecord {
  id: string
  compte: string
  codcom: string
  commune: string
  annee: number
  proprietaire: string
  base_bati: number
  base_non_bati: number
  /** Cents. */
  total: number
  lignes: NoticeLine[]
}

export interface ThRecord {
  id: string
  local: string
  compte: string
  codcom: string
  commune: string
  annee: number
  nature: ThNature
  occupant: string
  base: number
  taux: number
  total: number
  lignes: NoticeLine[]
}

export interface CommuneFiscal {
  pevs: PevRecord[]
  sufs: SufRecord[]
  tf: TfRecord[]
  th: ThRecord[]
}

function hashCode(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0
  return h
}

/** Yearly rent per m² of each category (2025 euros) before the commune's factor. */
const RENT_PER_M2: Record<Category, number> = {
  '1': 86,
  '2': 72,
  '3': 60,
  '4': 49,
  '5': 40,
  '6': 33,
  '7': 26,
  '8': 19,
  MAG1: 150,
  MAG3: 120,
  BUR1: 95,
  BUR2: 125,
  DEP2: 30,
  ATE1: 42,
  HOT1: 85,
  SPE1: 60,
  AGR: 8,
  IND: 24,
}

/** Yearly rental value per hectare of each group (2025 euros) before the commune's factor. */
const RENT_PER_HECTARE: Record<SufGroup, number> = {
  '01': 85,
  '02': 60,
  '03': 220,
  '04': 650,
  '05': 22,
  '06': 7,
  '07': 240,
  '08': 25,
  '09': 420,
  '10': 2400,
  '11': 650,
  '12': 480,
  '13': 0,
}

const weighted = <T>(random: Random, items: ReadonlyArray<readonly [T, number]>): T => {
  const total = items.reduce((s, [, w]) => s + w, 0)
  let target = random.next() * total
  for (const [item, w] of items) {
    target -= w
    if (target < 0) return item
  }
  return items[items.length - 1]![0]
}

/** Splits `total` m² into `parts` positive integers summing to it exactly. */
export function splitArea(total: number, parts: number, random: Random): number[] {
  const n = Math.max(1, Math.min(parts, total))
  const weights = Array.from({ length: n }, () => 0.3 + random.next())
  const sum = weights.reduce((a, b) => a + b, 0)
  const areas = weights.map((w) => Math.max(1, Math.floor((total * w) / sum)))
  // Rounding leaves a few m² (or takes some when minimums were raised): the largest part absorbs them.
  const largest = areas.indexOf(Math.max(...areas))
  areas[largest]! += total - areas.reduce((a, b) => a + b, 0)
  return areas
}

/** Suffix letters of the SUFs of a parcel (ccosub): A, B, C, … */
const suffix = (index: number) => String.fromCharCode(65 + index)

export function generateCommuneFiscal(options: {
  cadastre: CommuneCadastre
  commune: CommuneRef
  seed: number
}): CommuneFiscal {
  const { cadastre, commune } = options
  const random = createRandom((options.seed * 2_654_435 + hashCode(`fiscal:${commune.code}`)) >>> 0)
  // Rents are higher in larger towns.
  const factor =
    Math.min(1.35, Math.max(0.75, 0.8 + 0.11 * Math.log10((commune.population + 100) / 1000))) *
    (0.92 + 0.16 * random.next())
  const accounts = new Map(cadastre.accounts.map((a) => [a.id, a]))
  const series = (compte: string) => compte.charAt(5)

  // PEVs ---------------------------------------------------------------------------------------
  const pevs: PevRecord[] = []
  const pevsOf = new Map<string, PevRecord[]>()
  const dwellings: Array<{ premises: string; compte: string }> = []
  for (const premises of cadastre.premises) {
    const kinds: Array<[Affectation, Category, number]> = []
    const s = series(premises.compte)
    const dwelling = (): [Affectation, Category, number] => [
      'H',
      weighted<Category>(random, [
        ['2', 1],
        ['3', 6],
        ['4', 22],
        ['5', 34],
        ['6', 28],
        ['7', 8],
        ['8', 1],
      ]),
      random.chance(0.6) ? random.int(22, 95) : random.int(70, 190),
    ]
    if (s === '*') kinds.push(['S', 'SPE1', random.int(80, 1200)])
    else {
      const roll = random.next()
      const professional = s === '+' ? 0.5 : 0.07
      if (roll < professional) {
        const category = weighted<Category>(random, [
          ['MAG1', 8],
          ['MAG3', 2],
          ['BUR1', 4],
          ['BUR2', 4],
          ['DEP2', 3],
          ['ATE1', 3],
          ['HOT1', 1],
        ])
        kinds.push(['P', category, category === 'MAG1' ? random.int(25, 180) : random.int(60, 900)])
        if (random.chance(0.15)) kinds.push(['P', 'DEP2', random.int(15, 120)])
      } else if (s === '+' && roll < professional + 0.06) {
        kinds.push(['B', 'IND', random.int(400, 6000)])
      } else if (s !== '+' && roll < professional + 0.03) {
        kinds.push(['A', 'AGR', random.int(150, 1500)])
      } else {
        kinds.push(dwelling())
        // A garage or a cellar, valued as a dwelling's outbuilding.
        if (random.chance(0.35)) kinds.push(['H', kinds[0]![1], random.int(10, 30)])
        // A shop on the ground floor.
        if (random.chance(0.04)) kinds.push(['P', 'MAG1', random.int(30, 120)])
        dwellings.push({ premises: premises.id, compte: premises.compte })
      }
    }
    const list = kinds.map(([affectation, categorie, surface], i): PevRecord => {
      const valeur = Math.max(1, Math.round(surface * RENT_PER_M2[categorie] * factor))
      return {
        id: pevId(premises.id, i + 1),
        local: premises.id,
        codcom: premises.codcom,
        numero: String(i + 1).padStart(3, '0'),
        affectation,
        categorie,
        surface,
        valeur_locative: valeur,
        revenu_cadastral: builtBase(valeur),
      }
    })
    pevs.push(...list)
    pevsOf.set(premises.id, list)
  }

  // SUFs ---------------------------------------------------------------------------------------
  const built = new Set(cadastre.premises.map((p) => p.parcelle))
  const sufs: SufRecord[] = []
  const sufsOf = new Map<string, SufRecord[]>()
  for (const parcel of cadastre.parcels) {
    const area = parcel.contenance
    let groups: SufGroup[]
    if (built.has(parcel.id)) {
      groups = area < 150 ? [BUILT_GROUND] : [BUILT_GROUND, random.chance(0.8) ? '09' : '11']
    } else if (area > 6000) {
      const rural = (): SufGroup =>
        weighted<SufGroup>(random, [
          ['01', 40],
          ['02', 25],
          ['05', 18],
          ['04', 3],
          ['03', 3],
          ['06', 7],
          ['08', 2],
          ['07', 0.5],
          ['12', 0.5],
        ])
      const count = weighted(random, [
        [1, 6],
        [2, 3],
        [3, 1],
      ] as const)
      groups = [...new Set(Array.from({ length: count }, rural))]
    } else {
      groups = [
        weighted<SufGroup>(random, [
          ['10', 25],
          ['09', 35],
          ['01', 18],
          ['02', 15],
          ['11', 6],
          ['12', 1],
        ]),
      ]
    }
    const areas = splitArea(area, groups.length, random)
    const list = areas.map((contenance, i): SufRecord => {
      const groupe = groups[i]!
      const valeur = Math.round((contenance / 10_000) * RENT_PER_HECTARE[groupe] * factor)
      return {
        id: sufId(parcel.id, suffix(i)),
        parcelle: parcel.id,
        codcom: parcel.codcom,
        suffixe: suffix(i),
        groupe,
        contenance,
        valeur_locative: valeur,
        revenu_cadastral: unbuiltBase(valeur),
      }
    })
    sufs.push(...list)
    sufsOf.set(parcel.id, list)
  }

  // Property-tax notices ------------------------------------------------------------------------
  const rates = communeRates(commune)
  const pevsByAccount = new Map<string, PevRecord[]>()
  for (const premises of cadastre.premises) {
    const list = pevsByAccount.get(premises.compte) ?? []
    list.push(...(pevsOf.get(premises.id) ?? []))
    pevsByAccount.set(premises.compte, list)
  }
  const sufsByAccount = new Map<string, SufRecord[]>()
  for (const parcel of cadastre.parcels) {
    const list = sufsByAccount.get(parcel.compte) ?? []
    list.push(...(sufsOf.get(parcel.id) ?? []))
    sufsByAccount.set(parcel.compte, list)
  }
  const tf: TfRecord[] = []
  for (const account of cadastre.accounts) {
    // The commune's own property in its territory is exempt (CGI art. 1382 and 1394).
    if (series(account.id) === '*') continue
    for (const annee of TAX_YEARS) {
      const bases = propertyTaxBases(
        pevsByAccount.get(account.id) ?? [],
        sufsByAccount.get(account.id) ?? [],
        annee,
      )
      const lignes = propertyTaxLines(bases, rates)
      const total = totalOf(lignes)
      if (total < MINIMUM_NOTICE_CENTS) continue
      tf.push({
        id: taxNoticeId(account.id, annee),
        compte: account.id,
        codcom: account.codcom,
        commune: account.commune,
        annee,
        proprietaire: account.nom,
        base_bati: bases.bati,
        base_non_bati: bases.nonBati,
        total,
        lignes,
      })
    }
  }

  // Housing-tax notices ------------------------------------------------------------------------
  const th: ThRecord[] = []
  for (const { premises, compte } of dwellings) {
    const roll = random.next()
    const nature: ThNature | null =
      roll < 0.1 ? 'residence_secondaire' : roll < 0.16 && rates.thlv ? 'logement_vacant' : null
    if (nature === null) continue
    const account = accounts.get(compte)!
    for (const annee of TAX_YEARS) {
      const base = housingTaxBase(pevsOf.get(premises) ?? [], annee)
      const lignes = housingTaxLines(base, nature, rates)
      const total = totalOf(lignes)
      if (total < MINIMUM_NOTICE_CENTS) continue
      th.push({
        id: taxNoticeId(premises, annee),
        local: premises,
        compte,
        codcom: account.codcom,
        commune: account.commune,
        annee,
        nature,
        occupant: account.nom,
        base,
        taux: housingTaxRate(rates),
        total,
        lignes,
      })
    }
  }
  return { pevs, sufs, tf, th }
}
