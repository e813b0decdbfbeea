import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { requireUser } from '@/app/_auth/require-user'
import { EMPTY_OFFER, OfferForm, type OfferFormValues } from '@/components/offers/offer-form'
import styles from '@/components/offers/offers.module.css'
import { ApiError } from '@/lib/http/api-error'
import type { OfferDetailWire } from '@/lib/offers/serialise'
import { workshopOfferDetail } from '@/lib/offers/workshop'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Modifier une offre' }

const text = (value: string | number | null) => (value === null ? '' : String(value))

function formValues(offre: OfferDetailWire): OfferFormValues {
  const contact = offre.contacts[0]
  return {
    ...EMPTY_OFFER,
    local_type: offre.local_type,
    transaction_types: offre.transaction_types,
    surface: String(offre.surface),
    label: text(offre.label),
    number: text(offre.number),
    voie: text(offre.voie),
    code_commune: text(offre.code_commune),
    tags: offre.tags.join(', '),
    disponibilite: text(offre.disponibilite),
    annee_de_construction: text(offre.annee_de_construction),
    parking_number: text(offre.parking_number),
    prix_de_vente: text(offre.prix_de_vente),
    taxe_fonciere: text(offre.taxe_fonciere),
    charges_mensuelles_copropriete: text(offre.charges_mensuelles_copropriete),
    loyer_mensuel: text(offre.loyer_mensuel),
    charges_locatives: text(offre.charges_locatives),
    divisible_at: text(offre.divisible_at),
    site_internet: text(offre.site_internet),
    descriptif_bien: text(offre.descriptif_bien),
    descriptif_surface: text(offre.descriptif_surface),
    descriptif_caracteristique: text(offre.descriptif_caracteristique),
    acces: text(offre.acces),
    descriptif_tarif: text(offre.descriptif_tarif),
    ...(contact
      ? {
          contact_type: contact.type,
          contact_name: contact.name,
          contact_email: text(contact.email),
          contact_phone: text(contact.phone),
        }
      : {}),
  }
}

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
        <OfferForm reference={reference} initial={formValues(detail.offre)} />
      ) : (
        <p className={styles.reason}>
          Cette offre n’est plus en cours de validation : elle ne peut plus être modifiée.
        </p>
      )}
    </section>
  )
}
