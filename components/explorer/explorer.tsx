'use client'

// The explorer (signed-in staff, at /): the search form, the map of the search and its paginated
// results. The applied search lives in the address (shareable; back and forward buttons move
// through searches); react-query fetches and caches the BFF's JSON page and GeoJSON points.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import dynamic from 'next/dynamic'
import { usePathname, useRouter, useSearchParams } from 'next/navigation'
import { useMemo, useState } from 'react'
import {
  bffSearchQuery,
  communeCodes,
  explorerQueryString,
  fieldOfIssue,
  hasCriteria,
  parseExplorerState,
  toApiSearch,
  type CriteriaField,
  type ExplorerCriteria,
  type ExplorerState,
} from '@/lib/explorer/search-state'
import { BffError, bffFetch, errorMessage, retryUnlessClientError } from '@/lib/queries/bff-client'
import { CreateDatasetDialog } from './create-dataset-dialog'
import { ExportLinks } from './export-links'
import type { PointCollection } from './results-map'
import { ResultsTable, type ResultsPage } from './results-table'
import { SearchForm } from './search-form'
import './explorer.css'

// MapLibre needs the browser (WebGL, workers): the map is loaded on the client only.
const ResultsMap = dynamic(() => import('./results-map'), {
  ssr: false,
  loading: () => <div className="map-frame map-placeholder" aria-hidden="true" />,
})

function describeSearch(criteria: ExplorerCriteria): string {
  const parts = [
    criteria.q && `« ${criteria.q} »`,
    criteria.commune &&
      (communeCodes(criteria.commune).length > 1
        ? `communes ${communeCodes(criteria.commune).join(', ')}`
        : `commune ${criteria.commune}`),
    criteria.zone && 'zone choisie',
    criteria.naf && `NAF ${criteria.naf}`,
    criteria.effectif && `tranche ${criteria.effectif}`,
  ].filter(Boolean)
  return parts.length ? `Établissements : ${parts.join(', ')}` : 'Tous les établissements'
}

export function Explorer({ isAdmin }: { isAdmin: boolean }) {
  const router = useRouter()
  const pathname = usePathname()
  const params = useSearchParams()
  const state = useMemo(() => parseExplorerState(params), [params])
  const criteria: ExplorerCriteria = useMemo(
    () => ({
      q: state.q,
      commune: state.commune,
      zone: state.zone,
      naf: state.naf,
      effectif: state.effectif,
    }),
    [state.q, state.commune, state.zone, state.naf, state.effectif],
  )
  const [creating, setCreating] = useState(false)

  function navigate(next: ExplorerState) {
    const qs = explorerQueryString(next)
    router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false })
  }

  const pageQuery = bffSearchQuery(criteria, { page: state.page, size: state.size })
  const results = useQuery({
    queryKey: ['etablissements', pageQuery],
    queryFn: ({ signal }) => bffFetch<ResultsPage>(`/bff/etablissements?${pageQuery}`, { signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  })
  const pointsQuery = bffSearchQuery(criteria)
  const points = useQuery({
    queryKey: ['points', pointsQuery],
    queryFn: ({ signal }) =>
      bffFetch<PointCollection>(`/bff/etablissements/points${pointsQuery ? `?${pointsQuery}` : ''}`, {
        signal,
      }),
    retry: retryUnlessClientError,
    staleTime: 5 * 60_000,
  })

  // Validation messages of the API, next to the field they concern; the others above the results.
  const errors: Partial<Record<CriteriaField | 'page' | 'size', string>> = {}
  let generalError: string | null = null
  if (results.error) {
    const issues = results.error instanceof BffError ? (results.error.problem?.errors ?? []) : []
    for (const issue of issues) {
      const field = fieldOfIssue(issue.path)
      if (field) errors[field] ??= issue.message
    }
    const unplaced = issues.filter((i) => fieldOfIssue(i.path) === null)
    generalError =
      issues.length > 0 && unplaced.length === 0
        ? 'vérifiez les critères signalés dans le formulaire.'
        : errorMessage(results.error)
  }
  const fieldErrors = {
    q: errors.q,
    commune: errors.commune,
    zone: errors.zone,
    naf: errors.naf,
    effectif: errors.effectif,
  }
  const invalid = results.error instanceof BffError && results.error.status === 400

  return (
    <div className="explorer">
      <h1>Explorateur d’établissements</h1>
      <SearchForm
        criteria={criteria}
        errors={fieldErrors}
        onSearch={(next) => navigate({ ...state, ...next, page: 1 })}
      />
      <div className="explorer-results">
        <ResultsMap
          points={invalid ? undefined : points.data}
          loading={points.isFetching}
          error={invalid ? null : points.error}
          total={results.data?.total}
          receivedAt={points.dataUpdatedAt}
        />
        <ResultsTable
          data={results.error ? undefined : results.data}
          loading={results.isFetching}
          error={generalError}
          page={state.page}
          size={state.size}
          onPage={(page) => navigate({ ...state, page })}
          onSize={(size) => navigate({ ...state, size, page: 1 })}
          onCreateDataset={isAdmin ? () => setCreating(true) : undefined}
        />
      </div>
      {invalid ? null : (
        <ExportLinks searchQuery={bffSearchQuery(criteria)} total={results.data?.total} isAdmin={isAdmin} />
      )}
      {isAdmin ? (
        <p className="explorer-dataset">
          <button type="button" className="button button--secondary" onClick={() => setCreating(true)}>
            Créer un jeu de données à partir de cette recherche
          </button>
          {hasCriteria(criteria) ? null : (
            <span className="muted"> (aucun critère : tous les établissements)</span>
          )}
        </p>
      ) : null}
      {creating ? (
        <CreateDatasetDialog
          open
          onClose={() => setCreating(false)}
          search={toApiSearch(criteria)}
          suggestedTitle={describeSearch(criteria)}
        />
      ) : null}
    </div>
  )
}
