// An administrator gives an application its own request quota on the applications page; the API
// holds it (429 past it), a quota that is not a number is refused next to its field, and the card
// shows the application's usage.
import { expect, test } from '@playwright/test'
import { E2E_QUOTA } from '../support/servers'
import { apiStatus, tokenOf } from '../support/oauth-client'
import { STAFF_STORAGE } from '../support/staff'
import { consoleErrors } from '../support/workshop'

test.use({ storageState: STAFF_STORAGE.admin })

const integer = new Intl.NumberFormat('fr-FR')

test('sets an application’s own quota, which the API then holds', async ({ page, baseURL }, testInfo) => {
  const errors = consoleErrors(page)
  const name = `Quota ${testInfo.workerIndex}-${Date.now()}`
  await page.goto('/applications')
  await page.getByRole('button', { name: 'Nouvelle application' }).click()
  const form = page.getByRole('dialog', { name: 'Nouvelle application' })
  await form.getByLabel('Nom de l’application').fill(name)
  await form.getByRole('checkbox', { name: /Données économiques \(lecture\)/ }).check()
  await form.getByRole('button', { name: 'Créer l’application' }).click()
  const secret = page.getByRole('alertdialog', { name: 'Application créée' })
  const credentials = {
    clientId: await secret.getByLabel('Identifiant client (client_id)').inputValue(),
    clientSecret: await secret.getByLabel('Secret client (client_secret)').inputValue(),
  }
  await secret.getByRole('button', { name: 'J’ai conservé le secret' }).click()

  const card = page.getByTestId('application-card').filter({ hasText: name })
  await expect(card).toContainText(
    `${integer.format(E2E_QUOTA.perMinute)} par minute, ${integer.format(E2E_QUOTA.perDay)} par jour (par défaut)`,
  )

  await card.getByRole('button', { name: `Modifier ${name}` }).click()
  const edit = page.getByRole('dialog', { name: `Modifier « ${name} »` })
  const perMinute = edit.getByRole('textbox', { name: 'Par minute' })
  await expect(perMinute).toHaveValue('')
  await expect(perMinute).toHaveAttribute('placeholder', integer.format(E2E_QUOTA.perMinute))
  // Not a number: refused next to the field, which says so to assistive technologies.
  await perMinute.fill('beaucoup')
  await edit.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(edit.getByText('Un quota est un nombre entier de requêtes.')).toBeVisible()
  await expect(perMinute).toHaveAttribute('aria-invalid', 'true')
  await perMinute.fill('2')
  await edit.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(edit).toBeHidden()
  await expect(card).toContainText(`2 par minute, ${integer.format(E2E_QUOTA.perDay)} par jour`)
  await expect(card).not.toContainText('(par défaut)')

  const token = await tokenOf(baseURL!, credentials)
  expect(await apiStatus(baseURL!, '/v0/datasets', token)).toBe(200)
  expect(await apiStatus(baseURL!, '/v0/datasets', token)).toBe(200)
  expect(await apiStatus(baseURL!, '/v0/datasets', token)).toBe(429)
  // Its usage: two answers and one refusal of listDatasets today, in the table and the CSV export.
  await card.getByText('Utilisation de l’API (30 jours)').click()
  const table = card.getByRole('table', { name: /Requêtes de « .* » par opération/ })
  await expect(async () => {
    await page.reload()
    await card.getByText('Utilisation de l’API (30 jours)').click()
    await expect(table.getByRole('row', { name: /listDatasets/ })).toHaveText(
      /listDatasets\s*3\s*2\s*0\s*1\s*0/,
      {
        timeout: 2_000,
      },
    )
  }).toPass()
  await expect(card.getByRole('img', { name: /3 requêtes sur 30 jours/ })).toBeVisible()
  await expect(card.getByRole('link', { name: 'Télécharger l’utilisation (CSV)' })).toHaveAttribute(
    'href',
    /\/bff\/applications\/[0-9a-f-]+\/usage\?days=30&format=csv$/,
  )
  // The one refusal the page asked for is the only error the browser reports.
  expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([])
})
