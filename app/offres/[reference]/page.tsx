import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { z } from 'zod'
import { requireUser } from '@/app/_auth/require-user'
import {
  ACTION_LABELS,
  formatDateTime,
  formatEuros,
  formatNumber,
  localTypeLabel,
  statusLabel,
  transactionLabels,
} from '@/components/offers/format'
import { OfferActions } from '@/components/offers/offer-actions'
import { OfferStatusBadge } from '@/components/offers/offer-status-badge'
import styles from '@/components/offers/offers.module.css'
import { hasRole } from '@/lib/auth/staff-session'
import { ApiError } from '@/lib/http/api-error'
import { CONTACT_TYPES } from '@/lib/offers/fields'
import { offerReferenceSchema } from '@/lib/offers/contract'
import { workshopOfferDetail } from '@/lib/offers/workshop'

export const dynamic = 'force-dynamic'

export async function generateMetadata({ params }: PageProps<'/offres/[reference]'>): Promise<Metadata> {
  return { title: `Offre ${(await params).reference}` }
}

const noticeSchema = z.object({
  creee: z.literal('1').optional().catch(undefined),
  modifiee: z.literal('1').optional().catch(undefined),
})

async function load(reference: string) {
  if (!offerReferenceSchema.safeParse(reference).success) notFound()
  try {
    return await workshopOfferDetail(reference)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound()
    throw error
  }
}

/** One offer: its fields, status, creator and history; administrators decide on it. */
export default async function OfferPage({ params, searchParams }: PageProps<'/offres/[reference]'>) {
  const { reference } = await params
  const user = await requireUser('staff', `/offres/${reference}`)
  const notice = noticeSchema.parse(await searchParams)
  const { offre, creator, history } = await load(reference)
  const money = (value: number | null) => (value === null ? null : formatEuros(value))
  const facts: Array<[string, string | null]> = [
    ['Type de local', localTypeLabel(offre.local_type)],
    ['Transaction', transactionLabels(offre.transaction_types)],
    ['Surface', `${formatNumber(offre.surface)} m²`],
    ['Divisible à partir de', offre.divisible_at === null ? null : `${formatNumber(offre.divisible_at)} m²`],
    ['Adresse', offre.address],
    ['Commune', offre.code_commune ? `${offre.libelle_commune ?? ''} (${offre.code_commune})` : null],
    ['Disponibilité', offre.disponibilite],
    [
      'Année de construction',
      offre.annee_de_construction === null ? null : String(offre.annee_de_construction),
    ],
    ['Places de parking', offre.parking_number === null ? null : String(offre.parking_number)],
    ['Loyer mensuel (HT-HC)', money(offre.loyer_mensuel)],
    ['Charges locatives (HT par an)', money(offre.charges_locatives)],
    ['Prix de vente', money(offre.prix_de_vente)],
    ['Taxe foncière (HT par an)', money(offre.taxe_fonciere)],
    ['Charges de copropriété (par mois)', money(offre.charges_mensuelles_copropriete)],
    ['Mots-clés', offre.tags.length ? offre.tags.join(', ') : null],
    ['Site internet', offre.website],
    ['Proposée par', creator],
    ['Créée le', formatDateTime(offre.created_at)],
    ['Publiée le', offre.published_at ? formatDateTime(offre.published_at) : null],
  ]
  const texts: Array<[string, string | null]> = [
    ['Description du bien', offre.descriptif_bien],
    ['Description des surfaces', offre.descriptif_surface],
    ['Caractéristiques', offre.descriptif_caracteristique],
    ['Accès', offre.acces],
    ['Tarif', offre.descriptif_tarif],
  ]
  return (
    <section>
      <p className={styles.breadcrumb}>
        <Link href="/offres">Offres immobilières</Link>
      </p>
      <div className={styles.header}>
        <h1>Offre {offre.reference}</h1>
        <OfferStatusBadge status={offre.status} />
      </div>
      {notice.creee ? (
        <p className={styles.notice} role="status">
          L’offre a été créée ; elle est en cours de validation.
        </p>
      ) : null}
      {notice.modifiee ? (
        <p className={styles.notice} role="status">
          Les modifications ont été enregistrées.
        </p>
      ) : null}
      <p>{offre.label ?? 'Sans libellé'}</p>
      {offre.rejection_reason ? (
        <p className={styles.reason}>
          <strong>Motif du refus :</strong> {offre.rejection_reason}
        </p>
      ) : null}
      {hasRole(user, 'admin') ? <OfferActions reference={offre.reference} status={offre.status} /> : null}
      <dl className={styles.facts}>
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        {texts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className={styles.wide}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        {offre.contacts.map((c, i) => (
          <div key={i} className={styles.wide}>
            <dt>Contact ({CONTACT_TYPES[c.type].toLowerCase()})</dt>
            <dd>{[c.name, c.email, c.phone].filter(Boolean).join(' · ')}</dd>
          </div>
        ))}
      </dl>
      <h2>Historique</h2>
      <div className={styles.tableScroll} role="region" aria-label="Historique de l’offre" tabIndex={0}>
        <table className={styles.table}>
          <caption className={styles.caption}>Changements de l’offre, du plus ancien au plus récent</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Action</th>
              <th scope="col">Par</th>
              <th scope="col">Statut</th>
              <th scope="col">Motif</th>
            </tr>
          </thead>
          <tbody>
            {history.map((event, i) => (
              <tr key={i} data-testid="history-row">
                <td>{formatDateTime(event.at)}</td>
                <td>{ACTION_LABELS[event.action]}</td>
                <td>{event.actorName}</td>
                <td>{statusLabel(event.status)}</td>
                <td>{event.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
