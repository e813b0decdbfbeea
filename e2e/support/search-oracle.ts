// The synthetic establishments the test servers start with (same generator, seed and size), and
// what a search must return over them, computed independently of the SQL.
import type { EstablishmentRecord } from '@/lib/establishments/record'
import type { SearchCriteria } from '@/lib/establishments/search-criteria'
import { textWords } from '@/lib/establishments/search-filter'
import { generateEstablishments } from '@/lib/seed/generate-establishments'
import { communeOutlines, referenceData } from '@/lib/territory/reference-data'
import { E2E_SEED } from './servers'

export const ref = referenceData()
export const records: EstablishmentRecord[] = [
  ...generateEstablishments({
    count: E2E_SEED.establishments,
    seed: E2E_SEED.seed,
    communes: ref.communes,
    outlines: communeOutlines(),
    naf: ref.naf,
  }),
]
export const communes = new Map(ref.communes.map((c) => [c.code, c]))
const zoneMembers = new Map(ref.zones.map((z) => [z.id, new Set(z.communes)]))

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

export function matches(r: EstablishmentRecord, c: SearchCriteria): boolean {
  const commune = communes.get(r.codeCommune)
  if (c.communes && !c.communes.includes(r.codeCommune)) return false
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
      if (/^\d{14}$/.test(digits)) return r.siret === digits
      if (/^\d{9}$/.test(digits)) return r.siren === digits
      return textWords(t).every((w) => names.includes(normalise(w)))
    })
    if (!ok) return false
  }
  return true
}

/** SIRETs matching the criteria, in SIRET order. */
export function oracle(c: SearchCriteria): string[] {
  return records
    .filter((r) => matches(r, c))
    .map((r) => r.siret)
    .sort()
}

/** The commune with the most establishments. */
export const busiestCommune = (() => {
  const counts = new Map<string, number>()
  for (const r of records) counts.set(r.codeCommune, (counts.get(r.codeCommune) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0]
})()
