// A third-party web client's user, over HTTP: follows an authorization request through this
// service's sign-in and consent pages (real HTML forms) until the authorization server redirects to
// the client, and returns that redirect.
import type { APIRequestContext } from '@playwright/test'
import { accountOf, type StaffAccount } from './staff'

export async function authorizeAs(
  request: APIRequestContext,
  baseURL: string,
  authorizationUrl: string,
  who: StaffAccount | { email: string; password: string },
  options: { consent?: boolean } = {},
): Promise<{ location: string | null; status: number; body: string }> {
  const account = accountOf(who)
  let url = authorizationUrl
  for (let hop = 0; hop < 20; hop++) {
    const response = await request.get(url, { maxRedirects: 0, headers: { Accept: 'text/html' } })
    const location = response.headers()['location']
    if (location) {
      const next = new URL(location, url).href
      if (!next.startsWith(baseURL)) return { location: next, status: response.status(), body: '' }
      url = next
      continue
    }
    const html = await response.text()
    if (response.status() !== 200 || !url.includes('/connexion'))
      return { location: null, status: response.status(), body: html }
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1]
    const login = /<form[^>]*action="([^"]+\/login)"/.exec(html)?.[1]
    const consent = /<form[^>]*action="([^"]+\/consent)"/.exec(html)?.[1]
    const abort = /<form[^>]*action="([^"]+\/abort)"/.exec(html)?.[1]
    if (!csrf) throw new Error(`no form at ${url}`)
    const target = login ?? (options.consent === false ? abort : consent)
    if (!target) throw new Error(`no sign-in or consent form at ${url}`)
    const posted = await request.post(new URL(target, baseURL).href, {
      form: login ? { csrf, email: account.email, password: account.password } : { csrf },
      headers: { Origin: baseURL, Accept: 'text/html' },
      maxRedirects: 0,
    })
    const next = posted.headers()['location']
    if (!next) return { location: null, status: posted.status(), body: await posted.text() }
    url = new URL(next, baseURL).href
    if (!url.startsWith(baseURL)) return { location: url, status: posted.status(), body: '' }
  }
  throw new Error('too many redirects')
}
