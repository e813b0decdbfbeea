// The admin pages are for administrators: staff get the 403 page (and no admin links), visitors
// who are not signed in are sent to the sign-in page and brought back.
import { expect, test } from '@playwright/test'
import { STAFF_ACCOUNTS, STAFF_STORAGE } from '../support/staff'

const ADMIN_PAGES = [
  '/jeux-de-donnees',
  '/applications',
  '/jeux-de-donnees/00000000-0000-4000-8000-000000000000',
]

test.describe('staff', () => {
  test.use({ storageState: STAFF_STORAGE.staff })
  for (const path of ADMIN_PAGES) {
    test(`gets the 403 page on ${path}`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(403)
      await expect(page.getByRole('heading', { level: 1, name: 'Accès réservé' })).toBeVisible()
      const nav = page.getByRole('navigation', { name: 'Navigation principale' })
      await expect(nav.getByRole('link', { name: 'Explorateur' })).toBeVisible()
      await expect(nav.getByRole('link', { name: 'Jeux de données' })).toHaveCount(0)
      await expect(nav.getByRole('link', { name: 'Applications' })).toHaveCount(0)
    })
  }
})

test('a visitor is sent straight to the sign-in form, then back to the page asked for', async ({ page }) => {
  for (const path of ADMIN_PAGES.slice(0, 2)) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/connexion\?interaction=[\w-]+$/)
    await expect(page.getByLabel('Mot de passe')).toBeVisible()
  }
  await page.getByLabel('Adresse électronique').fill(STAFF_ACCOUNTS.admin.email)
  await page.getByLabel('Mot de passe').fill(STAFF_ACCOUNTS.admin.password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/applications$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible()
})

test.describe('administrator', () => {
  test.use({ storageState: STAFF_STORAGE.admin })
  test('gets the 404 page for a dataset that does not exist', async ({ page }) => {
    for (const path of [ADMIN_PAGES[2]!, '/jeux-de-donnees/pas-un-identifiant']) {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
    }
  })
})
