// The rules of the local taxes on property, applied to the synthetic figures (all integers: rental
// values and bases in euros, rates in thousandths of a percent, amounts in cents).
//
// - Rental values (valeurs locatives) follow the yearly flat revaluation voted in the finance act
//   (+7.1 % in 2023, +3.9 % in 2024, +1.7 % in 2025): a PEV or a SUF carries its 2025 value, earlier
//   years divide it by the revaluations since.
// - Taxe foncière sur les propriétés bâties: the base of a PEV is its rental value less the 50 %
//   abatement (CGI art. 1388), rounded to the euro; the TEOM has the same base.
// - Taxe foncière sur les propriétés non bâties: the base of a SUF is its rental value less the 20 %
//   abatement (CGI art. 1509: the revenu cadastral), rounded to the euro; the ground under buildings
//   (group 13) is valued with them and has no base of its own.
// - Each line of a notice is base × rate rounded to the cent; the management fees (frais de gestion,
//   CGI art. 1641) are 3 % of the commune's and intercommunality's shares, 8 % of the TEOM and 9 % of
//   the additional taxes (TSE, GEMAPI); the total is the sum of the lines. A notice under 12 € is not
//   issued (CGI art. 1657).
// - Housing tax since 2023: second homes and, where the commune voted it, dwellings vacant for two
//   years, on the gross rental value (no abatement), at the commune's and intercommunality's rates,
//   second homes with the commune's surcharge in tight housing markets (5 % to 60 % of the commune's
//   share, CGI art. 1407 ter).
import { BENEFICIARIES, TAXES, type Beneficiary, type Tax } from './codes'

/** Years of the notices served. */
export const TAX_YEARS = [2023, 2024, 2025] as const
export const LATEST_TAX_YEAR = 2025

/** Cumulated revaluation from each year to 2025, in millionths. */
const REVALUATION_TO_LATEST: Record<number, number> = {
  2025: 1_000_000,
  2024: 1_017_000,
  2023: 1_056_663, // 1.017 × 1.039
}

/** Smallest notice issued, in cents. */
export const MINIMUM_NOTICE_CENTS = 1200

/** a / b rounded half up, for non-negative integers. */
export function divideRounded(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b))
}

/** The rental value of a year from the 2025 value (euros). */
export function rentalValueOfYear(latest: number, year: number): number {
  const divisor = REVALUATION_TO_LATEST[year]
  if (divisor === undefined) throw new Error(`no revaluation for ${year}`)
  return divideRounded(latest * 1_000_000, divisor)
}

/** Base of the built-property tax of a PEV: rental value less 50 %. */
export const builtBase = (rentalValue: number) => divideRounded(rentalValue, 2)

/** Base of the unbuilt-property tax of a SUF (its revenu cadastral): rental value less 20 %. */
export const unbuiltBase = (rentalValue: number) => divideRounded(rentalValue * 8, 10)

/** Amount in cents of a base (euros) at a rate (thousandths of a percent). */
export const amountCents = (base: number, rate: number) => divideRounded(base * rate, 1000)

/** A rate in thousandths of a percent as the percentage shown (41070 → 41.07). */
export const ratePercent = (rate: number) => rate / 1000

export interface NoticeLine {
  taxe: Tax
  beneficiaire: Beneficiary
  libelle: string
  /** Euros; null for the management fees. */
  base: number | null
  /** Thousandths of a percent; null for the management fees. */
  taux: number | null
  montant: number
}

/** The rates voted for a commune (thousandths of a percent; 0 when the tax is not levied). */
export interface CommuneRates {
  tfpb: { commune: number; intercommunalite: number; tse: number; gemapi: number; teom: number }
  tfnb: { commune: number; intercommunalite: number; tse: number; gemapi: number }
  th: { commune: number; intercommunalite: number; tse: number; gemapi: number }
  /** Surcharge of second homes, percent of the commune's share (0: none). */
  majorationResidencesSecondaires: number
  /** Whether the commune voted the housing tax on vacant dwellings. */
  thlv: boolean
}

