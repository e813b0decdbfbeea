// Staff search establishments by name and by SIRET in the explorer, then open a record.
import AxeBuilder from '@axe-core/playwright'
import { bffSearch, expect, resultRows, shownSirets, test, waitForResults } from '../support/explorer'

test('search by name, then by SIRET, and open the record', async ({ page }, testInfo) => {
  const sample = (await bffSearch(page, 'page=3&size=1')).etablissements[0]!
  const word = sample.entreprise.split(/\s+/).find((w) => w.length >= 4) ?? sample.entreprise

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Explorateur d’établissements' })).toBeVisible()
  await waitForResults(page)

  await page.getByLabel('Nom, SIRET ou SIREN').fill(word)
  await page.getByRole('button', { name: 'Rechercher' }).click()
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(word)}`))
  await waitForResults(page)
  await expect(resultRows(page).first()).toBeVisible()
  // The name column holds the name and the trade name: every row carries the word in one of them.
  const names = await resultRows(page).locator('td:nth-child(2)').allInnerTexts()
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase()
  expect(names.length).toBeGreaterThan(0)
  for (const name of names) expect(fold(name)).toContain(fold(word))

  await page.getByLabel('Nom, SIRET ou SIREN').fill(sample.siret)
  await page.getByLabel('Nom, SIRET ou SIREN').press('Enter')
  await waitForResults(page)
  await expect(page.getByTestId('results-total')).toHaveText('1 établissement')
  expect(await shownSirets(page)).toEqual([sample.siret])
  await page.screenshot({ path: testInfo.outputPath('explorer-siret.png'), fullPage: true })

  await page.getByRole('link', { name: sample.siret }).click()
  await expect(page).toHaveURL(`/etablissements/${sample.siret}`)
  await expect(page.getByRole('heading', { level: 1, name: sample.entreprise })).toBeVisible()
  const record = page.getByTestId('establishment-record')
  await expect(record).toContainText(sample.adresse)
  await expect(record).toContainText(sample.libelle_naf)
  await page.screenshot({ path: testInfo.outputPath('establishment.png'), fullPage: true })
  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
})

test.describe('validation', () => {
  test.use({ expectedStatuses: [400] })
  test('a text too long is explained next to the field', async ({ page }) => {
    await page.goto('/')
    await page.getByLabel('Nom, SIRET ou SIREN').fill('x'.repeat(201))
    await page.getByRole('button', { name: 'Rechercher' }).click()
    const field = page.getByLabel('Nom, SIRET ou SIREN')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(page.locator('#recherche-texte-erreur')).toHaveText(
      'Le texte recherché dépasse 200 caractères.',
    )
    await expect(field).toHaveAccessibleDescription('Le texte recherché dépasse 200 caractères.')
  })
})
