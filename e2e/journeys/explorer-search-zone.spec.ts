// Staff search the establishments of a zone (a region, through its autocomplete).
import { bffSearch, expect, pickSuggestion, resultRows, test, waitForResults } from '../support/explorer'

const BRETAGNE_DEPARTEMENTS = ['22', '29', '35', '56']

test('search by zone: a region picked by name', async ({ page }) => {
  await page.goto('/')
  await waitForResults(page)
  await pickSuggestion(page, 'Zone', 'bretagne', /^Bretagne \(région 53\)/)
  await page.getByRole('button', { name: 'Rechercher' }).click()
  await expect(page).toHaveURL(/zone=[0-9a-f-]{36}/)
  await waitForResults(page)
  const zone = new URL(page.url()).searchParams.get('zone')!
  const expected = await bffSearch(page, `search[zone_id]=${zone}&size=1`)
  expect(expected.total).toBeGreaterThan(0)
  await expect(page.getByTestId('results-total')).toHaveText(
    `${expected.total.toLocaleString('fr-FR')} établissement${expected.total > 1 ? 's' : ''}`,
  )
  const communes = await resultRows(page).locator('td:nth-child(3) .cell-detail').allInnerTexts()
  expect(communes.length).toBeGreaterThan(0)
  for (const commune of communes) {
    const code = /\((\w{5})\)/.exec(commune)?.[1] ?? ''
    expect(BRETAGNE_DEPARTEMENTS).toContain(code.slice(0, 2))
  }
  // Combined with a headcount band: fewer or as many results, all in the band.
  await page.getByLabel('Tranche d’effectif').selectOption({ label: '0 salarié' })
  await page.getByRole('button', { name: 'Rechercher' }).click()
  await expect(page).toHaveURL(/effectif=00/)
  await waitForResults(page)
  const band = await bffSearch(page, `search[zone_id]=${zone}&search[tranche_effectif]=00&size=1`)
  expect(band.total).toBeLessThanOrEqual(expected.total)
  if (band.total > 0) {
    const cells = await resultRows(page).locator('td:nth-child(5)').allInnerTexts()
    expect(cells).toHaveLength(Math.min(band.total, 50))
    for (const cell of cells) {
      expect(cell).toMatch(/^0 salarié$|^0 \(saisi\)$/)
    }
  }
})
