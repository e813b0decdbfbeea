import type { Metadata } from 'next'
import { cookies } from 'next/headers'
import Link from 'next/link'
import { redirect } from 'next/navigation'
import { z } from 'zod'
import { env } from '@/lib/env'
import { INTERACTION_PATH } from '@/lib/oauth/constants'
import {
  ATTEMPTED_EMAIL_COOKIE,
  attemptedEmail,
  interactionSummary,
  type InteractionSummary,
} from '@/lib/oauth/interaction-form'
import { signInStartUrl } from '@/lib/oauth/sign-in-path'
import { safeCallbackPath } from '@/lib/oauth/start-sign-in'
import { optionalUser } from '../_auth/require-user'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Connexion' }

const searchSchema = z.object({
  interaction: z
    .string()
    .regex(/^[A-Za-z0-9_-]{10,64}$/)
    .optional()
    .catch(undefined),
  erreur: z.string().max(40).optional().catch(undefined),
  error: z.string().max(40).optional().catch(undefined),
  callbackUrl: z.string().max(2000).optional().catch(undefined),
})

const MESSAGES: Record<string, string> = {
  identifiants: 'Adresse électronique ou mot de passe incorrect.',
  session: 'Votre demande de connexion a expiré ou a été ouverte dans un autre navigateur. Recommencez.',
  demarrage: 'La connexion n’a pas pu commencer. Réessayez dans un instant.',
}

function LoginForm({
  interaction,
  error,
  email,
}: {
  interaction: InteractionSummary
  error?: string | undefined
  /** The address of a refused attempt, typed again for the user. */
  email?: string | undefined
}) {
  return (
    <form method="post" action={`${INTERACTION_PATH}/${interaction.uid}/login`}>
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : null}
      <input type="hidden" name="csrf" value={interaction.formToken} />
      <div className="field">
        <label htmlFor="email">Adresse électronique</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={email}
          autoFocus={!email}
        />
      </div>
      <div className="field">
        <label htmlFor="password">Mot de passe</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus={Boolean(email)}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button">
          Se connecter
        </button>
      </div>
    </form>
  )
}

function ConsentForm({ interaction }: { interaction: InteractionSummary }) {
  const action = `${INTERACTION_PATH}/${interaction.uid}`
  return (
    <>
      <p>
        L’application <strong>{interaction.clientName}</strong> demande à accéder en votre nom :
      </p>
      <ul className="scope-list">
        {interaction.scopes.map(({ scope, label }) => (
          <li key={scope}>
            {label} (<code>{scope}</code>)
          </li>
        ))}
        {interaction.scopes.length === 0 ? <li>à votre identité seulement</li> : null}
        {interaction.offlineAccess ? <li>même lorsque vous n’êtes pas connecté (accès prolongé)</li> : null}
      </ul>
      <div className="form-actions">
        <form method="post" action={`${action}/consent`}>
          <input type="hidden" name="csrf" value={interaction.formToken} />
          <button type="submit" className="button">
            Autoriser
          </button>
        </form>
        <form method="post" action={`${action}/abort`}>
          <input type="hidden" name="csrf" value={interaction.formToken} />
          <button type="submit" className="button button--secondary">
            Refuser
          </button>
        </form>
      </div>
    </>
  )
}

export default async function SignInPage({ searchParams }: PageProps<'/connexion'>) {
  const search = searchSchema.parse(await searchParams)
  const interaction = search.interaction ? await interactionSummary(search.interaction) : null
  const errorMessage = search.erreur
    ? (MESSAGES[search.erreur] ?? 'La connexion a échoué. Recommencez.')
    : search.error
      ? 'La connexion a échoué. Recommencez.'
      : undefined

  if (interaction?.prompt === 'login') {
    const email = search.erreur
      ? attemptedEmail(interaction.uid, (await cookies()).get(ATTEMPTED_EMAIL_COOKIE)?.value)
      : undefined
    return (
      <section className="auth-card" aria-labelledby="titre-connexion">
        <h1 id="titre-connexion">Connexion</h1>
        <p>
          {interaction.firstParty
            ? 'Espace réservé au personnel et aux administrateurs.'
            : `Connectez-vous pour autoriser l’application « ${interaction.clientName} ».`}
        </p>
        <LoginForm interaction={interaction} error={errorMessage} email={email} />
      </section>
    )
  }
  if (interaction?.prompt === 'consent') {
    return (
      <section className="auth-card" aria-labelledby="titre-autorisation">
        <h1 id="titre-autorisation">Autoriser l’accès</h1>
        <ConsentForm interaction={interaction} />
      </section>
    )
  }

  const user = await optionalUser()
  const returnTo = safeCallbackPath(search.callbackUrl, new URL(env().publicUrl).origin)
  // Nothing to say: straight to the sign-in form, coming back to the page asked for.
  if (!user && !errorMessage && !search.interaction) redirect(signInStartUrl(returnTo))
  return (
    <section className="auth-card" aria-labelledby="titre-connexion">
      <h1 id="titre-connexion">Connexion</h1>
      {search.interaction && !interaction ? (
        <p className="alert" role="alert">
          {MESSAGES.session}
        </p>
      ) : errorMessage ? (
        <p className="alert" role="alert">
          {errorMessage}
        </p>
      ) : null}
      {user ? (
        <p>
          Vous êtes connecté en tant que <strong>{user.name}</strong>.{' '}
          <Link href="/">Retour à l’accueil</Link>
        </p>
      ) : (
        <>
          <p>Espace réservé au personnel et aux administrateurs.</p>
          <p>
            <a className="button" href={signInStartUrl(returnTo)}>
              Se connecter
            </a>
          </p>
        </>
      )}
    </section>
  )
}
