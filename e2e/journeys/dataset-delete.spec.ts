// Deleting a dataset from the workshop asks first; once confirmed the dataset, its page and its
// files are gone.
import { expect, test } from '@playwright/test'
import { STAFF_STORAGE } from '../support/staff'
import { consoleErrors, createDatasetAsAdmin, waitForDatasetVersion } from '../support/workshop'

test.use({ storageState: STAFF_STORAGE.admin })

test('deletes a dataset after a confirmation', async ({ page, baseURL }, testInfo) => {
  const errors = consoleErrors(page)
  const title = `À supprimer ${testInfo.workerIndex}-${Date.now()}`
  const created = await createDatasetAsAdmin(page, baseURL!, {
    title,
    model: 'siret',
    search: { code_commune: '35238' },
  })
  await waitForDatasetVersion(page, created.id, 1)
  const link = await page.request.get(`/bff/datasets/${created.id}/download-link?expires=600`)
  const { location } = (await link.json()) as { location: string }
  expect((await page.request.get(location)).status()).toBe(200)

  await page.goto(`/jeux-de-donnees/${created.id}`)
  const remove = page.getByRole('button', { name: 'Supprimer' })
  await remove.click()
  const dialog = page.getByRole('alertdialog', { name: 'Supprimer le jeu de données ?' })
  await expect(dialog).toContainText(title)
  // Échap cancels, as Annuler does.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(remove).toBeFocused()
  expect((await page.request.get(`/bff/datasets/${created.id}`)).status()).toBe(200)

  await remove.click()
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click()
  await expect(page).toHaveURL(/\/jeux-de-donnees\?supprime=1$/)
  await expect(
    page.getByRole('status').filter({ hasText: 'Le jeu de données a été supprimé.' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: title })).toHaveCount(0)
  expect(errors).toEqual([])
  expect((await page.request.get(`/bff/datasets/${created.id}`)).status()).toBe(404)
  expect((await page.request.get(location)).status()).toBe(404)
  expect((await page.goto(`/jeux-de-donnees/${created.id}`))?.status()).toBe(404)
})
