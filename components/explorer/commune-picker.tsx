'use client'

// The explorer's communes: several may be chosen (a search finds the establishments of any of
// them), by name, INSEE code or postal code (a postal code may stand for all of its communes).
// Each choice is listed under the field with a button to remove it.
import { useQuery } from '@tanstack/react-query'
import { communeCodes, joinCommunes } from '@/lib/explorer/search-state'
import { retryUnlessClientError } from '@/lib/queries/bff-client'
import { Combobox } from './combobox'
import { suggestCommunes } from './suggestions'

interface CommunePickerProps {
  /** The chosen INSEE codes, separated by commas. */
  value: string
  onChange: (value: string) => void
  onResolving: (pending: Promise<boolean>) => void
  error?: string | undefined
}

export function CommunePicker({ value, onChange, onResolving, error }: CommunePickerProps) {
  const codes = communeCodes(value)
  return (
    <div className="commune-picker">
      <Combobox
        id="recherche-commune"
        label="Commune"
        hint="Nom, code INSEE ou code postal ; plusieurs communes possibles"
        value=""
        clearOnPick
        onPick={(option) => onChange(joinCommunes([...codes, ...communeCodes(option.value)]))}
        source="communes"
        suggest={suggestCommunes}
        noMatch={(text) => `Aucune commune ne correspond à « ${text} ».`}
        onResolving={onResolving}
        error={error ?? null}
      />
      {codes.length > 0 ? (
        <ul className="chips" aria-label="Communes choisies">
          {codes.map((code) => (
            <CommuneChip
              key={code}
              code={code}
              onRemove={() => {
                onChange(joinCommunes(codes.filter((c) => c !== code)))
                document.getElementById('recherche-commune')?.focus()
              }}
            />
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function CommuneChip({ code, onRemove }: { code: string; onRemove: () => void }) {
  // Picked communes are in the cache already; a code from the address is looked up once.
  const label = useQuery({
    queryKey: ['communes', 'label', code],
    queryFn: async ({ signal }) =>
      (await suggestCommunes(code, signal)).find((o) => o.value === code) ?? null,
    staleTime: Infinity,
    retry: retryUnlessClientError,
  })
  const name = label.data?.label ?? code
  return (
    <li className="chip">
      <span>{name}</span>
      <button type="button" className="chip-remove" aria-label={`Retirer ${name}`} onClick={onRemove}>
        ×
      </button>
    </li>
  )
}
