// Test support: the synthetic establishments a seed produces (same generator, seed and size as the
// database holds), and what a search must return over them, computed in JavaScript independently of
// the SQL. Database tests and end-to-end tests check the search against this oracle.
import { SIREN_PATTERN, SIRET_PATTERN } from '../establishments/identifiers'
import type { EstablishmentRecord } from '../establishments/record'
import type { SearchCriteria } from '../establishments/search-criteria'
import { generateEstablishments } from '../seed/generate-establishments'
import { communeOutlines, referenceData, type ReferenceData } from '../territory/reference-data'

/** Accent-, case- and punctuation-insensitive form of a name, as the database normalises it. */
export const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()

export interface SyntheticWorld {
  ref: ReferenceData
  records: EstablishmentRecord[]
  communes: Map<string, ReferenceData['communes'][number]>
  /** Whether an establishment matches the criteria. */
  matches(r: EstablishmentRecord, c: SearchCriteria): boolean
  /** SIRETs matching the criteria, in SIRET order. */
  oracle(c: SearchCriteria): string[]
  /** The commune with the most establishments. */
  busiestCommune: string
}

export function syntheticWorld(seed: { establishments: number; seed: number }): SyntheticWorld {
  const ref = referenceData()
  const records = [
    ...generateEstablishments({
      count: seed.establishments,
      seed: seed.seed,
      communes: ref.communes,
      outlines: communeOutlines(),
      naf: ref.naf,
    }),
  ]
  const communes = new Map(ref.communes.map((c) => [c.code, c]))
  const zoneMembers = new Map(ref.zones.map((z) => [z.id, new Set(z.communes)]))

  const matches = (r: EstablishmentRecord, c: SearchCriteria): boolean => {
    const commune = communes.get(r.codeCommune)
    // Paris, Lyon and Marseille stand for their arrondissements.
    if (c.communes && !c.communes.some((code) => code === r.codeCommune || code === commune?.parentCode))
      return false
    if (c.zones && !c.zones.some((z) => zoneMembers.get(z)?.has(r.codeCommune))) return false
    if (c.departements && !c.departements.includes(commune?.departement ?? '')) return false
    if (c.regions && !c.regions.includes(commune?.region ?? '')) return false
    if (c.nafs && !c.nafs.includes(r.codeNaf)) return false
    if (c.tranches && !c.tranches.includes(r.trancheEffectif)) return false
    if (c.sirets && !c.sirets.includes(r.siret)) return false
    if (c.sirens && !c.sirens.includes(r.siren)) return false
    if (c.texts) {
      const names = normalise(`${r.entreprise} ${r.enseigne} ${r.denominationUsuelle ?? ''}`)
      const ok = c.texts.some((t) => {
        const digits = t.replace(/[\s.]/g, '')
        if (SIRET_PATTERN.test(digits)) return r.siret === digits
        if (SIREN_PATTERN.test(digits)) return r.siren === digits
        return normalise(t)
          .split(' ')
          .every((w) => names.includes(w))
      })
      if (!ok) return false
    }
    return true
  }

  const counts = new Map<string, number>()
  for (const r of records) counts.set(r.codeCommune, (counts.get(r.codeCommune) ?? 0) + 1)
  const busiestCommune = [...counts].sort((a, b) => b[1] - a[1])[0]![0]

  return {
    ref,
    records,
    communes,
    matches,
    oracle: (c) =>
      records
        .filter((r) => matches(r, c))
        .map((r) => r.siret)
        .sort(),
    busiestCommune,
  }
}
