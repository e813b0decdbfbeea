// The interaction endpoints of the authorization server: where the browser lands when a sign-in or
// a consent is needed (redirected to the app's page /connexion), and where that page's forms post.
// Node request/response handlers, called by the OAuth mount in server.ts.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type Provider from 'oidc-provider'
import { authenticateUser } from '../auth/users'
import { hasNul, normaliseEmail } from '../text/email'
import { FORM_MEDIA_TYPE, readBody } from '../http/body'
import type { AbuseLimits } from '../rate-limit/rate-limiter'
import {
  attemptedEmailCookie,
  checkInteractionFormToken,
  clearedAttemptedEmailCookie,
} from './interaction-form'
import { oauthPage, escapeHtml } from './pages'
import { INTERACTION_PATH } from './constants'

const SIGN_IN_PAGE = '/connexion'
const MAX_FORM_BYTES = 8 * 1024

export interface InteractionContext {
  provider: Provider
  limits: AbuseLimits
  /** The public origin forms must come from (besides the request's own origin). */
  publicOrigin: string
  clientIp: string
}

function redirect(res: ServerResponse, location: string, cookies: string[] = []): void {
  res.writeHead(303, {
    Location: location,
    'Cache-Control': 'no-store',
    'Content-Length': '0',
    ...(cookies.length > 0 ? { 'Set-Cookie': cookies } : {}),
  })
  res.end()
}

function page(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  })
  res.end(html)
}

function signInPageFor(uid: string, error?: string): string {
  const query = new URLSearchParams({ interaction: uid, ...(error ? { erreur: error } : {}) })
  return `${SIGN_IN_PAGE}?${query.toString()}`
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  if (!FORM_MEDIA_TYPE.test(req.headers['content-type'] ?? '')) return null
  const raw = await readBody(req, MAX_FORM_BYTES)
  return raw === null ? null : new URLSearchParams(raw.toString('utf8'))
}

/**
 * A state-changing form must come from this site: the Origin header (sent by browsers on POST)
 * names the public origin or the request's own; without it, Sec-Fetch-Site must say same-origin.
 */
