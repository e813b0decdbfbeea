import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { requireUser } from '@/app/_auth/require-user'
import { OfferForm } from '@/components/offers/offer-form'
import styles from '@/components/offers/offers.module.css'
import { ApiError } from '@/lib/http/api-error'
import { offerFormValues } from '@/lib/offers/form-values'
import { workshopOfferDetail } from '@/lib/offers/workshop'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Modifier une offre' }

/** Edition of an offer before its publication (administrators). */
export default async function EditOfferPage({ params }: PageProps<'/offres/[reference]/modifier'>) {
  const { reference } = await params
  await requireUser('admin', `/offres/${reference}/modifier`)
  const detail = await workshopOfferDetail(reference).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound()
    throw error
  })
  return (
    <section>
      <p className={styles.breadcrumb}>
        <Link href={`/offres/${reference}`}>Offre {reference}</Link>
      </p>
      <h1>Modifier l’offre {reference}</h1>
      {detail.offre.status === 'pending_validation' ? (
        <OfferForm reference={reference} initial={offerFormValues(detail.offre)} />
      ) : (
        <p className={styles.reason}>
          Cette offre n’est plus en cours de validation : elle ne peut plus être modifiée.
        </p>
      )}
    </section>
  )
}
