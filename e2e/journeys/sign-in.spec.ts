// Staff sign in and out in Chromium through the authorization server's Authorization Code flow:
// the sign-in page, the header's signed-in indicator and sign-out ending both sessions.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { signInBrowser, STAFF_ACCOUNTS, STAFF_STORAGE } from '../support/staff'

for (const who of ['staff', 'admin'] as const) {
  test(`${who} signs in and out`, async ({ page }, testInfo) => {
    const account = STAFF_ACCOUNTS[who]
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible()
    await signInBrowser(page, who)
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
    // Both sessions ended: signing in again asks for the password.
    await page.goto('/connexion')
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await expect(page.getByLabel('Mot de passe')).toBeVisible()
    await expect(page.getByLabel('Adresse électronique')).toBeEmpty()
    expect(account.email).toContain('@')
  })
}

test('a wrong password is refused with a message, and the page is accessible', async ({ page }) => {
  await page.goto('/connexion')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.getByLabel('Adresse électronique').fill(STAFF_ACCOUNTS.staff.email)
  await page.getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'mot de passe incorrect' })).toBeVisible()
  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
})

test.describe('with a stored administrator session', () => {
  test.use({ storageState: STAFF_STORAGE.admin })
  test('opens signed in', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByTestId('signed-in-user')).toContainText('administrateur')
  })
})
