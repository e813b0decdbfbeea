import type { Metadata } from 'next'
import Link from 'next/link'
import { requireUser } from '@/app/_auth/require-user'
import { formatDateTime, formatNumber, localTypeLabel, statusLabel } from '@/components/offers/format'
import { CreateOfferDataset } from '@/components/offers/create-offer-dataset'
import { OfferStatusBadge } from '@/components/offers/offer-status-badge'
import styles from '@/components/offers/offers.module.css'
import { LOCAL_TYPES } from '@/lib/offers/fields'
import { OFFER_STATUS_VALUES } from '@/lib/offers/statuses'
import { workshopFiltersSchema, workshopList, type WorkshopFilters } from '@/lib/offers/workshop'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Offres immobilières' }

/** The address of the list with these filters (the list's state lives in its address). */
function listHref(filters: WorkshopFilters): string {
  const params = new URLSearchParams()
  if (filters.statut) params.set('statut', filters.statut)
  if (filters.q) params.set('q', filters.q)
  if (filters.type) params.set('type', filters.type)
  if (filters.page && filters.page > 1) params.set('page', String(filters.page))
  const query = params.toString()
  return query ? `/offres?${query}` : '/offres'
}

/** The offers workshop: offers by status with their counts, filters, and the way to each offer. */
export default async function OffersPage({ searchParams }: PageProps<'/offres'>) {
  const user = await requireUser('staff', '/offres')
  const filters = workshopFiltersSchema.parse(await searchParams)
  const list = await workshopList(filters)
  const all = Object.values(list.counts).reduce((a, b) => a + b, 0)
  const lastPage = Math.max(1, Math.ceil(list.total / list.size))
  return (
    <section>
      <h1>Offres immobilières</h1>
      <p className={styles.intro}>
        Les applications partenaires proposent des offres de locaux d’entreprise par{' '}
        <code>POST /eco/immo/offres</code>. Une offre n’est publique qu’une fois validée et publiée ici ; un
        refus est motivé et communiqué à l’application qui l’a proposée.
      </p>
      <div className={styles.toolbar}>
        <Link className="button" href="/offres/nouvelle">
          Nouvelle offre
        </Link>
        <Link href="/offres/carte">Carte des offres publiées</Link>
      </div>
      <nav aria-label="Statut des offres">
        <ul className={styles.statuses}>
          <li>
            <Link
              href={listHref({ ...filters, statut: undefined, page: undefined })}
              aria-current={filters.statut ? undefined : 'page'}
            >
              Toutes ({formatNumber(all)})
            </Link>
          </li>
          {OFFER_STATUS_VALUES.map((status) => (
            <li key={status}>
              <Link
                href={listHref({ ...filters, statut: status, page: undefined })}
                aria-current={filters.statut === status ? 'page' : undefined}
              >
                {statusLabel(status)} ({formatNumber(list.counts[status])})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form className={`${styles.toolbar} ${styles.filters}`} action="/offres" role="search">
        {filters.statut ? <input type="hidden" name="statut" value={filters.statut} /> : null}
        <div className="field">
          <label htmlFor="offres-q">Texte</label>
          <input
            id="offres-q"
            name="q"
            defaultValue={filters.q ?? ''}
            placeholder="libellé, voie, mot-clé…"
          />
        </div>
        <div className="field">
          <label htmlFor="offres-type">Type de local</label>
          <select id="offres-type" name="type" defaultValue={filters.type ?? ''}>
            <option value="">Tous</option>
            {Object.entries(LOCAL_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          Filtrer
        </button>
      </form>
      {user.role === 'admin' && filters.statut === 'published' && list.total > 0 ? (
        <div className={styles.toolbar}>
          <CreateOfferDataset
            search={{
              ...(filters.q ? { q: [filters.q] } : {}),
              ...(filters.type ? { local_type: [filters.type] } : {}),
            }}
            suggestedTitle={[
              'Offres publiées',
              filters.type ? localTypeLabel(filters.type) : null,
              filters.q ? `« ${filters.q} »` : null,
            ]
              .filter(Boolean)
              .join(' – ')}
          />
        </div>
      ) : null}
      {list.offers.length === 0 ? (
        <p className={styles.empty}>Aucune offre ne correspond à ces critères.</p>
      ) : (
        <div className={styles.tableScroll} role="region" aria-label="Offres" tabIndex={0}>
          <table className={styles.table}>
            <caption className={styles.caption}>
              {formatNumber(list.total)} offre{list.total > 1 ? 's' : ''}
              {filters.statut ? ` « ${statusLabel(filters.statut).toLowerCase()} »` : ''}, la plus récente
              d’abord
            </caption>
            <thead>
              <tr>
                <th scope="col">Référence</th>
                <th scope="col">Libellé</th>
                <th scope="col">Type</th>
                <th scope="col">Commune</th>
                <th scope="col" className={styles.numeric}>
                  Surface (m²)
                </th>
                <th scope="col">Proposée par</th>
                <th scope="col">Créée le</th>
                <th scope="col">Statut</th>
              </tr>
            </thead>
            <tbody>
              {list.offers.map((offer) => (
                <tr key={offer.reference} data-testid="offer-row">
                  <th scope="row">
                    <Link href={`/offres/${offer.reference}`}>{offer.reference}</Link>
                  </th>
                  <td>{offer.label ?? '—'}</td>
                  <td>{localTypeLabel(offer.localType)}</td>
                  <td>{offer.libelleCommune ?? offer.codeCommune ?? '—'}</td>
                  <td className={styles.numeric}>{formatNumber(offer.surface)}</td>
                  <td>{offer.creator ?? '—'}</td>
                  <td>{formatDateTime(offer.createdAt)}</td>
                  <td>
                    <OfferStatusBadge status={offer.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {lastPage > 1 ? (
        <nav className={styles.pages} aria-label="Pages">
          {list.page > 1 ? (
            <Link href={listHref({ ...filters, page: list.page - 1 })}>Page précédente</Link>
          ) : null}
          <span>
            Page {list.page} sur {lastPage}
          </span>
          {list.page < lastPage ? (
            <Link href={listHref({ ...filters, page: list.page + 1 })}>Page suivante</Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}
