// An administrator turns the published offers of the workshop's list into a dataset (model offre):
// from the « Publiées » tab filtered by kind of premises, through a dialog asking the title and the
// encoding, then follows it in the datasets workshop until its file is ready.
import { expect, test } from '@playwright/test'
import { STAFF_STORAGE } from '../support/staff'
import { axeViolations, consoleErrors, waitForDatasetVersion } from '../support/workshop'

test.use({ storageState: STAFF_STORAGE.admin })

test('creates a dataset of the published offers a filtered list shows', async ({ page, baseURL }) => {
  const errors = consoleErrors(page)
  await page.goto('/offres?statut=published&type=entrepot')
  await page.getByRole('button', { name: 'Créer un jeu de données de ces offres' }).click()
  const dialog = page.getByRole('dialog', { name: 'Créer un jeu de données des offres publiées' })
  await expect(dialog.getByLabel('Titre')).toHaveValue('Offres publiées – Entrepôt, logistique')
  const title = `Entrepôts publiés ${Date.now()}`
  await dialog.getByLabel('Titre').fill(title)
  await dialog.getByRole('radio', { name: /ISO-8859-15/ }).check()
  expect(await axeViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Créer le jeu de données' }).click()
  await expect(dialog.getByRole('status')).toContainText(`« ${title} » est créé`)

  const link = dialog.getByRole('link', { name: 'Suivre le jeu de données dans l’atelier' })
  const id = (await link.getAttribute('href'))!.split('/').pop()!
  const dataset = await waitForDatasetVersion(page, id, 1)
  expect(dataset).toMatchObject({ model: 'offre', title, encoding: 'ISO-8859-15' })
  const preview = await page.request.post('/bff/datasets/preview', {
    headers: { Origin: baseURL! },
    data: { model: 'offre', search: { local_type: ['entrepot'] }, size: 1 },
  })
  // The offers the API's search of published warehouses gives.
  expect(dataset.total).toBe(((await preview.json()) as { total: number }).total)
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText('Offres immobilières publiées (offre)')).toBeVisible()
  await page.request.delete(`/bff/datasets/${id}`, { headers: { Origin: baseURL! } })
  expect(errors).toEqual([])
})
