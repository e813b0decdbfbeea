'use client'

// The explorer's map panel: heading, legend, the note saying what the view holds, and the frame the
// map is drawn in. All of it is laid out before the map exists (no layout shift); MapLibre is
// loaded once the frame comes near the screen (below the results on a phone), on the client only.
import dynamic from 'next/dynamic'
import { useCallback, useEffect, useRef, useState } from 'react'
import { describeView } from '@/lib/explorer/map-view'
import { errorMessage } from '@/lib/queries/bff-client'
import type { MapSummary } from './results-map'

const ResultsMap = dynamic(() => import('./results-map'), {
  ssr: false,
  loading: () => <div className="map-placeholder" aria-hidden="true" />,
})

interface MapPanelProps {
  /** The search as the BFF's query string, '' for every establishment. */
  search: string
  /** Establishments of the search (from the results), once known; undefined on a refused search. */
  total: number | undefined
  /** Whether the search was refused (invalid criteria): the map then waits for a valid one. */
  invalid: boolean
  styleUrl: string | null
}

/** Mounts its children once `ref`'s element is within `margin` of the screen. */
function useNearScreen(margin: string) {
  const ref = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || near) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true)
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [margin, near])
  return { ref, near }
}

export function MapPanel({ search, total, invalid, styleUrl }: MapPanelProps) {
  const { ref, near } = useNearScreen('200px')
  const [summary, setSummary] = useState<MapSummary | null>(null)
  const onSummary = useCallback((s: MapSummary) => setSummary(s), [])

  let note = ''
  if (invalid) note = 'La carte attend une recherche valide.'
  else if (summary?.state === 'error')
    note = `La carte n’a pas pu être chargée : ${errorMessage(summary.error)}`
  else if (summary?.state === 'ready')
    note = describeView({
      inView: summary.inView,
      groups: summary.groups,
      located: summary.located,
      total,
    })
  else note = 'Chargement de la carte…'
  if (summary?.styleFailed)
    note = `Le fond de carte externe n’a pas pu être chargé : fond hors ligne affiché. ${note}`

  return (
    <section className="results-map" aria-labelledby="carte-titre">
      <h2 id="carte-titre">Carte des résultats</h2>
      <ul className="map-legend" aria-label="Légende de la carte">
        <li>
          <span className="legend-symbol legend-point" aria-hidden="true" /> un établissement : cliquez pour
          sa fiche
        </li>
        <li>
          <span className="legend-symbol legend-group" aria-hidden="true">
            12
          </span>{' '}
          un groupe et son nombre d’établissements : cliquez pour zoomer
        </li>
        <li>
          <span className="legend-symbol legend-commune" aria-hidden="true" /> commune (en zoomant)
        </li>
      </ul>
      <div
        ref={ref}
        className="map-frame"
        data-testid="results-map"
        data-state={invalid ? 'empty' : (summary?.state ?? 'loading')}
        data-in-view={summary?.inView}
        data-located={summary?.located}
        data-features={summary?.features}
        data-view={summary?.view}
      >
        {near && !invalid ? <ResultsMap search={search} styleUrl={styleUrl} onSummary={onSummary} /> : null}
      </div>
      <p className="map-note" role="status" data-testid="map-note">
        {note}
      </p>
    </section>
  )
}
