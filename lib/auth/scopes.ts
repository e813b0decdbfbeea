// OAuth scopes of the API (spec §5, DESIGN §4). The tuple is the source of truth; the Scope type and
// every list shown to admins derive from it.
export const SCOPES = ['fiscal', 'eco', 'eco:write'] as const
export type Scope = (typeof SCOPES)[number]

export const SCOPE_LABELS: Record<Scope, string> = {
  fiscal: 'Données fiscales',
  eco: 'Données économiques (lecture)',
  'eco:write': 'Données économiques (écriture)',
}

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value)
}

/** Parses a space-separated scope string, keeping known scopes only, in canonical order. */
export function parseScopes(value: string | undefined | null): Scope[] {
  const wanted = new Set((value ?? '').split(/\s+/).filter(Boolean))
  return SCOPES.filter((s) => wanted.has(s))
}

export type ScopeRequirement = { allOf: readonly Scope[] } | { anyOf: readonly Scope[] }

/** The scopes a principal lacks for a requirement; empty when it is satisfied. */
export function missingScopes(held: ReadonlySet<Scope>, requirement: ScopeRequirement): Scope[] {
  if ('allOf' in requirement) return requirement.allOf.filter((s) => !held.has(s))
  return requirement.anyOf.some((s) => held.has(s)) ? [] : [...requirement.anyOf]
}