const line = (taxe: Tax, beneficiaire: Beneficiary, base: number, taux: number): NoticeLine => ({
  taxe,
  beneficiaire,
  libelle: `${TAXES[taxe]} — ${BENEFICIARIES[beneficiaire]}`,
  base,
  taux,
  montant: amountCents(base, taux),
})

/** Management fees on the lines (3 % commune and intercommunality, 8 % TEOM, 9 % TSE and GEMAPI). */
export function managementFees(lines: readonly NoticeLine[]): NoticeLine {
  let main = 0
  let teom = 0
  let additional = 0
  for (const l of lines) {
    if (l.taxe === 'TEOM') teom += l.montant
    else if (l.beneficiaire === 'tse' || l.beneficiaire === 'gemapi') additional += l.montant
    else main += l.montant
  }
  return {
    taxe: 'FRAIS',
    beneficiaire: 'etat',
    libelle: TAXES.FRAIS,
    base: null,
    taux: null,
    montant: divideRounded(main * 3, 100) + divideRounded(teom * 8, 100) + divideRounded(additional * 9, 100),
  }
}

/** The lines of a property-tax notice for its bases (euros), fees last; empty when both are 0. */
export function propertyTaxLines(
  bases: { bati: number; nonBati: number },
  rates: CommuneRates,
): NoticeLine[] {
  const lines: NoticeLine[] = []
  if (bases.bati > 0) {
    const r = rates.tfpb
    lines.push(line('TFPB', 'commune', bases.bati, r.commune))
    if (r.intercommunalite > 0) lines.push(line('TFPB', 'intercommunalite', bases.bati, r.intercommunalite))
    if (r.tse > 0) lines.push(line('TFPB', 'tse', bases.bati, r.tse))
    if (r.gemapi > 0) lines.push(line('TFPB', 'gemapi', bases.bati, r.gemapi))
    if (r.teom > 0) lines.push(line('TEOM', 'intercommunalite', bases.bati, r.teom))
  }
  if (bases.nonBati > 0) {
    const r = rates.tfnb
    lines.push(line('TFNB', 'commune', bases.nonBati, r.commune))
    if (r.intercommunalite > 0)
      lines.push(line('TFNB', 'intercommunalite', bases.nonBati, r.intercommunalite))
    if (r.tse > 0) lines.push(line('TFNB', 'tse', bases.nonBati, r.tse))
    if (r.gemapi > 0) lines.push(line('TFNB', 'gemapi', bases.nonBati, r.gemapi))
  }
  if (lines.length === 0) return lines
  return [...lines, managementFees(lines)]
}

/** The lines of a housing-tax notice on a gross rental value (euros), fees last. */
export function housingTaxLines(
  base: number,
  nature: 'residence_secondaire' | 'logement_vacant',
  rates: CommuneRates,
): NoticeLine[] {
  if (base <= 0) return []
  const taxe: Tax = nature === 'residence_secondaire' ? 'THRS' : 'THLV'
  const r = rates.th
  const lines = [line(taxe, 'commune', base, r.commune)]
  if (r.intercommunalite > 0) lines.push(line(taxe, 'intercommunalite', base, r.intercommunalite))
  if (r.tse > 0) lines.push(line(taxe, 'tse', base, r.tse))
  if (r.gemapi > 0) lines.push(line(taxe, 'gemapi', base, r.gemapi))
  if (nature === 'residence_secondaire' && rates.majorationResidencesSecondaires > 0) {
    // The surcharge is a share of the commune's rate.
    lines.push(
      line(taxe, 'majoration', base, divideRounded(r.commune * rates.majorationResidencesSecondaires, 100)),
    )
  }
  return [...lines, managementFees(lines)]
}

export const totalOf = (lines: readonly NoticeLine[]) => lines.reduce((sum, l) => sum + l.montant, 0)

/** The voted rate of a housing-tax notice: the commune's and intercommunality's rates. */
export const housingTaxRate = (rates: CommuneRates) => rates.th.commune + rates.th.intercommunalite

