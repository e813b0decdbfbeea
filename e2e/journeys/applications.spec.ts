// An administrator creates a client application in the browser, gets its secret once (copied to the
// clipboard), the application calls the API with it; a new secret replaces the old one; revocation
// ends its access within seconds.
import { expect, test, type Page } from '@playwright/test'
import { apiStatus, requestToken, tokenOf, type Credentials } from '../support/oauth-client'
import { STAFF_STORAGE } from '../support/staff'
import { consoleErrors } from '../support/workshop'

test.use({ storageState: STAFF_STORAGE.admin })

/** Reads the credentials of the secret dialog, checks the copy button, and closes the dialog. */
async function takeSecret(page: Page, title: string): Promise<Credentials> {
  const dialog = page.getByRole('alertdialog', { name: title })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('alert')).toContainText('il ne sera plus jamais affiché')
  const clientId = await dialog.getByLabel('Identifiant client (client_id)').inputValue()
  const clientSecret = await dialog.getByLabel('Secret client (client_secret)').inputValue()
  expect(clientId).toMatch(/^tda_/)
  expect(clientSecret).toMatch(/^tda_secret_/)
  await dialog.getByRole('button', { name: 'Copier le secret' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'Copié' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clientSecret)
  await dialog.getByRole('button', { name: 'J’ai conservé le secret' }).click()
  await expect(dialog).toBeHidden()
  // Shown once: nothing on the page holds it any more.
  expect(await page.content()).not.toContain(clientSecret)
  return { clientId, clientSecret }
}

test('creates an application, rotates its secret and revokes it; the API follows', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const errors = consoleErrors(page)
  const name = `Portail ${testInfo.workerIndex}-${Date.now()}`

  await page.goto('/applications')
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible()
  await page.getByRole('button', { name: 'Nouvelle application' }).click()
  const form = page.getByRole('dialog', { name: 'Nouvelle application' })
  await expect(form.getByLabel('Nom de l’application')).toBeFocused()
  await form.getByLabel('Nom de l’application').fill(name)
  await form.getByRole('checkbox', { name: /Données économiques \(lecture\)/ }).check()
  await form.getByRole('button', { name: 'Créer l’application' }).click()
  const first = await takeSecret(page, 'Application créée')
  // The focus is back where the administrator started.
  await expect(page.getByRole('button', { name: 'Nouvelle application' })).toBeFocused()

  const card = page.getByTestId('application-card').filter({ hasText: name })
  await expect(card).toContainText(first.clientId)
  await expect(card).toContainText('eco')
  await expect(card).toContainText('client credentials')
  await expect(card).toContainText('Active')
  await expect(card.getByText('jamais')).toBeVisible()

  // The application obtains a token and reads the API with it; the page shows its last use.
  const token = await tokenOf(baseURL!, first)
  expect(await apiStatus(baseURL!, '/v0/datasets', token)).toBe(200)
  await expect(async () => {
    await page.reload()
    await expect(card.getByText('jamais')).toHaveCount(0, { timeout: 1000 })
  }).toPass()

  // A new secret: shown once; the old one stops working, the new one works.
  await card.getByRole('button', { name: `Nouveau secret pour ${name}` }).click()
  const confirmRotate = page.getByRole('alertdialog', { name: 'Générer un nouveau secret ?' })
  await expect(confirmRotate.getByRole('button', { name: 'Annuler' })).toBeFocused()
  await confirmRotate.getByRole('button', { name: 'Générer un nouveau secret' }).click()
  const second = await takeSecret(page, 'Nouveau secret')
  await expect(card.getByRole('button', { name: `Nouveau secret pour ${name}` })).toBeFocused()
  expect(second.clientId).toBe(first.clientId)
  expect(second.clientSecret).not.toBe(first.clientSecret)
  const refused = await requestToken(baseURL!, first)
  expect(refused.status).toBe(401)
  expect(refused.body.error).toBe('invalid_client')
  const renewed = await tokenOf(baseURL!, second)
  expect(await apiStatus(baseURL!, '/v0/datasets', renewed)).toBe(200)
  await expect(card).toContainText('Secret renouvelé le')

  // Revocation, after a confirmation: the card says so and offers no action any more.
  await card.getByRole('button', { name: `Révoquer ${name}` }).click()
  const confirmRevoke = page.getByRole('alertdialog', { name: 'Révoquer l’application ?' })
  await expect(confirmRevoke).toContainText('irréversible')
  await confirmRevoke.getByRole('button', { name: 'Révoquer définitivement' }).click()
  await expect(confirmRevoke).toBeHidden()
  await expect(card).toContainText('Révoquée le')
  await expect(card.getByRole('button')).toHaveCount(0)

  // No new token, and the tokens it holds are refused once the API's cached view refreshes
  // (OAUTH_CLIENT_CACHE_TTL, 5 s by default).
  expect((await requestToken(baseURL!, second)).status).toBe(401)
  await expect.poll(() => apiStatus(baseURL!, '/v0/datasets', renewed), { timeout: 20_000 }).toBe(401)
  expect(await apiStatus(baseURL!, '/v0/datasets', token)).toBe(401)
  expect(errors).toEqual([])
})
