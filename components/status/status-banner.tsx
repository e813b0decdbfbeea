'use client'

import { useQuery } from '@tanstack/react-query'
import { statusQuery } from '@/lib/queries/status'
import type { Status } from '@/lib/status/get-status'

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' })

/**
 * The deployed version and the data it serves, on every page; a visible warning when the API does
 * not answer. The page is served with the status read on the server (`initial`), so the banner
 * does not change size once the page is shown; it is then refreshed every minute.
 */
export function StatusBanner({ initial }: { initial?: Status | null }) {
  const { data, isError, isPending } = useQuery({
    ...statusQuery,
    // Checked again from the browser at once: the banner also says when the API stops answering it.
    ...(initial ? { initialData: initial, refetchOnMount: 'always' as const } : {}),
  })
  if (isPending) {
    return (
      <div className="status-banner" role="status" aria-live="polite">
        Vérification du service…
      </div>
    )
  }
  if (isError) {
    return (
      <div className="status-banner status-banner--degraded" role="alert">
        Service dégradé : l’API ne répond pas. Les données affichées peuvent être incomplètes ; nouvel essai
        automatique dans une minute.
      </div>
    )
  }
  const donnees = data.donnees
  return (
    <div className="status-banner" role="status" aria-live="polite">
      <span>
        Version <strong data-testid="api-version">{data.version}</strong>
      </span>
      {donnees ? (
        <span>
          {donnees.source === 'synthetic' ? 'Données de démonstration' : 'Répertoire SIRENE'} ·{' '}
          {donnees.etablissements.toLocaleString('fr-FR')} établissements · mises à jour le{' '}
          {dateFormat.format(new Date(donnees.mise_a_jour))}
        </span>
      ) : (
        <span>Aucune donnée chargée</span>
      )}
    </div>
  )
}
