'use client'

// The paginated results: total, page size, page navigation, the table (SIRET, name, trade name,
// address, commune, NAF activity, headcount) and its loading, empty and error states.
import Link from 'next/link'
import type { EstablishmentWire } from '@/lib/establishments/serialise'
import { lastPage, PAGE_SIZES, RESULT_CAP, type PageSize } from '@/lib/explorer/search-state'

export interface ResultsPage {
  total: number
  page: number
  etablissements: EstablishmentWire[]
}

interface ResultsTableProps {
  data: ResultsPage | undefined
  loading: boolean
  error: string | null
  page: number
  size: PageSize
  onPage: (page: number) => void
  onSize: (size: PageSize) => void
  /** Opens the dataset form (administrators); absent for staff. */
  onCreateDataset?: () => void
}

const number = (n: number) => n.toLocaleString('fr-FR')

function headcount(e: EstablishmentWire): string {
  return typeof e.effectif === 'number' ? `${number(e.effectif)} (saisi)` : e.effectif
}

const COLUMNS = ['SIRET', 'Nom', 'Enseigne', 'Adresse', 'Commune', 'Activité (NAF)', 'Effectif'] as const

export function ResultsTable(props: ResultsTableProps) {
  const { data, loading, error, page, size, onPage, onSize, onCreateDataset } = props
  const total = data?.total ?? 0
  const pages = lastPage(total, size)
  const rows = data?.etablissements ?? []
  const showSkeleton = loading && !data

  return (
    <section className="results" aria-labelledby="resultats-titre" aria-busy={loading}>
      <div className="results-head">
        <h2 id="resultats-titre">Résultats</h2>
        <p className="results-total" role="status" aria-live="polite" data-testid="results-total">
          {error
            ? ''
            : data
              ? total === 0
                ? 'Aucun établissement'
                : `${number(total)} établissement${total > 1 ? 's' : ''}`
              : 'Recherche en cours…'}
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

      {total > RESULT_CAP ? (
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

      {error ? (
        <div className="notice notice-error" role="alert">
          <p>La recherche a échoué : {error}</p>
        </div>
      ) : null}

      {!error && data && total === 0 ? (
        <p className="empty-state">
          Aucun établissement ne correspond à cette recherche. Élargissez les critères.
        </p>
      ) : null}

      {!error && (showSkeleton || rows.length > 0) ? (
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
                ? Array.from({ length: Math.min(size, 10) }, (_, i) => (
                    <tr key={i} className="skeleton-row" aria-hidden="true">
                      {COLUMNS.map((c) => (
                        <td key={c}>
                          <span className="skeleton" />
                        </td>
                      ))}
                    </tr>
                  ))
                : rows.map((e) => (
                    <tr key={e.siret}>
                      <td className="mono">
                        <Link href={`/etablissements/${e.siret}`}>{e.siret}</Link>
                      </td>
                      <td>{e.entreprise}</td>
                      <td>{e.enseigne || e.denomination_usuelle || ''}</td>
                      <td>{e.adresse}</td>
                      <td>
                        {e.libelle_commune} <span className="muted">({e.code_commune})</span>
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
      ) : null}

      {!error && data && total > 0 ? (
        <nav className="pagination" aria-label="Pages de résultats">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onPage(1)}
            disabled={page <= 1}
          >
            Première
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onPage(page - 1)}
            disabled={page <= 1}
          >
            Précédente
          </button>
          <span aria-current="page">
            Page {number(page)} sur {number(pages)}
          </span>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onPage(page + 1)}
            disabled={page >= pages}
          >
            Suivante
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onPage(pages)}
            disabled={page >= pages}
          >
            Dernière
          </button>
        </nav>
      ) : null}
    </section>
  )
}
