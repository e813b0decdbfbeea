import { redirect } from 'next/navigation'
import { Explorer } from '@/components/explorer/explorer'
import { env } from '@/lib/env'
import { explorerFirstPage } from '@/lib/explorer/first-page'
import { signInStartUrl } from '@/lib/oauth/sign-in-path'
import { getStatus } from '@/lib/status/get-status'
import { optionalUser } from './_auth/require-user'

export const dynamic = 'force-dynamic'

/**
 * Signed-in staff and administrators get the explorer; visitors the presentation of the service,
 * unless the address holds a search (a shared link): they sign in, and come back to that search.
 */
export default async function HomePage({ searchParams }: PageProps<'/'>) {
  const user = await optionalUser()
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(await searchParams)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v)
  }
  if (!user) {
    if (params.size > 0) redirect(signInStartUrl(`/?${params.toString()}`))
    return <Landing />
  }
  // The first results come with the page; a failure leaves them to the browser, which says why.
  const firstPage = await explorerFirstPage(params).catch(() => null)
  return (
    <Explorer
      isAdmin={user.role === 'admin'}
      mapStyleUrl={env().MAP_STYLE_URL ?? null}
      firstPage={firstPage}
    />
  )
}

async function Landing() {
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
