import { getStatus } from '@/lib/status/get-status'

export const dynamic = 'force-dynamic'

export default async function HomePage() {
  const status = await getStatus().catch(() => null)
  const donnees = status?.donnees
  return (
    <section className="home">
      <h1>Données territoriales</h1>
      <p>
        Données fiscales et économiques sur les territoires français : établissements, locaux, communes,
        intercommunalités, départements et régions.
      </p>
      {donnees ? (
        <dl className="figures">
          <div>
            <dt>Établissements</dt>
            <dd>{donnees.etablissements.toLocaleString('fr-FR')}</dd>
          </div>
          <div>
            <dt>Locaux</dt>
            <dd>{donnees.locaux.toLocaleString('fr-FR')}</dd>
          </div>
        </dl>
      ) : null}
      <h2>Pour les applications</h2>
      <p>
        L’API est décrite au format OpenAPI 3.1 à l’adresse <a href="/openapi.json">/openapi.json</a>. Les
        applications s’authentifient en OAuth 2.0 (jeton Bearer).
      </p>
    </section>
  )
}
