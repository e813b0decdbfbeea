// Synthetic local premises (model "local", spec §2.2), deterministic for a seed: one record per
// premises with its year, commune, invariant, cadastral parcel, owner and address.
import { formatAddress } from '../establishments/address'
import type { CommuneRef } from '../territory/reference-data'
import { createRandom, WeightedPicker } from './random'
import { FANCY_WORDS, FIRST_NAMES, STREET_NAMES, STREET_TYPE_CODES, SURNAMES } from './words'

export interface PremisesRecord {
  id: string
  annee: number
  codcom: string
  commune: string
  invariant: string
  parcelle: string
  proprietaire: string
  adresse: string
}

export const PREMISES_COLUMNS = [
  'id',
  'annee',
  'codcom',
  'commune',
  'invariant',
  'parcelle',
  'proprietaire',
  'adresse',
] as const

export function premisesValues(p: PremisesRecord): Array<string | number> {
  return [p.id, p.annee, p.codcom, p.commune, p.invariant, p.parcelle, p.proprietaire, p.adresse]
}

const SECTION_LETTERS = 'ABCDEFGHIKLMNOPRSTVWXYZ'

export function* generatePremises(options: {
  count: number
  seed: number
  communes: readonly CommuneRef[]
}): Generator<PremisesRecord> {
  // A different stream from the establishments' for the same seed.
  const random = createRandom(options.seed * 7919 + 17)
  const parents = new Set(options.communes.map((c) => c.parentCode).filter((c) => c !== null))
  const communes = options.communes.filter((c) => c.population > 0 && !parents.has(c.code))
  const picker = new WeightedPicker(communes, (c) => c.population)
  const used = new Set<string>()
  for (let i = 0; i < options.count; i++) {
    const commune = picker.pick(random)
    let invariant: string
    do invariant = String(random.int(0, 9_999_999_999)).padStart(10, '0')
    while (used.has(commune.code + invariant))
    used.add(commune.code + invariant)
    // Cadastral sections are two characters, one-letter sections padded with a zero ("0A").
    const letter = random.pick([...SECTION_LETTERS])
    const section = random.chance(0.3) ? letter + random.pick([...SECTION_LETTERS]) : `0${letter}`
    const parcelle = `${commune.code}000${section}${String(random.int(1, 2999)).padStart(4, '0')}`
    const owner = random.next()
    const proprietaire =
      owner < 0.62
        ? `${random.pick(SURNAMES).toUpperCase()} ${random.pick(FIRST_NAMES)}`
        : owner < 0.82
          ? `SCI ${random.pick(FANCY_WORDS).toUpperCase()}`
          : owner < 0.9
            ? `COMMUNE DE ${commune.nom.toUpperCase()}`
            : `${random.pick(['HABITAT', 'LOGIS', 'FONCIERE'])} ${random.pick(SURNAMES).toUpperCase()}`
    yield {
      id: `${commune.code}${invariant}`,
      annee: random.chance(0.8) ? 2025 : 2024,
      codcom: commune.code,
      commune: commune.nom,
      invariant,
      parcelle,
      proprietaire,
      adresse: formatAddress({
        numero: String(random.int(1, 150)),
        typeVoie: random.pick(STREET_TYPE_CODES),
        libelleVoie: random.pick(STREET_NAMES),
        codePostal: commune.codesPostaux[0] ?? null,
        commune: commune.nom,
      }),
    }
  }
}
