// Synthetic but realistic establishments, deterministic for a seed: companies with valid SIREN and
// 1..n establishments with valid SIRET, communes weighted by population, positions inside the
// commune outline, French names and addresses, NAF and headcount mixes close to the register's.
import { formatAddress } from '../establishments/address'
import { siretFor, withLuhnDigit } from '../establishments/identifiers'
import type { EstablishmentRecord } from '../establishments/record'
import { TRANCHES_EFFECTIF } from '../territory/effectif'
import { randomPointIn, type AreaGeometry } from '../territory/geometry'
import type { CommuneRef } from '../territory/reference-data'
import { generateContact } from './generate-contact'
import { createRandom, WeightedPicker, type Random } from './random'
import {
  ALTERNATIVE_SECTORS,
  FANCY_WORDS,
  FIRST_NAMES,
  GENERIC_TRADES,
  LEGAL_FORMS,
  NAME_PLACES,
  STREET_NAMES,
  STREET_TYPE_CODES,
  SURNAMES,
  TRADES_BY_DIVISION,
} from './words'

/** Common activities and their weight; the rest of the nomenclature shares TAIL_WEIGHT. */
// prettier-ignore
const COMMON_NAF: ReadonlyArray<[string, number]> = [
  ['68.20B', 9], ['70.10Z', 5], ['70.22Z', 5], ['68.20A', 3], ['56.10A', 3], ['56.10C', 2], ['56.30Z', 2],
  ['47.11B', 1], ['47.11D', 1], ['47.71Z', 1.5], ['47.73Z', 0.7], ['47.91B', 2], ['43.21A', 2], ['43.22A', 2],
  ['43.31Z', 1], ['43.32A', 1.5], ['43.34Z', 1.5], ['43.99C', 2], ['41.20A', 1.5], ['45.20A', 1.5],
  ['45.11Z', 1], ['86.21Z', 2], ['86.90E', 1.5], ['86.23Z', 1], ['86.22C', 1], ['47.73Z', 0.5], ['96.02A', 2],
  ['96.02B', 1], ['10.71C', 1], ['62.01Z', 2], ['62.02A', 1.5], ['69.20Z', 1], ['69.10Z', 1], ['71.11Z', 1],
  ['71.12B', 1], ['55.10Z', 1], ['55.20Z', 0.7], ['49.41A', 1], ['49.32Z', 1], ['81.21Z', 1], ['81.30Z', 1],
  ['85.59A', 1.5], ['85.53Z', 0.5], ['93.12Z', 1], ['94.99Z', 4], ['01.11Z', 1.5], ['01.21Z', 1], ['01.41Z', 0.8],
  ['46.90Z', 1], ['74.90B', 1.5], ['73.11Z', 1], ['90.01Z', 1], ['82.99Z', 1.5], ['66.22Z', 1], ['64.20Z', 2],
]
const TAIL_WEIGHT = 18

/** Share of establishments per headcount band, close to the register's (mostly non-employers). */
// prettier-ignore
const BAND_WEIGHTS: Readonly<Record<string, number>> = {
  NN: 45, '00': 14, '01': 15, '02': 9, '03': 6, '11': 4.5, '12': 3.2, '21': 1.3, '22': 0.8, '31': 0.25,
  '32': 0.3, '41': 0.12, '42': 0.05, '51': 0.025, '52': 0.007, '53': 0.003,
}

export interface GenerateOptions {
  count: number
  seed: number
  communes: readonly CommuneRef[]
  outlines: ReadonlyMap<string, AreaGeometry>
  naf: readonly { code: string }[]
}

function capitalised(words: string): string {
  return words.replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase())
}

function establishmentCount(random: Random): number {
  const r = random.next()
  if (r < 0.8) return 1
  if (r < 0.92) return 2
  if (r < 0.97) return random.int(3, 5)
  if (r < 0.995) return random.int(6, 20)
  return random.int(21, 150)
}

function companyName(random: Random, legal: (typeof LEGAL_FORMS)[number], trades: readonly string[]): string {
  const surname = random.pick(SURNAMES)
  if (legal.personne) return `${random.pick(FIRST_NAMES)} ${surname}`
  const trade = random.pick(trades)
  const suffix = legal.label && legal.code !== '9220' ? ` ${legal.label}` : ''
  switch (random.int(0, 6)) {
    case 0:
      return `${trade} ${surname}${suffix}`
    case 1:
      return `${surname} et Fils${suffix}`
    case 2:
      return `${trade} ${random.pick(NAME_PLACES)}${suffix}`
    case 3:
      return `${random.pick(FANCY_WORDS)} ${trade}${suffix}`
    case 4:
      return `${surname} ${random.pick(SURNAMES)}${suffix}`
    case 5:
      return `Établissements ${surname}${suffix}`
    default:
      return `${random.pick(FANCY_WORDS)}${suffix}`
  }
}