/** Bases of a property-tax notice of a year from the PEVs and SUFs of an account (euros). */
export function propertyTaxBases(
  pevs: ReadonlyArray<{ affectation: string; valeur_locative: number }>,
  sufs: ReadonlyArray<{ valeur_locative: number }>,
  annee: number,
): { bati: number; nonBati: number } {
  let bati = 0
  let nonBati = 0
  for (const pev of pevs) {
    // Public services of public bodies are exempt; other bodies' PEVs are never « S » here.
    if (pev.affectation === 'S') continue
    bati += builtBase(rentalValueOfYear(pev.valeur_locative, annee))
  }
  for (const suf of sufs) nonBati += unbuiltBase(rentalValueOfYear(suf.valeur_locative, annee))
  return { bati, nonBati }
}

/** Base of a housing-tax notice of a year: the gross rental value of the dwelling's PEVs (euros). */
export function housingTaxBase(
  pevs: ReadonlyArray<{ affectation: string; valeur_locative: number }>,
  annee: number,
): number {
  return pevs
    .filter((p) => p.affectation === 'H')
    .reduce((sum, p) => sum + rentalValueOfYear(p.valeur_locative, annee), 0)
}

// Rates of the communes ------------------------------------------------------------------------

function unit(key: string): number {
  let h = 2166136261
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619) >>> 0
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39) >>> 0
  return ((h ^ (h >>> 15)) >>> 0) / 4294967296
}

/** A rate in [min, max] percent for a key, in thousandths rounded to the hundredth of a percent. */
const rateBetween = (key: string, min: number, max: number) =>
  Math.round((min + unit(key) * (max - min)) * 100) * 10

/**
 * The rates of a commune, the same every year: drawn from the codes of the commune, its
 * intercommunality (shared by its communes) and its department, in the ranges seen in France
 * (communes' built-property rate including the departments' former share since 2021).
 */
export function communeRates(commune: {
  code: string
  epci: string | null
  departement: string
  population: number
}): CommuneRates {
  const c = `commune:${commune.code}`
  const e = commune.epci ? `epci:${commune.epci}` : null
  const d = `departement:${commune.departement}`
  const levies = (key: string | null, share: number) => key !== null && unit(`${key}:levies`) < share
  const epciTfpb = levies(e, 0.55) ? rateBetween(`${e}:tfpb`, 0.5, 5) : 0
  const epciTfnb = e ? rateBetween(`${e}:tfnb`, 1, 9) : 0
  const epciTh = e ? rateBetween(`${e}:th`, 2, 10) : 0
  // Without an intercommunality, the commune levies the GEMAPI and the TEOM itself.
  const local = e ?? c
  const gemapi = levies(local, 0.6)
  const tse = unit(`${d}:tse`) < 0.55
  const tight = commune.population >= 50_000 || unit(`${c}:zone-tendue`) < 0.12
  return {
    tfpb: {
      commune: rateBetween(`${c}:tfpb`, 32, 54),
      intercommunalite: epciTfpb,
      tse: tse ? rateBetween(`${d}:tse-tfpb`, 0.12, 0.45) : 0,
      gemapi: gemapi ? rateBetween(`${local}:gemapi-tfpb`, 0.04, 0.35) : 0,
      teom: unit(`${local}:teom`) < 0.85 ? rateBetween(`${local}:teom-rate`, 7, 14) : 0,
    },
    tfnb: {
      commune: rateBetween(`${c}:tfnb`, 25, 75),
      intercommunalite: epciTfnb,
      tse: tse ? rateBetween(`${d}:tse-tfnb`, 0.5, 2) : 0,
      gemapi: gemapi ? rateBetween(`${local}:gemapi-tfnb`, 0.2, 1.5) : 0,
    },
    th: {
      commune: rateBetween(`${c}:th`, 12, 30),
      intercommunalite: epciTh,
      tse: tse ? rateBetween(`${d}:tse-th`, 0.1, 0.4) : 0,
      gemapi: gemapi ? rateBetween(`${local}:gemapi-th`, 0.03, 0.3) : 0,
    },
    majorationResidencesSecondaires:
      tight && unit(`${c}:majoration`) < 0.6
        ? [5, 10, 20, 30, 40, 50, 60][Math.floor(unit(`${c}:majoration-rate`) * 7)]!
        : 0,
    // Tight markets have the state's tax on vacant dwellings (TLV) instead.
    thlv: !tight && unit(`${c}:thlv`) < 0.4,
  }
}
