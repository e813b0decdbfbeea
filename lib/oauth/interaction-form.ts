// What the sign-in and consent pages of the app need about a pending authorization request
// (an "interaction" of the authorization server), and the anti-forgery token of their forms.
//
// The forms are protected three ways: the interaction cookie (SameSite=Lax, bound to the browser
// that started the request, checked by the provider), a same-origin check on the POST, and a token
// only the server can compute (HMAC of the interaction id under the app secret).
import { timingSafeEqual } from 'node:crypto'
import { derivedSecret } from '../auth/app-secret'
import { findActiveClient } from '../auth/clients'
import { SCOPE_LABELS, isScope, type Scope } from '../auth/scopes'
import { query } from '../db/pool'

export function interactionFormToken(uid: string, secret?: string): string {
  return derivedSecret(`interaction-form:${uid}`, secret)
}

export function checkInteractionFormToken(uid: string, presented: unknown, secret?: string): boolean {
  if (typeof presented !== 'string') return false
  const expected = Buffer.from(interactionFormToken(uid, secret))
  const actual = Buffer.from(presented)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

export interface InteractionSummary {
  uid: string
  prompt: 'login' | 'consent'
  clientId: string
  clientName: string
  firstParty: boolean
  /** API scopes the application asks for (consent). */
  scopes: { scope: Scope; label: string }[]
  /** Whether it asks for a refresh token (access while the user is away). */
  offlineAccess: boolean
  formToken: string
}

const UID = /^[A-Za-z0-9_-]{10,64}$/

/** The pending interaction `uid`, or null when unknown or expired. */
export async function interactionSummary(uid: string): Promise<InteractionSummary | null> {
  if (!UID.test(uid)) return null
  const { rows } = await query<{ payload: { prompt?: { name?: string }; params?: Record<string, unknown> } }>(
    `SELECT payload FROM oauth_artifact
     WHERE kind = 'Interaction' AND id = $1 AND (expires_at IS NULL OR expires_at > now())`,
    [uid],
  )
  const payload = rows[0]?.payload
  const prompt = payload?.prompt?.name
  const clientId = payload?.params?.client_id
  if ((prompt !== 'login' && prompt !== 'consent') || typeof clientId !== 'string') return null
  const client = await findActiveClient(clientId)
  if (!client) return null
  const requested = String(payload?.params?.scope ?? '').split(' ')
  return {
    uid,
    prompt,
    clientId,
    clientName: client.name,
    firstParty: client.firstParty,
    scopes: requested.filter(isScope).map((scope) => ({ scope, label: SCOPE_LABELS[scope] })),
    offlineAccess: requested.includes('offline_access'),
    formToken: interactionFormToken(uid),
  }
}

/**
 * The e-mail address of a refused sign-in attempt, kept for the form shown again (a wrong password
 * must not clear it): a cookie of the sign-in page only, bound to the interaction, httpOnly, for a
 * few minutes. Never the password.
 */
export const ATTEMPTED_EMAIL_COOKIE = 'tda-signin-email'
const ATTEMPTED_EMAIL_MAX_AGE = 600

export function attemptedEmailCookie(uid: string, email: string, secure: boolean): string {
  const value = Buffer.from(JSON.stringify([uid, email.slice(0, 320)])).toString('base64url')
  return `${ATTEMPTED_EMAIL_COOKIE}=${value}; Path=/connexion; Max-Age=${ATTEMPTED_EMAIL_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function clearedAttemptedEmailCookie(secure: boolean): string {
  return `${ATTEMPTED_EMAIL_COOKIE}=; Path=/connexion; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** The address kept for interaction `uid`, or undefined. */
export function attemptedEmail(uid: string, cookieValue: string | undefined): string | undefined {
  if (!cookieValue) return undefined
  try {
    const parsed = JSON.parse(Buffer.from(cookieValue, 'base64url').toString('utf8')) as unknown
    if (!Array.isArray(parsed) || parsed[0] !== uid || typeof parsed[1] !== 'string') return undefined
    return parsed[1]
  } catch {
    return undefined
  }
}
