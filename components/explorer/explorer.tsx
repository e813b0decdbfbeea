'use client'

// The explorer (signed-in staff, at /): the search form and the results, beside the map of the
// search on wide screens (below them on narrow ones). The applied search lives in the address (shareable; page
// links carry it; back and forward buttons move through searches); react-query fetches and caches
// the BFF's pages. After a search or a page change, the focus goes to the results' heading and the
// page scrolls to it.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import Link from 'next/link'
import { usePathname, useRouter, useSearchParams } from 'next/navigation'
import { useEffect, useMemo, useRef, useState } from 'react'
import {
  identifierExplanation,
  identifierText,
  pageProblem as findPageProblem,
} from '@/lib/explorer/result-notes'
import {
  bffSearchQuery,
  communeCodes,
  EMPTY_CRITERIA,
  explorerHref,
  explorerQueryString,
  fieldOfIssue,
  hasCriteria,
  parseExplorerState,
  toApiSearch,
  type CriteriaField,
  type ExplorerCriteria,
  type ExplorerState,
} from '@/lib/explorer/search-state'
import type { FirstPage } from '@/lib/explorer/first-page'
import { BffError, bffFetch, isTransientFailure, searchFailureMessage } from '@/lib/queries/bff-client'
import { CreateDatasetDialog } from './create-dataset-dialog'
import { ExportLinks } from './export-links'
import { MapPanel } from './map-panel'
import { ResultsTable, type ResultsPage } from './results-table'
import { SearchForm } from './search-form'
import './explorer.css'

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

/** Refusals are final; a transient failure (network, 502–504) is tried once more, quickly. */
const retryOnceIfTransient = (failureCount: number, error: unknown) =>
  failureCount < 1 && isTransientFailure(error)

interface ExplorerProps {
  isAdmin: boolean
  mapStyleUrl: string | null
  /** The results of the address, read with the page on the server (null: the browser asks). */
  firstPage: FirstPage | null
}

export function Explorer({ isAdmin, mapStyleUrl, firstPage }: ExplorerProps) {
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
  // The results sent with the page serve its first load only: later searches are asked by the
  // browser (the previous results stay shown meanwhile, a failure offers « Réessayer »).
  const [initial] = useState(firstPage)
  const [creating, setCreating] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // Each search or page change asks once for the focus to move to the results.
  const [focusRequest, setFocusRequest] = useState(0)
  const requestFocus = () => setFocusRequest((n) => n + 1)

  useEffect(() => {
    const heading = headingRef.current
    if (focusRequest === 0 || !heading) return
    heading.focus({ preventScroll: true })
    // The top of the results at the top of the window (a little room above the heading).
    const top = heading.getBoundingClientRect().top
    if (top < 0 || top > window.innerHeight / 2) window.scrollTo({ top: window.scrollY + top - 16 })
  }, [focusRequest])

  function navigate(next: ExplorerState) {
    const qs = explorerQueryString(next)
    router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false })
  }

  const capped = findPageProblem(state.page, state.size)
  const pageQuery = bffSearchQuery(criteria, { page: state.page, size: state.size })
  const results = useQuery({
    queryKey: ['etablissements', pageQuery],
    queryFn: ({ signal }) => bffFetch<ResultsPage>(`/bff/etablissements?${pageQuery}`, { signal }),
    placeholderData: keepPreviousData,
    ...(initial?.query === pageQuery ? { initialData: initial.data as ResultsPage } : {}),
    enabled: capped === null,
    retry: retryOnceIfTransient,
    retryDelay: 500,
  })
  const data = results.error ? undefined : results.data
  const pageProblem = capped ?? findPageProblem(state.page, state.size, results.data?.total)

  // Validation messages of the API, next to the field they concern.
  const errors: Partial<Record<CriteriaField | 'page' | 'size', string>> = {}
  const refused = results.error instanceof BffError && results.error.status === 400
  const issues = refused ? ((results.error as BffError).problem?.errors ?? []) : []
  for (const issue of issues) {
    const field = fieldOfIssue(issue.path)
    if (field) errors[field] ??= issue.message
  }
  const placed = issues.length > 0 && issues.every((i) => fieldOfIssue(i.path) !== null)
  const failure = results.error && !placed ? searchFailureMessage(results.error) : null
  const fieldErrors = {
    q: errors.q,
    commune: errors.commune,
    zone: errors.zone,
    naf: errors.naf,
    effectif: errors.effectif,
  }

  // A text that is an identifier and found nothing: say why.
  const identifier = identifierText(criteria.q)
  const otherCriteria = hasCriteria({ ...criteria, q: '' })
  const empty = !results.error && results.data?.total === 0 && !results.isPlaceholderData
  const siretAlone = useQuery({
    queryKey: [
      'etablissements',
      `search[siret]=${identifier?.kind === 'siret' ? identifier.siret : ''}&size=1`,
    ],
    queryFn: ({ signal }) =>
      bffFetch<ResultsPage>(
        `/bff/etablissements?search[siret]=${identifier?.kind === 'siret' ? identifier.siret : ''}&size=1`,
        { signal },
      ),
    enabled: empty && identifier?.kind === 'siret' && identifier.checksum && otherCriteria,
  })
  const emptyExplanation =
    empty && identifier ? (
      <>
        <p data-testid="identifier-explanation">
          {identifierExplanation(identifier, {
            otherCriteria,
            exists: siretAlone.data ? siretAlone.data.total > 0 : undefined,
          })}
        </p>
        {identifier.kind === 'siret' && identifier.checksum ? (
          <p>
            <Link
              href={explorerHref({ ...state, ...EMPTY_CRITERIA, q: identifier.siren, page: 1 })}
              prefetch={false}
            >
              Rechercher les établissements du SIREN {identifier.siren}
            </Link>
          </p>
        ) : null}
      </>
    ) : null

  const search = bffSearchQuery(criteria)

  return (
    <div className="explorer">
      <h1>Explorateur d’établissements</h1>
      <SearchForm
        criteria={criteria}
        errors={fieldErrors}
        onSearch={(next) => {
          navigate({ ...state, ...next, page: 1 })
          requestFocus()
        }}
      />
      <ResultsTable
        state={state}
        data={data}
        loading={results.isFetching}
        failure={failure}
        onRetry={() => void results.refetch()}
        invalidFields={refused && placed}
        pageProblem={pageProblem}
        emptyExplanation={emptyExplanation}
        onSize={(size) => navigate({ ...state, size, page: 1 })}
        onPageLink={requestFocus}
        headingRef={headingRef}
        onCreateDataset={isAdmin ? () => setCreating(true) : undefined}
      />
      {refused ? null : (
        <div className="explorer-export">
          <ExportLinks searchQuery={search} total={data?.total} isAdmin={isAdmin} />
        </div>
      )}
      <MapPanel search={search} total={data?.total} invalid={refused} styleUrl={mapStyleUrl} />
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
