// The search lives in the address: a reload restores it (fields, page, results) and the back
// button returns to the previous search.
import { bffSearch, expect, shownSirets, test, waitForResults } from '../support/explorer'

test('reload and back button restore the search', async ({ page }) => {
  const sample = (await bffSearch(page, 'page=11&size=1')).etablissements[0]!
  await page.goto('/')
  await waitForResults(page)
  await page.getByLabel('Tranche d’effectif').selectOption(sample.effectif_details.tranche_code)
  await page.getByRole('combobox', { name: 'Activité (NAF)' }).fill(sample.code_naf)
  const option = page.getByRole('option', { name: new RegExp(`^${sample.code_naf.replace('.', '\\.')} · `) })
  await option.click()
  await page.getByRole('button', { name: 'Rechercher' }).click()
  await expect(page).toHaveURL(new RegExp(`naf=${sample.code_naf}`))
  await waitForResults(page)
  const searched = page.url()
  const sirets = await shownSirets(page)
  expect(sirets.length).toBeGreaterThan(0)

  await page.reload()
  await waitForResults(page)
  await expect(page.getByRole('combobox', { name: 'Activité (NAF)' })).toHaveValue(
    `${sample.code_naf} · ${sample.libelle_naf}`,
  )
  await expect(page.getByLabel('Tranche d’effectif')).toHaveValue(sample.effectif_details.tranche_code)
  expect(await shownSirets(page)).toEqual(sirets)

  // Another search, then back: the previous address, fields and results again.
  await page.getByLabel('Nom, SIRET ou SIREN').fill(sample.siret)
  await page.getByRole('button', { name: 'Rechercher' }).click()
  await expect(page).toHaveURL(/q=\d{14}/)
  await waitForResults(page)
  await expect(page.getByTestId('results-total')).toHaveText('1 établissement')
  await page.goBack()
  await expect(page).toHaveURL(searched)
  await waitForResults(page)
  await expect(page.getByLabel('Nom, SIRET ou SIREN')).toHaveValue('')
  expect(await shownSirets(page)).toEqual(sirets)

  // A shared address opens on the same search.
  const shared = await page.context().newPage()
  await shared.goto(searched)
  await waitForResults(shared)
  expect(await shownSirets(shared)).toEqual(sirets)
  await expect(shared.getByRole('combobox', { name: 'Activité (NAF)' })).toHaveValue(
    `${sample.code_naf} · ${sample.libelle_naf}`,
  )
  await shared.close()
})
