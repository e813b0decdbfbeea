// Commune codes as SIRENE writes them, resolved to the current geography of the reference data:
// current codes (communes and the municipal districts of Paris, Lyon and Marseille) stay; codes of
// communes that merged or were absorbed (former codes, delegated and associated communes) become
// the code of the commune they belong to now.
import { createRequire } from 'node:module'
import fs from 'node:fs'
import { z } from 'zod'
import type { CommuneRef } from '../territory/reference-data'

const require = createRequire(import.meta.url)

export interface ResolvedCommune {
  code: string
  nom: string
  departement: string
  /** True when SIRENE's code was a former one. */
  changed: boolean
}

export interface CommuneResolver {
  resolve(code: string): ResolvedCommune | null
}

const historySchema = z.array(
  z.object({
    code: z.string(),
    type: z.string(),
    commune: z.string().optional(),
    chefLieu: z.string().optional(),
    anciensCodes: z.array(z.string()).optional(),
  }),
)

/** Former code → current code, from the same source as the communes (decoupage-administratif). */
export function formerCommuneCodes(): Map<string, string> {
  const raw = historySchema.parse(
    JSON.parse(
      fs.readFileSync(require.resolve('@etalab/decoupage-administratif/data/communes.json'), 'utf8'),
    ),
  )
  const former = new Map<string, string>()
  for (const c of raw) {
    if (c.type === 'commune-actuelle') for (const old of c.anciensCodes ?? []) former.set(old, c.code)
  }
  // Delegated and associated communes belong to a current commune (their code may be its own).
  for (const c of raw) {
    const parent = c.chefLieu ?? c.commune
    if ((c.type === 'commune-deleguee' || c.type === 'commune-associee') && parent && !former.has(c.code))
      former.set(c.code, parent)
  }
  return former
}

export function communeResolver(
  communes: readonly CommuneRef[],
  former: ReadonlyMap<string, string>,
): CommuneResolver {
  const current = new Map(communes.map((c) => [c.code, c]))
  const cache = new Map<string, ResolvedCommune | null>()
  return {
    resolve(code) {
      const cached = cache.get(code)
      if (cached !== undefined) return cached
      let found: ResolvedCommune | null = null
      const direct = current.get(code)
      if (direct) found = { code, nom: direct.nom, departement: direct.departement, changed: false }
      else {
        // Follow successive mergers (a former commune of a former commune), at most a few steps.
        let next = former.get(code)
        for (let step = 0; next !== undefined && step < 5; step++) {
          const target = current.get(next)
          if (target) {
            found = { code: target.code, nom: target.nom, departement: target.departement, changed: true }
            break
          }
          next = former.get(next)
        }
      }
      cache.set(code, found)
      return found
    },
  }
}

/** Department of a commune code: three characters overseas (971…989), two otherwise (2A, 2B). */
export function departementOfCode(code: string): string {
  return code.startsWith('97') || code.startsWith('98') ? code.slice(0, 3) : code.slice(0, 2)
}
