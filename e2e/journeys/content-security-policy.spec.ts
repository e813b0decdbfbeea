// Under a Content-Security-Policy without 'unsafe-inline' for scripts (nonces instead), every page
// runs: no CSP violation is reported, and the pages are live (React took over the server's HTML).
import type { Page } from '@playwright/test'
import { STAFF_STORAGE } from '../support/staff'
import { bffSearch, expect, test, waitForResults } from '../support/explorer'

/** Records every `securitypolicyviolation` event of the pages the browser opens. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    )
  })
  const reported: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) reported.push(message.text())
  })
  return async () => [
    ...reported,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    )),
  ]
}

test('the explorer, a record and the offers run without a CSP violation', async ({ page }) => {
  const violations = await watchViolations(page)
  const sample = (await bffSearch(page, 'page=2&size=1')).etablissements[0]!

  await page.goto('/')
  await waitForResults(page)
  // Live: the form searches without a page load.
  await page.getByLabel('Nom, SIRET ou SIREN').fill(sample.siret)
  await page.getByRole('button', { name: 'Rechercher' }).click()
  await waitForResults(page)
  await expect(page.getByTestId('results-total')).toHaveText('1 établissement')
  expect(await violations()).toEqual([])

  await page.goto(`/etablissements/${sample.siret}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await violations()).toEqual([])

  for (const path of ['/offres', '/offres/carte', '/modeles/siret']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await violations(), path).toEqual([])
  }
})

test.describe('administrators', () => {
  test.use({ storageState: STAFF_STORAGE.admin })

  test('the workshop and the applications page run without a CSP violation', async ({ page }) => {
    const violations = await watchViolations(page)
    for (const path of ['/jeux-de-donnees', '/applications', '/offres/nouvelle']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(await violations(), path).toEqual([])
    }
  })
})

test('the sign-in page runs without a CSP violation', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } })
  const page = await context.newPage()
  const violations = await watchViolations(page)
  await page.goto('/connexion')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await violations()).toEqual([])
  await context.close()
})
