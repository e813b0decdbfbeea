// Staff pick a commune in the autocomplete (keyboard only) and get its establishments; a text that
// matches no commune is said next to the field and stops the search.
import { bffSearch, expect, pickSuggestion, resultRows, test, waitForResults } from '../support/explorer'

test('search by commune picked from the suggestions', async ({ page }) => {
  const sample = (await bffSearch(page, 'page=7&size=1')).etablissements[0]!
  const expected = await bffSearch(page, `search[code_commune]=${sample.code_commune}&size=100`)

  await page.goto('/')
  await waitForResults(page)
  await pickSuggestion(
    page,
    'Commune',
    sample.libelle_commune,
    `${sample.libelle_commune} (${sample.code_commune})`,
  )
  await expect(page.getByRole('list', { name: 'Communes choisies' })).toContainText(
    `${sample.libelle_commune} (${sample.code_commune})`,
  )
  await expect(page.getByRole('combobox', { name: 'Commune' })).toHaveValue('')
  await page.getByRole('button', { name: 'Rechercher' }).click()
  await expect(page).toHaveURL(new RegExp(`commune=${sample.code_commune}`))
  await waitForResults(page)
  const total = expected.total
  await expect(page.getByTestId('results-total')).toHaveText(
    `${total.toLocaleString('fr-FR')} établissement${total > 1 ? 's' : ''}`,
  )
  const communes = await resultRows(page).locator('td:nth-child(3) .cell-detail').allInnerTexts()
  expect(communes.length).toBe(Math.min(total, 50))
  for (const commune of communes) expect(commune).toContain(`(${sample.code_commune})`)
})

test('the commune suggestions follow the combobox pattern', async ({ page }) => {
  await page.goto('/')
  const field = page.getByRole('combobox', { name: 'Commune' })
  await field.fill('rennes')
  const listbox = page.getByRole('listbox', { name: 'Commune' })
  await expect(listbox.getByRole('option').first()).toHaveText(/Rennes \(35238\)/)
  await expect(field).toHaveAttribute('aria-expanded', 'true')
  await field.press('ArrowDown')
  const active = await field.getAttribute('aria-activedescendant')
  await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true')
  await field.press('Escape')
  await expect(listbox).toBeHidden()
  await expect(field).toHaveAttribute('aria-expanded', 'false')
  await field.press('Escape')
  await expect(field).toHaveValue('')
  // By postal code too.
  await field.fill('35000')
  await expect(listbox.getByRole('option').first()).toHaveText(/Rennes \(35238\)/)
})

test('a commune matching nothing is said visibly and stops the search', async ({ page }) => {
  await page.goto('/')
  await waitForResults(page)
  const field = page.getByRole('combobox', { name: 'Commune' })
  await field.fill('Rennexyz')
  await page.getByRole('button', { name: 'Rechercher' }).click()
  const message = page.getByText('Aucune commune ne correspond à « Rennexyz ».')
  await expect(message).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(/Aucune commune ne correspond/)
  await expect(page).not.toHaveURL(/commune=/)
})
