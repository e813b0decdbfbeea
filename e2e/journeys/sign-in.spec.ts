// Staff sign in and out in Chromium through the authorization server's Authorization Code flow:
// « Se connecter » leads straight to the sign-in form and back to the page (and search) the user
// came from, a shared search link opened signed out comes back to that search, a wrong password
// keeps the address typed, the header's signed-in indicator, and sign-out ending both sessions.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { STAFF_ACCOUNTS, STAFF_STORAGE } from '../support/staff'

for (const who of ['staff', 'admin'] as const) {
  test(`${who} signs in from the header and out`, async ({ page }, testInfo) => {
    const account = STAFF_ACCOUNTS[who]
    await page.goto('/')
    // One click to the form: no page in between.
    await page.getByRole('link', { name: 'Se connecter' }).click()
    await expect(page).toHaveURL(/\/connexion\?interaction=[\w-]+$/)
    await page.getByLabel('Adresse électronique').fill(account.email)
    await page.getByLabel('Mot de passe').fill(account.password)
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByTestId('signed-in-user')).toContainText(
      who === 'admin' ? 'administrateur' : 'agent',
    )
    await page.screenshot({ path: testInfo.outputPath(`${who}-signed-in.png`) })
    // The browser holds no API token: only the session cookie, httpOnly.
    const cookies = await page.context().cookies()
    const session = cookies.find((c) => c.name === 'next-auth.session-token')
    expect(session?.httpOnly).toBe(true)
    expect(JSON.stringify(cookies)).not.toMatch(/eyJhbGciOiJFUzI1NiIsInR5cCI6ImF0K2p3dCI/)

    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible()
    // Both sessions ended: signing in again asks for the password, on a blank form.
    await page.goto('/connexion')
    await expect(page.getByLabel('Mot de passe')).toBeVisible()
    await expect(page.getByLabel('Adresse électronique')).toBeEmpty()
  })
}

test('a shared search link opened signed out leads to the form, then to that very search', async ({
  page,
}) => {
  const shared = '/?commune=35238&naf=62.01Z&taille=25'
  await page.goto(shared)
  await expect(page).toHaveURL(/\/connexion\?interaction=[\w-]+$/)
  await page.getByLabel('Adresse électronique').fill(STAFF_ACCOUNTS.staff.email)
  await page.getByLabel('Mot de passe').fill(STAFF_ACCOUNTS.staff.password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(shared)
  await expect(page.getByTestId('signed-in-user')).toContainText(STAFF_ACCOUNTS.staff.name)
  // The explorer shows the shared search: its criteria in the form, its results.
  await expect(page.getByRole('heading', { level: 1, name: 'Explorateur d’établissements' })).toBeVisible()
  const expected = (await (
    await page.request.get('/bff/etablissements?search[code_commune]=35238&search[code_naf]=62.01Z&size=1')
  ).json()) as { total: number }
  expect(expected.total).toBeGreaterThan(0)
  await expect(page.getByTestId('results-total')).toContainText(expected.total.toLocaleString('fr-FR'))
})

test('« Se connecter » comes back to the page and search the user was on', async ({ page }) => {
  await page.goto('/modeles/siret?vue=colonnes')
  await page.getByRole('link', { name: 'Se connecter' }).click()
  await page.getByLabel('Adresse électronique').fill(STAFF_ACCOUNTS.staff.email)
  await page.getByLabel('Mot de passe').fill(STAFF_ACCOUNTS.staff.password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL('/modeles/siret?vue=colonnes')
  await expect(page.getByTestId('signed-in-user')).toBeVisible()
})

test('a wrong password is refused with a message and keeps the address; the page is accessible', async ({
  page,
}) => {
  await page.goto('/connexion')
  const email = page.getByLabel('Adresse électronique')
  await email.fill(STAFF_ACCOUNTS.staff.email)
  await page.getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'mot de passe incorrect' })).toBeVisible()
  // The address is still there, the password is not, and the cursor waits in the password field.
  await expect(email).toHaveValue(STAFF_ACCOUNTS.staff.email)
  await expect(page.getByLabel('Mot de passe')).toBeEmpty()
  await expect(page.getByLabel('Mot de passe')).toBeFocused()
  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  // The right password now signs in.
  await page.getByLabel('Mot de passe').fill(STAFF_ACCOUNTS.staff.password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page.getByTestId('signed-in-user')).toContainText(STAFF_ACCOUNTS.staff.name)
})

test('a sign-in link never leads off this site', async ({ page, baseURL }) => {
  await page.goto(`/connexion/debut?callbackUrl=${encodeURIComponent('https://evil.example/')}`)
  await page.getByLabel('Adresse électronique').fill(STAFF_ACCOUNTS.staff.email)
  await page.getByLabel('Mot de passe').fill(STAFF_ACCOUNTS.staff.password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(`${baseURL}/`)
})

test.describe('with a stored administrator session', () => {
  test.use({ storageState: STAFF_STORAGE.admin })
  test('opens signed in, and the sign-in address goes straight to the page asked for', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByTestId('signed-in-user')).toContainText('administrateur')
    await page.goto(`/connexion/debut?callbackUrl=${encodeURIComponent('/offres')}`)
    await expect(page).toHaveURL(/\/offres$/)
  })
})
