// Places and forgiving pickers: Lyon's restaurants by mouse and by keyboard (Lyon standing for its
// arrondissements, « restaurant » for its NAF activity), abbreviations, a postal code's communes,
// and several communes in one search — each count equal to the API's.
import type { Page } from '@playwright/test'
import { bffSearch, expect, test, waitForResults } from '../support/explorer'

const LYON_RESTAURANTS = 'search[code_commune]=69123&search[code_naf]=56.10A&size=1'

async function expectTotal(page: Page, total: number) {
  await waitForResults(page)
  await expect(page.getByTestId('results-total')).toHaveText(
    total === 0
      ? 'Aucun établissement'
      : `${total.toLocaleString('fr-FR')} établissement${total > 1 ? 's' : ''}`,
  )
}

test('Lyon restaurants with the mouse', async ({ page }) => {
  const expected = (await bffSearch(page, LYON_RESTAURANTS)).total
  const arrondissements = (await bffSearch(page, 'search[code_commune]=69123&size=1')).total
  expect(arrondissements).toBeGreaterThan(0)
  await page.goto('/')
  await waitForResults(page)
  await page.getByRole('combobox', { name: 'Commune' }).fill('Lyon')
  await page.getByRole('option', { name: /^Lyon \(69123\)/ }).click()
  await page.getByRole('combobox', { name: 'Activité (NAF)' }).fill('restaurant')
  await page.getByRole('option', { name: /56\.10A/ }).click()
  await page.getByRole('button', { name: 'Rechercher' }).click()
  await expect(page).toHaveURL(/commune=69123/)
  await expect(page).toHaveURL(/naf=56\.10A/)
  await expectTotal(page, expected)
})

test('Lyon restaurants with the keyboard: Tab and Enter pick the best match', async ({ page }) => {
  const expected = (await bffSearch(page, LYON_RESTAURANTS)).total
  await page.goto('/')
  await waitForResults(page)
  const commune = page.getByRole('combobox', { name: 'Commune' })
  await commune.fill('Lyon')
  await commune.press('Tab')
  await expect(page.getByRole('list', { name: 'Communes choisies' })).toContainText('Lyon (69123)')
  const naf = page.getByRole('combobox', { name: 'Activité (NAF)' })
  await naf.fill('restaurant')
  await naf.press('Enter')
  await expect(page).toHaveURL(/commune=69123/)
  await expect(page).toHaveURL(/naf=56\.10A/)
  await expectTotal(page, expected)
})

test('abbreviated communes and a postal code standing for all of its communes', async ({ page }) => {
  await page.goto('/')
  await waitForResults(page)
  const commune = page.getByRole('combobox', { name: 'Commune' })
  await commune.fill('St Malo')
  await commune.press('Enter')
  await expect(page).toHaveURL(/commune=35288/)
  const chosen = page.getByRole('list', { name: 'Communes choisies' })
  await expect(chosen).toContainText('Saint-Malo (35288)')

  await commune.fill('ste-maxime')
  await page.getByRole('option', { name: /Sainte-Maxime \(83115\)/ }).click()
  await commune.fill('01400')
  const group = page.getByRole('option', { name: /^Les \d+ communes du code postal 01400/ })
  const label = await group.locator('.option-label').innerText()
  const count = Number(/Les (\d+)/.exec(label)![1])
  await group.click()
  await expect(chosen.getByRole('listitem')).toHaveCount(2 + count)
  await page.getByRole('button', { name: 'Rechercher' }).click()
  await expect(page).toHaveURL(/commune=35288%2C83115%2C/)
  const codes = decodeURIComponent(new URL(page.url()).searchParams.get('commune') ?? '').split(',')
  expect(codes).toHaveLength(2 + count)
  const expected = (
    await bffSearch(page, `${codes.map((c) => `search[code_commune]=${c}`).join('&')}&size=1`)
  ).total
  await expectTotal(page, expected)

  // A commune removed from the list.
  await chosen.getByRole('button', { name: 'Retirer Saint-Malo (35288)' }).click()
  await expect(chosen).not.toContainText('Saint-Malo')
})
