// /etablissements/:siret: the full record of one establishment (signed-in staff), with its position
// on a small map. The same record as GET /v0/eco/sirets/:id.
import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { EstablishmentMap } from '@/components/explorer/establishment-map'
import { SIRET_PATTERN } from '@/lib/establishments/identifiers'
import { getEstablishment } from '@/lib/establishments/search'
import { serialiseEstablishmentDetail } from '@/lib/establishments/serialise'
import { requireUser } from '../../_auth/require-user'
import '@/components/explorer/explorer.css'

export const dynamic = 'force-dynamic'

interface PageProps {
  params: Promise<{ siret: string }>
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { siret } = await params
  return { title: `Établissement ${siret}` }
}

export default async function EstablishmentPage({ params }: PageProps) {
  const { siret } = await params
  await requireUser('staff', `/etablissements/${siret}`)
  const found = SIRET_PATTERN.test(siret) ? await getEstablishment(siret) : null
  if (!found) notFound()
  const e = serialiseEstablishmentDetail(found)
  const rows: Array<[string, string]> = [
    ['SIRET', e.siret],
    ['SIREN', e.siren],
    ['Entreprise', e.entreprise],
    ['Enseigne', e.enseigne || '—'],
    ['Dénomination usuelle', e.denomination_usuelle ?? '—'],
    ['Adresse', e.adresse],
    ['Commune', `${e.libelle_commune} (${e.code_commune})`],
    ['Activité (NAF)', `${e.libelle_naf} (${e.code_naf})`],
    ...(e.secteur_alternatif ? [['Secteur alternatif', e.secteur_alternatif] as [string, string]] : []),
    [
      'Effectif',
      e.effectif_details.valeur_saisie !== null
        ? `${e.effectif_details.valeur_saisie.toLocaleString('fr-FR')} salariés (saisi), tranche ${e.effectif_details.tranche_label}`
        : `${e.effectif_details.tranche_label} (médiane ${e.effectif_details.tranche_median.toLocaleString('fr-FR')})`,
    ],
    [
      'Nature juridique',
      e.nature_juridique ? `${e.nature_juridique.libelle ?? ''} (${e.nature_juridique.code})` : '—',
    ],
    [
      'Date de création',
      e.date_creation ? new Date(e.date_creation).toLocaleDateString('fr-FR', { timeZone: 'UTC' }) : '—',
    ],
    ['État administratif', e.etat_administratif === 'actif' ? 'Actif' : 'Fermé'],
    ['Téléphone', e.contact.telephones.join(', ') || '—'],
    ['Adresse électronique', e.contact.emails.join(', ') || '—'],
    ['Site internet', e.contact.website ?? '—'],
    [
      'Position',
      e.coordonnees
        ? `${e.coordonnees.latitude.toFixed(5)}, ${e.coordonnees.longitude.toFixed(5)} (WGS 84)`
        : 'Inconnue ou non diffusible',
    ],
  ]
  return (
    <article className="establishment">
      <p>
        <Link href="/">← Retour à l’explorateur</Link>
      </p>
      <h1>{e.entreprise}</h1>
      <p className="muted">
        SIRET {e.siret} · {e.libelle_commune}
      </p>
      <div className="establishment-layout">
        <dl className="record" data-testid="establishment-record">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="position-titre">
          <h2 id="position-titre">Position</h2>
          {e.coordonnees ? (
            <EstablishmentMap longitude={e.coordonnees.longitude} latitude={e.coordonnees.latitude} />
          ) : (
            <p>La position de cet établissement est inconnue ou non diffusible.</p>
          )}
          <p className="muted">
            Données de l’API : <code>{e.url}</code>
          </p>
        </section>
      </div>
    </article>
  )
}
