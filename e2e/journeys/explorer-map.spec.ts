// The map tells the truth about its view: the groups and single establishments drawn (with their
// counts as labels) add up to what GET /bff/etablissements/clusters counts for the same view and
// search; panning and zooming with the mouse asks again and the counts change; a request for a view
// left behind is cancelled; a click on a group zooms into it; a point opens its establishment's
// popup; commune names appear at city zooms; nothing is fetched from another server; the map's
// keyboard focus is visible.
import type { Page } from '@playwright/test'
import type { Map as MapLibreMap } from 'maplibre-gl'
import {
  clickFirstPoint,
  expect,
  test,
  waitForMap,
  waitForResults,
  type MapViewState,
} from '../support/explorer'

declare global {
  interface Window {
    __explorerMap?: MapLibreMap
  }
}

interface Drawn {
  groups: number
  singles: number
  labels: string[]
  sum: number
}

/** The establishments' features the map has drawn in its view, and their labels. */
const drawn = (page: Page) =>
  page.evaluate((): Drawn => {
    const map = window.__explorerMap!
    const features = map.queryRenderedFeatures({ layers: ['groupes', 'points'] })
    // A feature may be drawn in several tiles: count each once (by its id).
    const unique = new Map(features.map((f) => [f.id, f]))
    const labels = map.queryRenderedFeatures({ layers: ['groupes-nombres'] })
    return {
      groups: [...unique.values()].filter((f) => Number(f.properties.count) > 1).length,
      singles: [...unique.values()].filter((f) => Number(f.properties.count) === 1).length,
      labels: [...new Map(labels.map((f) => [f.id, String(f.properties.label)])).values()],
      sum: [...unique.values()].reduce((n, f) => n + Number(f.properties.count), 0),
    }
  })

/** The clusters the BFF counts for the map's view and the address's search. */
async function apiView(page: Page, state: MapViewState): Promise<{ total: number; features: number }> {
  const search = new URL(page.url()).searchParams
  const params = new URLSearchParams()
  if (search.get('commune')) params.set('search[code_commune]', search.get('commune')!)
  if (search.get('naf')) params.set('search[code_naf]', search.get('naf')!)
  const response = await page.request.get(`/bff/etablissements/clusters?${params}&${state.view}`)
  expect(response.status()).toBe(200)
  const body = (await response.json()) as { total: number; features: unknown[] }
  return { total: body.total, features: body.features.length }
}

/** Checks that the map draws exactly what the API counts for its view. */
async function expectTruthful(page: Page, state: MapViewState) {
  const api = await apiView(page, state)
  expect(state.inView).toBe(api.total)
  expect(state.features).toBe(api.features)
  const shown = await drawn(page)
  // Every feature of the view is drawn (the view is the box asked for), labels on every group.
  expect(shown.groups + shown.singles).toBe(api.features)
  expect(shown.sum).toBe(api.total)
  expect(shown.labels).toHaveLength(shown.groups)
}

test('the view holds what the API counts; panning and zooming with the mouse change the counts', async ({
  page,
}) => {
  const foreign: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith('http://localhost:') && !request.url().startsWith('data:')) {
      foreign.push(request.url())
    }
  })
  await page.goto('/')
  await waitForResults(page)
  const france = await waitForMap(page)
  expect(france.inView).toBeGreaterThan(1000)
  await expectTruthful(page, france)
  const note = page.getByTestId('map-note')
  await expect(note).toContainText(
    `${france.inView.toLocaleString('fr-FR')} des ${france.located.toLocaleString('fr-FR')} établissements situés`,
  )
  // Large groups say their count; none is red.
  const labels = (await drawn(page)).labels
  expect(labels.some((l) => /^\d[\d\s]*$/.test(l))).toBe(true)

  // Zoom in with the map's button: a smaller view, fewer establishments, counted again.
  await page.getByRole('button', { name: 'Zoom avant' }).click()
  const zoomed = await waitForMap(page, france.view)
  expect(zoomed.inView).toBeLessThan(france.inView)
  await expectTruthful(page, zoomed)

  // Drag the map with the mouse: another view, other counts.
  const canvas = page.locator('.results-map canvas')
  const box = (await canvas.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 60, { steps: 8 })
  await page.mouse.up()
  const panned = await waitForMap(page, zoomed.view)
  expect(panned.inView).not.toBe(zoomed.inView)
  await expectTruthful(page, panned)

  // A click on the largest group zooms to its extent.
  const target = await page.evaluate(() => {
    const map = window.__explorerMap!
    const groups = map
      .queryRenderedFeatures({ layers: ['groupes'] })
      .sort((a, b) => Number(b.properties.count) - Number(a.properties.count))
    const geometry = groups[0]!.geometry as unknown as { coordinates: [number, number] }
    const pixel = map.project(geometry.coordinates)
    return { x: pixel.x, y: pixel.y, zoom: map.getZoom() }
  })
  await canvas.click({ position: target })
  const inside = await waitForMap(page, panned.view)
  expect(Number(/zoom=([\d.]+)/.exec(inside.view)![1])).toBeGreaterThan(target.zoom + 0.5)
  await expectTruthful(page, inside)

  expect(foreign, 'requests to other servers').toEqual([])
})

