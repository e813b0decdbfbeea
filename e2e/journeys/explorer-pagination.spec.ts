// Staff page through the results and change the page size; each page is in the address.
import { bffSearch, expect, resultRows, shownSirets, test, waitForResults } from '../support/explorer'

test('pagination and page size', async ({ page }) => {
  const all = await bffSearch(page, 'size=10&page=2')
  await page.goto('/')
  await waitForResults(page)
  await expect(resultRows(page)).toHaveCount(50)
  await expect(page.getByText(/^Page 1 sur /)).toBeVisible()

  await page.getByLabel('Par page').selectOption('10')
  await expect(page).toHaveURL(/taille=10/)
  await waitForResults(page)
  await expect(resultRows(page)).toHaveCount(10)
  const first = await shownSirets(page)

  await page.getByRole('button', { name: 'Suivante' }).click()
  await expect(page).toHaveURL(/page=2/)
  await waitForResults(page)
  await expect(page.getByText(/^Page 2 sur /)).toBeVisible()
  await expect.poll(() => shownSirets(page)).toEqual(all.etablissements.map((e) => e.siret))
  expect(first).not.toContain(all.etablissements[0]!.siret)

  await page.getByRole('button', { name: 'Dernière' }).click()
  const lastPage = Math.ceil(Math.min(all.total, 10_000) / 10)
  await expect(page).toHaveURL(new RegExp(`page=${lastPage}`))
  await expect(page.getByRole('button', { name: 'Suivante' })).toBeDisabled()

  // A new page size starts again from the first page.
  await page.getByLabel('Par page').selectOption('25')
  await expect(page).not.toHaveURL(/page=/)
  await waitForResults(page)
  await expect(resultRows(page)).toHaveCount(25)
  await expect(page.getByRole('button', { name: 'Précédente' })).toBeDisabled()
})
