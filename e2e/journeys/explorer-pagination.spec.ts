// Staff page through the results with links that carry the whole search; a page change scrolls to
// the top of the results and puts the focus on their heading; the page size starts again from page 1.
import { bffSearch, expect, resultRows, shownSirets, test, waitForResults } from '../support/explorer'

test('pagination links, page size, scroll and focus', async ({ page }) => {
  const all = await bffSearch(page, 'size=10&page=2&search[tranche_effectif]=11')
  await page.goto('/?effectif=11')
  await waitForResults(page)
  await expect(resultRows(page)).toHaveCount(50)
  await expect(page.getByText(/^Page 1 sur /)).toBeVisible()

  await page.getByLabel('Par page').selectOption('10')
  await expect(page).toHaveURL(/taille=10/)
  await waitForResults(page)
  await expect(resultRows(page)).toHaveCount(10)
  const first = await shownSirets(page)

  // Real links, carrying the search, the page and its size.
  const pages = page.getByRole('navigation', { name: 'Pages de résultats' })
  const next = pages.getByRole('link', { name: 'Suivante' })
  await expect(next).toHaveAttribute('href', '/?effectif=11&page=2&taille=10')
  await expect(pages.getByText('Précédente')).toHaveAttribute('aria-disabled', 'true')
  await next.scrollIntoViewIfNeeded()
  await next.click()
  await expect(page).toHaveURL(/\?effectif=11&page=2&taille=10$/)
  await waitForResults(page)
  await expect(page.getByText(/^Page 2 sur /)).toBeVisible()
  await expect.poll(() => shownSirets(page)).toEqual(all.etablissements.map((e) => e.siret))
  expect(first).not.toContain(all.etablissements[0]!.siret)
  // The results start at the top of the window, their heading has the focus.
  const heading = page.getByRole('heading', { name: 'Résultats', exact: true })
  await expect(heading).toBeFocused()
  const top = (await heading.boundingBox())!.y
  expect(top).toBeGreaterThanOrEqual(0)
  expect(top).toBeLessThan(page.viewportSize()!.height / 2)

  const lastPage = Math.ceil(Math.min(all.total, 10_000) / 10)
  await pages.getByRole('link', { name: 'Dernière' }).click()
  await expect(page).toHaveURL(new RegExp(`page=${lastPage}`))
  await waitForResults(page)
  await expect(pages.getByText('Suivante')).toHaveAttribute('aria-disabled', 'true')
  await expect(pages.getByRole('link', { name: 'Suivante' })).toHaveCount(0)

  // The back button returns to page 2.
  await page.goBack()
  await expect(page).toHaveURL(/page=2&taille=10$/)

  // A new page size starts again from the first page.
  await page.getByLabel('Par page').selectOption('25')
  await expect(page).not.toHaveURL(/page=/)
  await waitForResults(page)
  await expect(resultRows(page)).toHaveCount(25)
  await expect(pages.getByRole('link', { name: 'Précédente' })).toHaveCount(0)
})

test('a page past the 10,000th result is explained, with the last page it can show', async ({ page }) => {
  await page.goto('/?page=201')
  const problem = page.getByTestId('page-problem')
  await expect(problem).toContainText(
    'La page 201 n’est pas consultable : l’API ne sert que les 10 000 premiers résultats d’une recherche, soit 200 pages de 50.',
  )
  await problem.getByRole('link', { name: 'Aller à la page 200' }).click()
  await expect(page).toHaveURL(/\?page=200$/)
  await waitForResults(page)
  await expect(page.getByText(/^Page 200 sur 200$/)).toBeVisible()
})
