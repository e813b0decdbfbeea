import type { Metadata } from 'next'
import Link from 'next/link'
import { requireUser } from '@/app/_auth/require-user'
import { formatNumber } from '@/components/offers/format'
import { OffersMap } from '@/components/offers/offers-map'
import styles from '@/components/offers/offers.module.css'
import { publishedOffersMap } from '@/lib/offers/workshop'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Carte des offres publiées' }

/** The published offers on a map, with the same list in text. */
export default async function OffersMapPage() {
  await requireUser('staff', '/offres/carte')
  const collection = await publishedOffersMap()
  const offers = collection.features.flatMap((f) => f.properties.offres)
  return (
    <section>
      <p className={styles.breadcrumb}>
        <Link href="/offres">Offres immobilières</Link>
      </p>
      <h1>Carte des offres publiées</h1>
      <p className={styles.intro}>
        Chaque point est la position donnée par l’offre ou, à défaut, le centre de sa commune ; cliquez sur un
        point pour voir ses offres.
      </p>
      <OffersMap collection={collection} />
      <details>
        <summary>Liste des {formatNumber(offers.length)} offres de la carte</summary>
        <ul aria-label="Offres de la carte">
          {offers.map((o) => (
            <li key={o.id}>
              <Link href={`/offres/${o.id}`}>
                {o.id} — {o.label ?? 'Sans libellé'}
              </Link>
            </li>
          ))}
        </ul>
      </details>
    </section>
  )
}
