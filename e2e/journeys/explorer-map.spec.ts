// The map draws the search's points (MapLibre's rendered features), zooms into a cluster on click,
// and opens a popup listing a point's establishments with links. Logs how long the map of every
// establishment (up to 10,000 points) takes to be idle once its data has arrived.
import type { Page } from '@playwright/test'
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl'
import { bffSearch, expect, test, waitForMap, waitForResults } from '../support/explorer'

declare global {
  interface Window {
    __explorerMap?: MapLibreMap
  }
}

/** Rendered features of the establishment layers: clusters and single points. */
const renderedCounts = (page: Page) =>
  page.evaluate(() => {
    const map = window.__explorerMap!
    const features = map.queryRenderedFeatures({ layers: ['groupes', 'points'] })
    return {
      clusters: features.filter((f) => f.properties.cluster).length,
      points: features.filter((f) => !f.properties.cluster).length,
      clustered: features.reduce((n, f) => n + (Number(f.properties.point_count) || 0), 0),
    }
  })

test('the map draws every located result, and a cluster zooms in on click', async ({ page }, testInfo) => {
  await page.goto('/')
  await waitForResults(page)
  const points = await waitForMap(page)
  const idleMs = Number(await page.getByTestId('results-map').getAttribute('data-idle-ms'))
  // The establishments of the points, and the points inside the fitted view (metropolitan France:
  // overseas points are a pan away).
  const { located, inView } = await page.evaluate(async () => {
    const response = await fetch('/bff/etablissements/points', { headers: { Accept: 'application/json' } })
    const body = (await response.json()) as {
      features: Array<{
        geometry: { coordinates: [number, number] }
        properties: { etablissements: unknown[] }
      }>
    }
    const bounds = window.__explorerMap!.getBounds()
    return {
      located: body.features.reduce((n, f) => n + f.properties.etablissements.length, 0),
      inView: body.features.filter((f) => bounds.contains(f.geometry.coordinates)).length,
    }
  })
  // Again with a warm map: the same points set on the source, until the map is idle.
  const warmMs = await page.evaluate(async () => {
    const map = window.__explorerMap!
    const source = map.getSource<GeoJSONSource>('etablissements')!
    const data = await source.getData()
    const started = performance.now()
    const idle = new Promise((resolve) => map.once('idle', resolve))
    void source.setData(data)
    await idle
    return Math.round(performance.now() - started)
  })
  console.log(
    `[explorer-map] ${points} points (${located} establishments): idle ${idleMs} ms after the data arrived ` +
      `(first load; includes the map's start when it was not ready yet), ${warmMs} ms for the same points on a warm map`,
  )
  testInfo.annotations.push({
    type: 'map idle (ms)',
    description: `${idleMs} after the data arrived, ${warmMs} warm, for ${points} points`,
  })
  expect(points).toBeGreaterThan(1000)

  const counts = await renderedCounts(page)
  expect(counts.clusters).toBeGreaterThan(0)
  // Every point of the view is drawn, alone or in a cluster.
  expect(inView).toBeGreaterThan(points * 0.9)
  expect(counts.clustered + counts.points).toBe(inView)
  await page.screenshot({ path: testInfo.outputPath('explorer-map.png'), fullPage: true })

  // Click the biggest cluster: the map zooms to where it splits.
  const target = await page.evaluate(() => {
    const map = window.__explorerMap!
    const clusters = map
      .queryRenderedFeatures({ layers: ['groupes'] })
      .sort((a, b) => Number(b.properties.point_count) - Number(a.properties.point_count))
    const geometry = clusters[0]!.geometry as unknown as { coordinates: [number, number] }
    const pixel = map.project(geometry.coordinates as [number, number])
    return { x: pixel.x, y: pixel.y, zoom: map.getZoom() }
  })
  await page.locator('.results-map canvas').click({ position: { x: target.x, y: target.y } })
  await expect
    .poll(() => page.evaluate(() => window.__explorerMap!.getZoom()))
    .toBeGreaterThan(target.zoom + 0.5)
})

test('a point opens a popup listing its establishments, with links', async ({ page }) => {
  // A located establishment, found through the BFF.
  const candidates = (await bffSearch(page, 'page=5&size=20')).etablissements
  let siret = ''
  for (const candidate of candidates) {
    const record = (await (await page.request.get(`/bff/etablissements/${candidate.siret}`)).json()) as {
      coordonnees: unknown
    }
    if (record.coordonnees) {
      siret = candidate.siret
      break
    }
  }
  expect(siret).not.toBe('')
  const sample = candidates.find((c) => c.siret === siret)!

  await page.goto(`/?q=${siret}`)
  await waitForResults(page)
  expect(await waitForMap(page)).toBe(1)
  await expect.poll(async () => (await renderedCounts(page)).points).toBe(1)
  const pixel = await page.evaluate(() => {
    const map = window.__explorerMap!
    const feature = map.queryRenderedFeatures({ layers: ['points'] })[0]!
    const p = map.project(
      (feature.geometry as unknown as { coordinates: [number, number] }).coordinates as [number, number],
    )
    return { x: p.x, y: p.y }
  })
  await page.locator('.results-map canvas').click({ position: pixel })
  const popup = page.getByTestId('map-popup')
  await expect(popup).toBeVisible()
  await expect(popup).toContainText(/établissements? à cette adresse/)
  const link = popup.getByRole('link', { name: sample.entreprise })
  await expect(link).toBeVisible()
  await link.click()
  await expect(page).toHaveURL(`/etablissements/${siret}`)
  await expect(page.getByTestId('establishment-map')).toBeVisible()
  // The record's small map draws the position.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const map = (window as unknown as { __establishmentMap?: MapLibreMap }).__establishmentMap
        return map?.loaded() ? map.queryRenderedFeatures({ layers: ['position'] }).length : 0
      }),
    )
    .toBe(1)
})
