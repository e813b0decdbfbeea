// Staff sign-in for tests, through the real flow: next-auth → this service's authorization server →
// the sign-in page's form. `signInBrowser` drives Chromium like a person; `signInRequest` does the
// same over HTTP for BFF tests (an APIRequestContext keeps the session cookie).
import path from 'node:path'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_ADMIN, E2E_STAFF } from './servers'

export type StaffAccount = 'admin' | 'staff'

export const STAFF_ACCOUNTS = {
  admin: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, name: 'Administrateur' },
  staff: { email: E2E_STAFF.email, password: E2E_STAFF.password, name: E2E_STAFF.name },
} as const

/** Stored sessions written by e2e/setup/staff.setup.ts (browser project, embedded instance). */
export const STAFF_STORAGE = {
  admin: path.resolve('e2e/.auth/admin.json'),
  staff: path.resolve('e2e/.auth/staff.json'),
} as const

export function accountOf(who: StaffAccount | { email: string; password: string }) {
  return typeof who === 'string' ? STAFF_ACCOUNTS[who] : who
}

/** Signs in in the browser from the sign-in page (straight to its form); ends on the home page, signed in. */
export async function signInBrowser(page: Page, who: StaffAccount): Promise<void> {
  const account = STAFF_ACCOUNTS[who]
  await page.goto('/connexion')
  await page.getByLabel('Adresse électronique').fill(account.email)
  await page.getByLabel('Mot de passe').fill(account.password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page.getByTestId('signed-in-user')).toContainText(account.name)
}

/** Follows the sign-in flow over HTTP up to the sign-in form; returns the form's action and token. */
export async function openSignInForm(
  request: APIRequestContext,
  baseURL: string,
): Promise<{ action: string; csrf: string; interaction: string }> {
  const csrfToken = ((await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken
  const start = await request.post('/api/auth/signin/territoires', {
    form: { csrfToken, callbackUrl: `${baseURL}/`, json: 'true' },
  })
  const { url } = (await start.json()) as { url: string }
  const page = await request.get(url, { headers: { Accept: 'text/html' } })
  expect(page.status()).toBe(200)
  const html = await page.text()
  const action = /<form[^>]*action="([^"]+\/login)"/.exec(html)?.[1]
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1]
  const interaction = new URL(page.url()).searchParams.get('interaction')
  if (!action || !csrf || !interaction) throw new Error(`no sign-in form at ${page.url()}`)
  return { action, csrf, interaction }
}

/** Signs in over HTTP; the request context then carries the session cookie. */
export async function signInRequest(
  request: APIRequestContext,
  baseURL: string,
  who: StaffAccount | { email: string; password: string },
): Promise<void> {
  const account = accountOf(who)
  const form = await openSignInForm(request, baseURL)
  await request.post(form.action, {
    form: { csrf: form.csrf, email: account.email, password: account.password },
    headers: { Origin: baseURL, Accept: 'text/html' },
  })
  const session = (await (await request.get('/api/auth/session')).json()) as { user?: { email: string } }
  expect(session.user?.email).toBe(account.email)
}
