'use client'

// The paginated results: total, page size, the establishments as a table where the results column is
// wide and as cards where it is narrow (a container query picks one; both are laid out from the
// start, so nothing moves when the data arrives), page links carrying the whole search, and the
// explanations: a failure with « Réessayer », a page past the API's 10,000 results or past the last
// page, and why an identifier found nothing.
import Link from 'next/link'
import type { ReactNode, RefObject } from 'react'
import type { EstablishmentWire } from '@/lib/establishments/serialise'
import { pageProblemMessage, type PageProblem } from '@/lib/explorer/result-notes'
import {
  explorerHref,
  lastPage,
  PAGE_SIZES,
  RESULT_CAP,
  type ExplorerState,
  type PageSize,
} from '@/lib/explorer/search-state'

export interface ResultsPage {
  total: number
  page: number
  etablissements: EstablishmentWire[]
}

interface ResultsTableProps {
  state: ExplorerState
  data: ResultsPage | undefined
  loading: boolean
  /** A failed search, said in French; « Réessayer » runs it again. */
  failure: string | null
  onRetry: () => void
  /** The API refused criteria that the form marks next to their field. */
  invalidFields: boolean
  pageProblem: PageProblem | null
  /** Why a search that found nothing found nothing (an identifier's explanation), if known. */
  emptyExplanation: ReactNode
  onSize: (size: PageSize) => void
  /** A page link was followed (the page scrolls to the results and focuses their heading). */
  onPageLink: () => void
  headingRef: RefObject<HTMLHeadingElement | null>
  /** Opens the dataset form (administrators); absent for staff. */
  onCreateDataset?: (() => void) | undefined
}

const number = (n: number) => n.toLocaleString('fr-FR')

function headcount(e: EstablishmentWire): string {
  return typeof e.effectif === 'number' ? `${number(e.effectif)} (saisi)` : e.effectif
}

const tradeName = (e: EstablishmentWire) => e.enseigne || e.denomination_usuelle || ''

// The results' links are not prefetched: up to 100 records and 4 pages per page of results would
// be fetched and parsed while the page starts.
const COLUMNS = ['SIRET', 'Nom', 'Adresse', 'Activité (NAF)', 'Effectif'] as const

