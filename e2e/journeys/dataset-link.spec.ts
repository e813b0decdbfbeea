// A temporary link of a chosen validity, copied from the workshop, downloads the dataset's file
// until it expires.
import { expect, test } from '@playwright/test'
import { STAFF_STORAGE } from '../support/staff'
import { consoleErrors, createDatasetAsAdmin, waitForDatasetVersion } from '../support/workshop'

test.use({ storageState: STAFF_STORAGE.admin })

test('copies a temporary link valid for the chosen time', async ({ page, context, baseURL }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const errors = consoleErrors(page)
  const title = `Lien ${testInfo.workerIndex}-${Date.now()}`
  const created = await createDatasetAsAdmin(page, baseURL!, {
    title,
    model: 'siret',
    search: { code_commune: '35238' },
    encoding: 'ISO-8859-15',
  })
  await waitForDatasetVersion(page, created.id, 1)

  await page.goto(`/jeux-de-donnees/${created.id}`)
  await page.getByLabel('Durée de validité du lien temporaire').selectOption({ label: '24 heures' })
  const before = Math.floor(Date.now() / 1000)
  await page.getByRole('button', { name: 'Créer un lien temporaire' }).click()
  const shown = page.getByTestId('temporary-link')
  await expect(shown).toHaveValue(/\/files\/.+-v1-iso-8859-15\.csv\?expires=\d+&filename=[^&]+&signature=/)
  await expect(page.getByText(/^Lien vers la version 1 \(ISO-8859-15\), valable jusqu’au/)).toBeVisible()
  await page.getByRole('button', { name: 'Copier le lien' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Copié' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toBe(await shown.inputValue())

  const expires = Number(new URL(copied).searchParams.get('expires'))
  const after = Math.ceil(Date.now() / 1000)
  expect(expires).toBeGreaterThanOrEqual(before + 24 * 3600)
  expect(expires).toBeLessThanOrEqual(after + 24 * 3600)
  const file = await page.request.get(copied)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe('text/csv; charset=iso-8859-15')
  expect(new URL(copied).pathname).toBe(`/files/${created.id}-v1-iso-8859-15.csv`)
  expect(file.headers()['content-disposition']).toBe(`attachment; filename="${title}.csv"`)
  expect(errors).toEqual([])
})
