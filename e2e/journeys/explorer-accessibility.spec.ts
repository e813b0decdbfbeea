// axe scans (0 violations) of the explorer and of an establishment's record at desktop and phone
// widths, with a screenshot of each as a test artifact.
import AxeBuilder from '@axe-core/playwright'
import { bffSearch, expect, test, waitForMap, waitForResults } from '../support/explorer'

for (const width of [1280, 375]) {
  test(`explorer and record pages pass axe at ${width} px`, async ({ page }, testInfo) => {
    // Three full axe scans (the results are laid out as a table and as cards) and two full-page
    // screenshots: up to 10 s each on a loaded two-core machine.
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: width > 400 ? 900 : 812 })
    const sample = (await bffSearch(page, 'page=2&size=1')).etablissements[0]!

    await page.goto('/?effectif=11')
    await waitForResults(page)
    // On a phone the map comes after the results: it loads once scrolled to.
    await page.getByTestId('results-map').scrollIntoViewIfNeeded()
    await waitForMap(page)
    // Nothing wider than the screen but the table's own scrolling region.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: testInfo.outputPath(`explorer-${width}.png`), fullPage: true })
    const explorer = await new AxeBuilder({ page }).analyze()
    expect(explorer.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])

    // With the suggestions open.
    await page.getByRole('combobox', { name: 'Commune' }).fill('saint')
    await expect(page.getByRole('listbox', { name: 'Commune' })).toBeVisible()
    const open = await new AxeBuilder({ page }).analyze()
    expect(open.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])

    await page.goto(`/etablissements/${sample.siret}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sample.entreprise)
    await page.screenshot({ path: testInfo.outputPath(`establishment-${width}.png`), fullPage: true })
    const record = await new AxeBuilder({ page }).analyze()
    expect(record.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
  })
}

test('keyboard: the form is reached in order and the focus is visible', async ({ page }) => {
  await page.goto('/')
  await waitForResults(page)
  await page.getByLabel('Nom, SIRET ou SIREN').focus()
  const order: string[] = []
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab')
    order.push(
      await page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || ''),
    )
  }
  expect(order).toEqual([
    'recherche-commune',
    'recherche-zone',
    'recherche-naf',
    'recherche-effectif',
    'Rechercher',
    'Réinitialiser',
  ])
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)
  expect(outline).toBe('solid')
})
