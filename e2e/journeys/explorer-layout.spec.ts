// The explorer's layout: nothing moves while a search loads (cumulative layout shift measured by
// Chromium under 0.05), the results are in the first screen at 1400×900 (beside the map), and at
// 375 px they are cards with unbroken SIRETs, a legend that wraps within the page and popups inside
// the map.
import type { Page } from '@playwright/test'
import { clickFirstPoint, expect, resultRows, test, waitForMap, waitForResults } from '../support/explorer'

const LYON_RESTAURANTS = '/?commune=69123&naf=56.10A'

/** Records Chromium's layout shifts (those not caused by input) from the start of the page. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; sources: string[] }> = []
    ;(window as unknown as { __shifts: typeof shifts }).__shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
      >) {
        if (entry.hadRecentInput) continue
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) => (s.node as Element | undefined)?.className ?? '?'),
        })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

const layoutShift = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __shifts: Array<{ value: number; sources: string[] }> }).__shifts,
  )

for (const viewport of [
  { width: 1400, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`no layout shift while a search loads at ${viewport.width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport)
    await recordLayoutShifts(page)
    await page.goto(LYON_RESTAURANTS)
    await waitForResults(page)
    if (viewport.width > 1000) await waitForMap(page)
    const shifts = await layoutShift(page)
    const cls = shifts.reduce((sum, s) => sum + s.value, 0)
    testInfo.annotations.push({ type: 'CLS', description: `${cls.toFixed(4)} at ${viewport.width} px` })
    console.log(`[explorer-layout] CLS ${cls.toFixed(4)} at ${viewport.width} px`, JSON.stringify(shifts))
    expect(cls).toBeLessThan(0.05)
  })
}

test('at 1400×900 the results are in the first screen, beside the map', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 })
  await page.goto(LYON_RESTAURANTS)
  await waitForResults(page)
  await waitForMap(page)
  const row = (await resultRows(page).first().boundingBox())!
  expect(row.y + row.height).toBeLessThanOrEqual(900)
  const map = (await page.getByTestId('results-map').boundingBox())!
  const table = (await page.locator('.results-table').boundingBox())!
  expect(map.x).toBeGreaterThanOrEqual(table.x + table.width)
  expect(map.y).toBeLessThan(900)
  await expect(page.locator('.result-cards')).toBeHidden()
})

test('at 375 px: cards, unbroken SIRETs, a legend within the page, a popup inside the map', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto(LYON_RESTAURANTS)
  await waitForResults(page)
  await expect(page.locator('.results-table')).toBeHidden()
  const cards = page.locator('.result-card')
  await expect(cards.first()).toBeVisible()
  expect(await cards.count()).toBe(await page.locator('.results-table tbody tr').count())
  // A SIRET is one line, whatever the card's width.
  for (const siret of await page.locator('.result-card .siret').all()) {
    const box = (await siret.boundingBox())!
    const lineHeight = await siret.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight))
    expect(box.height).toBeLessThan(lineHeight * 1.5)
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)

  // The legend's entries wrap within it, each symbol beside its text.
  const legend = (await page.locator('.map-legend').boundingBox())!
  for (const entry of await page.locator('.map-legend li').all()) {
    const box = (await entry.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(legend.x + legend.width + 0.5)
    const symbol = (await entry.locator('.legend-symbol').boundingBox())!
    expect(symbol.y).toBeLessThan(box.y + box.height / 2 + 12)
  }

  await page.getByTestId('results-map').scrollIntoViewIfNeeded()
  await waitForMap(page)
  await page.screenshot({ path: testInfo.outputPath('explorer-375.png'), fullPage: true })
  await clickFirstPoint(page)
  await expect(page.getByTestId('map-popup')).toBeVisible()
  await expect(page.getByTestId('map-popup')).toContainText('SIRET')
  const frame = (await page.getByTestId('results-map').boundingBox())!
  const popup = (await page.locator('.maplibregl-popup').boundingBox())!
  expect(popup.x).toBeGreaterThanOrEqual(frame.x)
  expect(popup.x + popup.width).toBeLessThanOrEqual(frame.x + frame.width)
  expect(popup.y).toBeGreaterThanOrEqual(frame.y)
  expect(popup.y + popup.height).toBeLessThanOrEqual(frame.y + frame.height)
})