test('a request for a view left behind is cancelled', async ({ page }) => {
  await page.goto('/')
  const first = await waitForMap(page)
  // Hold every clusters request from now on.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/bff/etablissements/clusters?**', async (route) => {
    await held
    await route.continue().catch(() => {})
  })
  const failed: string[] = []
  page.on('requestfailed', (request) => {
    if (request.url().includes('/bff/etablissements/clusters')) failed.push(request.url())
  })
  const zoomIn = page.getByRole('button', { name: 'Zoom avant' })
  const stale = page.waitForRequest('**/bff/etablissements/clusters?**')
  await zoomIn.click()
  const staleUrl = (await stale).url()
  await zoomIn.click()
  await page.waitForRequest((r) => r.url().includes('/bff/etablissements/clusters') && r.url() !== staleUrl)
  await expect.poll(() => failed).toContain(staleUrl)
  release()
  const last = await waitForMap(page, first.view)
  expect(staleUrl).not.toContain(last.view)
})

test('Lyon: commune names at city zoom, and a point opens its popup inside the map', async ({ page }) => {
  await page.goto('/?commune=69123&naf=56.10A')
  await waitForResults(page)
  const lyon = await waitForMap(page)
  const total = Number((await page.getByTestId('results-total').innerText()).replace(/\D/g, '') || '0')
  // Every located restaurant of Lyon is in the fitted view.
  expect(lyon.inView).toBe(lyon.located)
  expect(lyon.located).toBeLessThanOrEqual(total)
  await expectTruthful(page, lyon)
  await expect
    .poll(() =>
      page.evaluate(() =>
        window
          .__explorerMap!.queryRenderedFeatures({ layers: ['communes-noms'] })
          .map((f) => String(f.properties.nom)),
      ),
    )
    .toEqual(expect.arrayContaining([expect.stringMatching(/Villeurbanne|Lyon|Caluire/)]))

  await clickFirstPoint(page)
  const popup = page.getByTestId('map-popup')
  await expect(popup).toBeVisible()
  await expect(popup).toContainText('Restauration traditionnelle')
  const link = popup.getByRole('link')
  await expect(link).toHaveAttribute('href', /^\/etablissements\/\d{14}$/)
  const frame = (await page.getByTestId('results-map').boundingBox())!
  const shown = (await page.locator('.maplibregl-popup').boundingBox())!
  expect(shown.x).toBeGreaterThanOrEqual(frame.x)
  expect(shown.x + shown.width).toBeLessThanOrEqual(frame.x + frame.width)
  await link.click()
  await expect(page).toHaveURL(/\/etablissements\/\d{14}$/)
})

test('the map is reached with the keyboard and its focus is visible', async ({ page }) => {
  await page.goto('/?commune=69123')
  await waitForMap(page)
  const canvas = page.locator('.results-map canvas')
  await page.getByRole('button', { name: 'Zoom avant' }).focus()
  await page.keyboard.press('Shift+Tab')
  await expect(canvas).toBeFocused()
  const outline = await canvas.evaluate((el) => {
    const style = getComputedStyle(el)
    return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor }
  })
  expect(outline).toEqual({ style: 'solid', width: '3px', color: 'rgb(10, 118, 246)' })
  // The arrows move the map: a new view.
  const before = (await page.getByTestId('results-map').getAttribute('data-view'))!
  await page.keyboard.press('ArrowRight')
  await waitForMap(page, before)
})
