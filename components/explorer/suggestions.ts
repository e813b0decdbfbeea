// The pickers' suggestion sources: the BFF autocomplete routes, shaped as combobox options.
import type { CommuneSuggestion, NafSuggestion, ZoneSuggestion } from '@/lib/territory/lookup'
import { bffFetch } from '@/lib/queries/bff-client'
import type { ComboboxOption } from './combobox'

const ZONE_KIND: Record<ZoneSuggestion['type'], string> = {
  region: 'Région',
  departement: 'Département',
  epci: 'Intercommunalité (EPCI)',
}

const lookup = (kind: string, text: string) => `/bff/territoire/${kind}?q=${encodeURIComponent(text)}`

const communeOption = (c: CommuneSuggestion): ComboboxOption => ({
  value: c.code,
  label: `${c.nom} (${c.code})`,
  detail: [`Département ${c.departement}`, c.codes_postaux.slice(0, 3).join(', ')]
    .filter(Boolean)
    .join(' · '),
})

/**
 * Communes by name, INSEE code or postal code; for a postal code shared by several communes, first
 * an option standing for all of them (its value lists their codes, separated by commas).
 */
export async function suggestCommunes(text: string, signal: AbortSignal): Promise<ComboboxOption[]> {
  const { communes, code_postal } = await bffFetch<{
    communes: CommuneSuggestion[]
    code_postal: { code: string; communes: CommuneSuggestion[] } | null
  }>(lookup('communes', text), { signal })
  const options = communes.map(communeOption)
  if (!code_postal || code_postal.communes.length < 2) return options
  const members = code_postal.communes.map(communeOption)
  const names = code_postal.communes.map((c) => c.nom)
  return [
    {
      value: members.map((m) => m.value).join(','),
      label: `Les ${members.length} communes du code postal ${code_postal.code}`,
      detail: names.length > 3 ? `${names.slice(0, 3).join(', ')}…` : names.join(', '),
      members,
    },
    ...options,
  ]
}

export async function suggestZones(text: string, signal: AbortSignal): Promise<ComboboxOption[]> {
  const { zones } = await bffFetch<{ zones: ZoneSuggestion[] }>(lookup('zones', text), { signal })
  return zones.map((z) => ({
    value: z.id,
    label: `${z.nom} (${z.type === 'epci' ? 'EPCI' : z.type === 'region' ? 'région' : 'département'} ${z.code})`,
    detail: ZONE_KIND[z.type],
  }))
}

export async function suggestNaf(text: string, signal: AbortSignal): Promise<ComboboxOption[]> {
  const { naf } = await bffFetch<{ naf: NafSuggestion[] }>(lookup('naf', text), { signal })
  return naf.map((n) => ({ value: n.code, label: `${n.code} · ${n.libelle}` }))
}
