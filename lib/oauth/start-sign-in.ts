// Staff sign-in in one step (GET /connexion/debut?callbackUrl=…, where « Se connecter » and the
// guards of the pages lead): the browser is sent straight to the authorization server, whose sign-in
// form it reaches at once, instead of a page with a lone button. The flow is next-auth's own, run
// from the server as its client `signIn()` runs it from the browser: GET /api/auth/csrf (its
// anti-forgery token and cookie), then POST /api/auth/signin/<provider> with them, which sets the
// state, PKCE and callback cookies and answers the authorization address. Both calls go to the
// public URL (next-auth already reaches it for the server's metadata); the browser gets the cookies
// they set and a redirect to that address. Nothing next-auth checks is bypassed: the state and PKCE
// verifier still bind the flow to this browser, and the callback must be on this site.
import { SIGN_IN_PROVIDER_ID } from '../auth/first-party-client'
import { OAUTH_ROUTES } from './constants'
import { isAcceptableCallbackUrl } from './next-auth-request'

/**
 * Where to come back after signing in: a path of this site (an absolute address on the public
 * origin becomes its path; anything else, `/`), percent-encoded so next-auth accepts it.
 */
export function safeCallbackPath(value: string | null | undefined, publicOrigin: string): string {
  if (!value) return '/'
  let path = value
  if (!value.startsWith('/')) {
    try {
      const url = new URL(value)
      if (url.origin !== publicOrigin) return '/'
      path = `${url.pathname}${url.search}${url.hash}`
    } catch {
      return '/'
    }
  }
  if (!/^\/(?![/\\])/.test(path)) return '/'
  let encoded: string
  try {
    // Already-encoded sequences stay as they are; other characters are encoded.
    encoded = encodeURI(decodeURI(path))
  } catch {
    return '/'
  }
  return isAcceptableCallbackUrl(encoded, publicOrigin) ? encoded : '/'
}

/** `name=value` of each Set-Cookie header. */
function cookiePairs(setCookies: readonly string[]): string {
  return setCookies.map((cookie) => cookie.split(';')[0]!.trim()).join('; ')
}

export class SignInStartError extends Error {
  override name = 'SignInStartError'
}

export interface SignInStart {
  /** The authorization server's address, where the sign-in form is. */
  location: string
  /** Set-Cookie headers the browser must keep (next-auth's CSRF, state, PKCE and callback). */
  cookies: string[]
}

/** Starts next-auth's sign-in for `callbackUrl` (a safe path: safeCallbackPath). */
export async function startStaffSignIn(
  callbackUrl: string,
  publicUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SignInStart> {
  const base = publicUrl.replace(/\/$/, '')
  const csrf = await fetchImpl(`${base}/api/auth/csrf`, {
    headers: { Accept: 'application/json' },
    redirect: 'manual',
  })
  if (!csrf.ok) throw new SignInStartError(`/api/auth/csrf answered ${csrf.status}`)
  const { csrfToken } = (await csrf.json()) as { csrfToken?: unknown }
  if (typeof csrfToken !== 'string') throw new SignInStartError('/api/auth/csrf gave no token')
  const csrfCookies = csrf.headers.getSetCookie()

  const signIn = await fetchImpl(`${base}/api/auth/signin/${SIGN_IN_PROVIDER_ID}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: cookiePairs(csrfCookies),
    },
    body: new URLSearchParams({ csrfToken, callbackUrl, json: 'true' }).toString(),
    redirect: 'manual',
  })
  if (!signIn.ok) throw new SignInStartError(`/api/auth/signin answered ${signIn.status}`)
  const { url } = (await signIn.json()) as { url?: unknown }
  if (typeof url !== 'string') throw new SignInStartError('/api/auth/signin gave no address')
  const location = new URL(url, base)
  // next-auth answers its error page (the sign-in page with ?error=…) when the flow cannot start.
  if (location.origin !== new URL(base).origin || location.pathname !== OAUTH_ROUTES.authorization) {
    throw new SignInStartError(`/api/auth/signin sent to ${location.pathname}`)
  }
  return { location: location.href, cookies: [...csrfCookies, ...signIn.headers.getSetCookie()] }
}