function isSameOrigin(req: IncomingMessage, publicOrigin: string): boolean {
  const origin = req.headers.origin
  if (origin !== undefined) {
    if (origin === publicOrigin) return true
    const host = req.headers.host
    return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`)
  }
  const site = req.headers['sec-fetch-site']
  return site === undefined || site === 'same-origin'
}

function forbiddenPage(res: ServerResponse): void {
  page(
    res,
    403,
    oauthPage({
      title: 'Formulaire refusé',
      body: `<p>Ce formulaire n’a pas été envoyé depuis ce site, ou il a expiré. Revenez à la page de connexion et recommencez.</p>
<p><a href="${SIGN_IN_PAGE}">Se connecter</a></p>`,
    }),
  )
}

function tooManyAttempts(res: ServerResponse, uid: string, retryAfterSeconds: number): void {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  page(
    res,
    429,
    oauthPage({
      title: 'Trop de tentatives',
      body: `<p role="alert">Trop de tentatives de connexion ont échoué. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.</p>
<p><a href="${escapeHtml(signInPageFor(uid))}">Retour à la connexion</a></p>`,
    }),
    { 'Retry-After': String(retryAfterSeconds) },
  )
}

/** Handles GET /oauth/interaction/:uid and POST /oauth/interaction/:uid/{login,consent,abort}. */
export async function handleInteraction(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  context: InteractionContext,
): Promise<void> {
  const match = new RegExp(`^${INTERACTION_PATH}/([A-Za-z0-9_-]+)(?:/(login|consent|abort))?$`).exec(path)
  if (!match) {
    page(res, 404, oauthPage({ title: 'Page introuvable', body: '<p>Cette adresse n’existe pas.</p>' }))
    return
  }
  const uid = match[1]!
  const action = match[2]
  const { provider } = context
  const method = req.method ?? 'GET'

  if (!action) {
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end()
      return
    }
    // The interaction cookie proves this browser started the request.
    try {
      const details = await provider.interactionDetails(req, res)
      redirect(res, details.uid === uid ? signInPageFor(uid) : `${SIGN_IN_PAGE}?erreur=session`)
    } catch {
      redirect(res, `${SIGN_IN_PAGE}?erreur=session`)
    }
    return
  }

  if (method !== 'POST') {
    res.writeHead(405, { Allow: 'POST' }).end()
    return
  }
  const form = await readForm(req)
  if (form && [...form].some(([key, value]) => hasNul(key) || hasNul(value))) {
    page(
      res,
      400,
      oauthPage({
        title: 'Formulaire invalide',
        body: `<p>Le formulaire contient un caractère nul (U+0000), qui n’est pas accepté.</p>
<p><a href="${escapeHtml(signInPageFor(uid))}">Retour à la connexion</a></p>`,
      }),
    )
    return
  }
  if (
    !form ||
    !isSameOrigin(req, context.publicOrigin) ||
    !checkInteractionFormToken(uid, form.get('csrf'))
  ) {
    forbiddenPage(res)
    return
  }
  let details
  try {
    details = await provider.interactionDetails(req, res)
  } catch {
    redirect(res, `${SIGN_IN_PAGE}?erreur=session`)
    return
  }
  if (details.uid !== uid) {
    redirect(res, `${SIGN_IN_PAGE}?erreur=session`)
    return
  }

  if (action === 'abort') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user refused the request.' },
      { mergeWithLastSubmission: false },
    )
    return
  }

  if (action === 'login') {
    if (details.prompt.name !== 'login') {
      redirect(res, signInPageFor(uid))
      return
    }
    // One normalisation for the limiter key and the look-up (lib/text/email).
    const email = normaliseEmail(form.get('email') ?? '')
    const password = form.get('password') ?? ''
    // Count the attempt first; a successful sign-in gives it back, so only failures accumulate.
    const byIp = await context.limits.signInPerIp.consume(context.clientIp)
    const byAccount = await context.limits.signInPerAccount.consume(email || '(vide)')
    if (!byIp.allowed || !byAccount.allowed) {
      tooManyAttempts(res, uid, Math.max(byIp.retryAfterSeconds, byAccount.retryAfterSeconds))
      return
    }
    const user = email && password ? await authenticateUser(email, password) : null
    const secure = context.publicOrigin.startsWith('https://')
    if (!user) {
      // The form comes back with the address typed, as typed (the password is never kept).
      const typed = (form.get('email') ?? '').trim()
      redirect(res, signInPageFor(uid, 'identifiants'), [attemptedEmailCookie(uid, typed, secure)])
      return
    }
    res.setHeader('Set-Cookie', clearedAttemptedEmailCookie(secure))
    await Promise.all([
      context.limits.signInPerIp.refund(context.clientIp),
      context.limits.signInPerAccount.refund(email),
    ])
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.id } },
      { mergeWithLastSubmission: false },
    )
    return
  }

  // consent
  if (details.prompt.name !== 'consent') {
    redirect(res, signInPageFor(uid))
    return
  }
  const accountId = details.session?.accountId
  const clientId = details.params.client_id
  if (!accountId || typeof clientId !== 'string') {
    redirect(res, `${SIGN_IN_PAGE}?erreur=session`)
    return
  }
  const grant =
    (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId, clientId })
  const missing = details.prompt.details as {
    missingOIDCScope?: string[]
    missingOIDCClaims?: string[]
    missingResourceScopes?: Record<string, string[]>
  }
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '))
  }
  const grantId = await grant.save()
  await provider.interactionFinished(
    req,
    res,
    { consent: details.grantId ? {} : { grantId } },
    { mergeWithLastSubmission: true },
  )
}
