// An administrator edits an application's scopes and redirect URIs in the browser: the API's
// refusal of a bad redirect URI is shown next to the field, and the new scope opens the fiscal data
// to the application's next token.
import { expect, test } from '@playwright/test'
import type { ClientApplicationWire } from '@/lib/auth/clients'
import { insertPremises } from '../support/datasets'
import { apiStatus, tokenOf } from '../support/oauth-client'
import { STAFF_STORAGE } from '../support/staff'
import { consoleErrors } from '../support/workshop'

test.use({ storageState: STAFF_STORAGE.admin })

test('edits scopes and redirect URIs; the next token holds the new scope', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = consoleErrors(page)
  const name = `Scopes ${testInfo.workerIndex}-${Date.now()}`
  const created = await page.request.post('/bff/applications', {
    headers: { Origin: baseURL! },
    data: { client_name: name, scopes: ['eco'] },
  })
  expect(created.status()).toBe(201)
  const { application, client_secret } = (await created.json()) as {
    application: ClientApplicationWire
    client_secret: string
  }
  const credentials = { clientId: application.client_id, clientSecret: client_secret }
  const { ids } = await insertPremises(testInfo, ['PORTÉE FISCALE'])
  const premises = `/v0/ca/locaux/${ids[0]}`
  expect(await apiStatus(baseURL!, premises, await tokenOf(baseURL!, credentials))).toBe(403)

  await page.goto('/applications')
  const card = page.getByTestId('application-card').filter({ hasText: name })
  await card.getByRole('button', { name: `Modifier ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Modifier « ${name} »` })
  await expect(dialog.getByLabel('Nom de l’application')).toHaveValue(name)
  await expect(dialog.getByRole('checkbox', { name: /\(eco\)/ })).toBeChecked()
  await dialog.getByRole('checkbox', { name: /\(fiscal\)/ }).check()
  const redirects = dialog.getByLabel(/Adresses de redirection/)
  await redirects.fill('https://portail.example.org/retour\nhttp://portail.example.org/retour')
  await dialog.getByRole('button', { name: 'Enregistrer' }).click()
  // The second line is refused (http outside localhost): the message sits under the field.
  await expect(redirects).toHaveAttribute('aria-invalid', 'true')
  await expect(
    dialog.getByText(/^Ligne 2 : Adresse de redirection invalide : https obligatoire/),
  ).toBeVisible()
  await expect(card).not.toContainText('fiscal')

  await redirects.fill('https://portail.example.org/retour')
  await dialog.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(dialog).toBeHidden()
  await expect(card).toContainText('fiscal')
  await expect(card).toContainText('https://portail.example.org/retour')
  await expect(card).toContainText('authorization code (PKCE)')

  // Stored: a reload shows the same, and the application's next token reads the fiscal data.
  await page.reload()
  await expect(card).toContainText('https://portail.example.org/retour')
  // The token endpoint grants the new scope at once; the API honours it once its cached view of
  // the applications refreshes (OAUTH_CLIENT_CACHE_TTL, 5 s by default).
  const fiscal = await tokenOf(baseURL!, credentials, 'fiscal')
  await expect.poll(() => apiStatus(baseURL!, premises, fiscal), { timeout: 20_000 }).toBe(200)
  // The only failed request is the refused change, which the browser logs.
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)'])
})