export function ResultsTable(props: ResultsTableProps) {
  const { state, data, loading, failure, onRetry, invalidFields, pageProblem, emptyExplanation } = props
  const { onSize, onPageLink, headingRef, onCreateDataset } = props
  const { page, size } = state
  const total = data?.total ?? 0
  const pages = lastPage(total, size)
  const rows = data?.etablissements ?? []
  const blocked = failure !== null || invalidFields || pageProblem !== null
  const showSkeleton = !blocked && !data
  const showRows = !blocked && (showSkeleton || rows.length > 0)
  const skeletonRows = Array.from({ length: Math.min(size, 10) }, (_, i) => i)

  let totalText = 'Recherche en cours…'
  if (failure || invalidFields) totalText = 'Recherche interrompue'
  else if (pageProblem?.kind === 'cap') totalText = 'Page non consultable'
  else if (data)
    totalText = total === 0 ? 'Aucun établissement' : `${number(total)} établissement${total > 1 ? 's' : ''}`

  const pageLink = (target: number, label: string, rel?: 'prev' | 'next') =>
    target >= 1 && target <= pages && target !== page ? (
      <Link
        className="button button--secondary"
        href={explorerHref({ ...state, page: target })}
        prefetch={false}
        scroll={false}
        onClick={onPageLink}
        rel={rel}
      >
        {label}
      </Link>
    ) : (
      <span className="button button--secondary button--inactive" aria-disabled="true">
        {label}
      </span>
    )

  return (
    <section className="results" aria-labelledby="resultats-titre" aria-busy={loading}>
      <div className="results-head">
        <h2 id="resultats-titre" ref={headingRef} tabIndex={-1}>
          Résultats
        </h2>
        <p className="results-total" role="status" aria-live="polite" data-testid="results-total">
          {totalText}
        </p>
        <div className="field field-inline">
          <label htmlFor="taille-page">Par page</label>
          <select
            id="taille-page"
            value={size}
            onChange={(event) => onSize(Number(event.target.value) as PageSize)}
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>

      {failure ? (
        <div className="notice notice-error" role="alert" data-testid="results-failure">
          <p>La recherche n’a pas abouti. {failure}</p>
          <button type="button" className="button" onClick={onRetry}>
            Réessayer
          </button>
        </div>
      ) : null}

      {invalidFields ? (
        <div className="notice notice-error" role="alert">
          <p>La recherche n’a pas été lancée : corrigez les critères signalés dans le formulaire.</p>
        </div>
      ) : null}

      {pageProblem && !failure ? (
        <div className="notice" data-testid="page-problem">
          <p>{pageProblemMessage(pageProblem, page, size)}</p>
          <p>
            <Link
              href={explorerHref({ ...state, page: pageProblem.lastPage })}
              prefetch={false}
              scroll={false}
              onClick={onPageLink}
            >
              Aller à la page {number(pageProblem.lastPage)}
            </Link>
          </p>
        </div>
      ) : null}

      {!blocked && data && total === 0 ? (
        <div className="empty-state" data-testid="results-empty">
          {emptyExplanation ?? (
            <p>Aucun établissement ne correspond à cette recherche. Élargissez les critères.</p>
          )}
        </div>
      ) : null}

      {showRows ? (
        <div className="results-body">
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Tableau des résultats">
            <table className="results-table">
              <caption className="visually-hidden">
                Établissements, page {page} sur {pages}
              </caption>
              <thead>
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {showSkeleton
                  ? skeletonRows.map((i) => (
                      <tr key={i} className="skeleton-row" aria-hidden="true">
                        {COLUMNS.map((c) => (
                          <td key={c}>
                            <span className="skeleton" />
                            <span className="skeleton skeleton-short" />
                          </td>
                        ))}
                      </tr>
                    ))
                  : rows.map((e) => (
                      <tr key={e.siret}>
                        <td className="siret">
                          <Link href={`/etablissements/${e.siret}`} prefetch={false}>
                            {e.siret}
                          </Link>
                        </td>
                        <td>
                          {e.entreprise}
                          {tradeName(e) ? <span className="cell-detail">{tradeName(e)}</span> : null}
                        </td>
                        <td>
                          {e.adresse}
                          <span className="cell-detail">
                            {e.libelle_commune} ({e.code_commune})
                          </span>
                        </td>
                        <td>
                          {e.libelle_naf} <span className="muted">({e.code_naf})</span>
                        </td>
                        <td>{headcount(e)}</td>
                      </tr>
                    ))}
              </tbody>
            </table>
          </div>
          <ol className="result-cards" aria-label={`Établissements, page ${page} sur ${pages}`}>
            {showSkeleton
              ? skeletonRows.map((i) => (
                  <li key={i} className="result-card skeleton-card" aria-hidden="true">
                    <span className="skeleton" />
                    <span className="skeleton" />
                    <span className="skeleton skeleton-short" />
                  </li>
                ))
              : rows.map((e) => (
                  <li key={e.siret} className="result-card">
                    <h3 className="result-card-title">
                      <Link href={`/etablissements/${e.siret}`} prefetch={false}>
                        {e.entreprise}
                      </Link>
                    </h3>
                    {tradeName(e) ? <p className="result-card-trade">{tradeName(e)}</p> : null}
                    <dl className="result-card-fields">
                      <div>
                        <dt>SIRET</dt>
                        <dd className="siret">{e.siret}</dd>
                      </div>
                      <div>
                        <dt>Adresse</dt>
                        <dd>
                          {e.adresse}, {e.libelle_commune} ({e.code_commune})
                        </dd>
                      </div>
                      <div>
                        <dt>Activité</dt>
                        <dd>
                          {e.libelle_naf} ({e.code_naf})
                        </dd>
                      </div>
                      <div>
                        <dt>Effectif</dt>
                        <dd>{headcount(e)}</dd>
                      </div>
                    </dl>
                  </li>
                ))}
          </ol>
        </div>
      ) : null}

      {!blocked && data && total > 0 ? (
        <nav className="pagination" aria-label="Pages de résultats">
          {pageLink(1, 'Première')}
          {pageLink(page - 1, 'Précédente', 'prev')}
          <span aria-current="page">
            Page {number(page)} sur {number(pages)}
          </span>
          {pageLink(page + 1, 'Suivante', 'next')}
          {pageLink(pages, 'Dernière')}
        </nav>
      ) : null}

      {!blocked && total > RESULT_CAP ? (
        <div className="notice" data-testid="result-cap">
          <p>
            Seuls les {number(RESULT_CAP)} premiers résultats sont consultables ici (limite de l’API). Pour
            disposer des {number(total)} établissements, créez un jeu de données à partir de cette recherche :
            il les contient tous et se télécharge en CSV.
          </p>
          {onCreateDataset ? (
            <button type="button" className="button button--secondary" onClick={onCreateDataset}>
              Créer un jeu de données à partir de cette recherche
            </button>
          ) : (
            <p>Un administrateur peut créer ce jeu de données.</p>
          )}
        </div>
      ) : null}
    </section>
  )
}