function tradeName(random: Random, trades: readonly string[]): string {
  switch (random.int(0, 3)) {
    case 0:
      return `${random.pick(trades)} ${random.pick(NAME_PLACES)}`
    case 1: {
      const word = random.pick(FANCY_WORDS)
      return /^[AEIOUYÉÈÊŒ]/i.test(word) ? `L’${word}` : `Le ${word}`
    }
    case 2:
      return `${random.pick(trades)} ${random.pick(FIRST_NAMES)}`
    default:
      return `${random.pick(FANCY_WORDS)} ${random.pick(NAME_PLACES)}`
  }
}

function creationDate(random: Random): string {
  // Skewed towards recent years, as in the register.
  const year = 2025 - Math.floor(Math.pow(random.next(), 2.2) * 70)
  const month = random.int(1, 12)
  const day = random.int(1, 28)
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

export function* generateEstablishments(options: GenerateOptions): Generator<EstablishmentRecord> {
  const random = createRandom(options.seed)
  // PLM communes are represented by their arrondissements, as in SIRENE.
  const parents = new Set(options.communes.map((c) => c.parentCode).filter((c) => c !== null))
  const placeable = options.communes.filter(
    (c) => c.point !== null && c.population > 0 && !parents.has(c.code),
  )
  const communePicker = new WeightedPicker(placeable, (c) => c.population)
  const nafCodes = options.naf.map((n) => n.code)
  const common = new Map(COMMON_NAF.filter(([code]) => nafCodes.includes(code)))
  const nafPicker = new WeightedPicker<string | null>([...common.keys(), null], (code) =>
    code === null ? TAIL_WEIGHT : common.get(code)!,
  )
  const bandPicker = new WeightedPicker(TRANCHES_EFFECTIF, (t) => BAND_WEIGHTS[t.code] ?? 0)
  const legalPicker = new WeightedPicker(LEGAL_FORMS, (l) => l.weight)
  const usedSirens = new Set<string>()

  let produced = 0
  while (produced < options.count) {
    let siren: string
    do siren = withLuhnDigit(String(random.int(10_000_000, 99_999_999)))
    while (usedSirens.has(siren))
    usedSirens.add(siren)

    const legal = legalPicker.pick(random)
    const codeNaf = legal.code === '9220' ? '94.99Z' : (nafPicker.pick(random) ?? random.pick(nafCodes))
    const trades = TRADES_BY_DIVISION[codeNaf.slice(0, 2)] ?? GENERIC_TRADES
    const entreprise = companyName(random, legal, trades)
    const denominationUsuelle = random.chance(0.15) ? random.pick(FANCY_WORDS).toUpperCase() : null
    const home = communePicker.pick(random)
    const count = Math.min(establishmentCount(random), options.count - produced)

    for (let index = 0; index < count; index++) {
      // A chain's other establishments: mostly the same department, sometimes anywhere.
      let commune = home
      if (index > 0) {
        commune = communePicker.pick(random)
        for (
          let tries = 0;
          tries < 4 && commune.departement !== home.departement && random.chance(0.7);
          tries++
        ) {
          commune = communePicker.pick(random)
        }
      }
      const band = bandPicker.pick(random)
      const entered = band.code !== 'NN' && band.minimum !== null && random.chance(0.3)
      const effectifSaisi = entered ? random.int(band.minimum!, band.maximum ?? band.minimum! * 2) : null
      const outline = commune.outlineCode ? options.outlines.get(commune.outlineCode) : undefined
      const located = random.chance(0.98)
      const position = !located
        ? null
        : outline
          ? randomPointIn(outline, () => random.next(), commune.point!)
          : commune.point
      const codePostal = commune.codesPostaux.length ? random.pick(commune.codesPostaux) : null
      const adresse = formatAddress({
        numero: random.chance(0.9) ? String(random.int(1, 180)) : null,
        indiceRepetition: random.chance(0.05) ? 'B' : null,
        typeVoie: random.pick(STREET_TYPE_CODES),
        libelleVoie: random.pick(STREET_NAMES),
        codePostal,
        commune: commune.nom,
      })
      const siret = siretFor(siren, index)
      yield {
        siret,
        siren,
        entreprise,
        enseigne: random.chance(0.35) ? capitalised(tradeName(random, trades)) : '',
        denominationUsuelle,
        adresse,
        codePostal,
        codeCommune: commune.code,
        libelleCommune: commune.nom,
        codeNaf,
        trancheEffectif: band.code,
        effectifSaisi,
        secteurAlternatif: random.chance(0.02) ? random.pick(ALTERNATIVE_SECTORS) : null,
        lon: position ? position[0] : null,
        lat: position ? position[1] : null,
        dateCreation: creationDate(random),
        categorieJuridique: legal.code,
        etatAdministratif: 'A',
        contact: generateContact(
          {
            siret,
            siren,
            entreprise,
            personne: legal.personne,
            departement: commune.departement,
            libelleCommune: commune.nom,
            first: index === 0,
          },
          options.seed,
        ),
      }
      produced++
    }
  }
}
