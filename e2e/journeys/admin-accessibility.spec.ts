// Every admin page (and its dialogs) passes axe with no violation at desktop and phone widths, fits
// a 375 px screen without horizontal scrolling, logs no console error, and is saved as a screenshot
// (test-results/, not committed).
import { expect, test, type Page } from '@playwright/test'
import { STAFF_STORAGE } from '../support/staff'
import {
  axeViolations,
  consoleErrors,
  createDatasetAsAdmin,
  waitForDatasetVersion,
} from '../support/workshop'

test.use({ storageState: STAFF_STORAGE.admin })

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 800 },
] as const

async function checkPage(page: Page, shot: string): Promise<void> {
  expect(await axeViolations(page)).toEqual([])
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.screenshot({ path: test.info().outputPath(`${shot}.png`), fullPage: true })
}

for (const size of WIDTHS) {
  test(`admin pages are accessible at ${size.width} px`, async ({ page, baseURL }, testInfo) => {
    await page.setViewportSize({ width: size.width, height: size.height })
    const errors = consoleErrors(page)
    const title = 'Établissements de Rennes'
    const created = await createDatasetAsAdmin(page, baseURL!, {
      title,
      model: 'siret',
      search: { code_commune: '35238' },
      encoding: 'ISO-8859-15',
    })
    await waitForDatasetVersion(page, created.id, 1)
    const app = await page.request.post('/bff/applications', {
      headers: { Origin: baseURL! },
      data: {
        client_name: `Tableau de bord ${size.name}`,
        scopes: ['eco', 'fiscal'],
        redirect_uris: ['https://tableau.example.org/callback'],
      },
    })
    expect(app.status()).toBe(201)

    await page.goto('/jeux-de-donnees')
    const link = page.locator(`a[href="/jeux-de-donnees/${created.id}"]`)
    await expect(link).toHaveText(title)
    await checkPage(page, `workshop-${size.name}`)

    await link.click()
    await expect(page.getByTestId('preview-json')).toBeVisible()
    await page.getByRole('button', { name: 'Créer un lien temporaire' }).click()
    await expect(page.getByTestId('temporary-link')).toBeVisible()
    await checkPage(page, `workshop-dataset-${size.name}`)
    // The README's pictures (docs/workshop.png, docs/applications.png) are these, at desktop width.
    await page.screenshot({ path: testInfo.outputPath(`readme-workshop-${size.name}.png`) })
    await page.getByRole('radio', { name: /UTF-8/ }).check()
    await page.getByRole('button', { name: 'Changer l’encodage' }).click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')

    await page.goto('/applications')
    await expect(page.getByTestId('application-card').first()).toBeVisible()
    await checkPage(page, `applications-${size.name}`)
    await page.screenshot({ path: testInfo.outputPath(`readme-applications-${size.name}.png`) })
    await page.getByRole('button', { name: 'Nouvelle application' }).click()
    const form = page.getByRole('dialog', { name: 'Nouvelle application' })
    await form.getByLabel('Nom de l’application').fill(`Audit ${size.name} ${Date.now()}`)
    await form.getByRole('button', { name: 'Créer l’application' }).click()
    await expect(page.getByRole('alertdialog', { name: 'Application créée' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: testInfo.outputPath(`applications-secret-${size.name}.png`) })
    expect(errors).toEqual([])
  })
}
