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

export async function suggestCommunes(text: string, signal: AbortSignal): Promise<ComboboxOption[]> {
  const { communes } = await bffFetch<{ communes: CommuneSuggestion[] }>(lookup('communes', text), { signal })
  return communes.map((c) => ({
    value: c.code,
    label: `${c.nom} (${c.code})`,
    detail: [`Département ${c.departement}`, c.codes_postaux.slice(0, 3).join(', ')]
      .filter(Boolean)
      .join(' · '),
  }))
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
