// Refresh from the workshop: the stored search is replayed on the current data, a new version is
// generated and the page shows its new total; then the dataset is renamed.
import { expect, test } from '@playwright/test'
import { insertPremises } from '../support/datasets'
import { STAFF_STORAGE } from '../support/staff'
import { consoleErrors, createDatasetAsAdmin, waitForDatasetVersion } from '../support/workshop'

test.use({ storageState: STAFF_STORAGE.admin })

test('refreshes a dataset (new records, new version) and renames it', async ({ page, baseURL }, testInfo) => {
  const errors = consoleErrors(page)
  const { tag } = await insertPremises(testInfo, ['AVANT UN', 'AVANT DEUX'])
  const title = `Actualisation ${tag}`
  const created = await createDatasetAsAdmin(page, baseURL!, {
    title,
    model: 'local',
    search: { proprietaire: tag },
  })
  await waitForDatasetVersion(page, created.id, 1)
  // A third record matching the stored search appears after the capture.
  await insertPremises(testInfo, [`APRES ${tag}`])

  await page.goto(`/jeux-de-donnees/${created.id}`)
  await expect(page.getByTestId('dataset-total')).toHaveText('2')
  await page.getByRole('button', { name: 'Actualiser' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Actualiser le jeu de données ?' })
  await expect(dialog).toContainText('version 2')
  await dialog.getByRole('button', { name: 'Actualiser' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('served-version')).toHaveText('2')
  await expect(page.getByTestId('dataset-total')).toHaveText('3')
  await expect(page.getByTestId('preview-json')).toContainText(`APRES ${tag}`)

  // Renamed: the page, the list and the API show the new title.
  const renamed = `${title} (actualisé)`
  await page.getByLabel('Titre du jeu de données').fill(renamed)
  await page.getByRole('button', { name: 'Renommer' }).click()
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible()

  await page.goto('/jeux-de-donnees')
  const row = page.getByTestId('dataset-row').filter({ hasText: renamed })
  await expect(row.getByRole('cell')).toHaveText(['Locaux', '3', '2', 'UTF-8', 'Prêt'])
  expect(errors).toEqual([])
})
