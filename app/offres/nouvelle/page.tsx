import type { Metadata } from 'next'
import Link from 'next/link'
import { requireUser } from '@/app/_auth/require-user'
import { OfferForm } from '@/components/offers/offer-form'
import { EMPTY_OFFER } from '@/lib/offers/form-values'
import styles from '@/components/offers/offers.module.css'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Nouvelle offre immobilière' }

/** Creation of an offer by staff: the fields and validation of POST /eco/immo/offres. */
export default async function NewOfferPage() {
  await requireUser('staff', '/offres/nouvelle')
  return (
    <section>
      <p className={styles.breadcrumb}>
        <Link href="/offres">Offres immobilières</Link>
      </p>
      <h1>Nouvelle offre</h1>
      <p className={styles.intro}>
        L’offre est créée en cours de validation ; un administrateur la publie. Les champs obligatoires sont
        le type de local, la transaction et la surface.
      </p>
      <OfferForm initial={EMPTY_OFFER} />
    </section>
  )
}
