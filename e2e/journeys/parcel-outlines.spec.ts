// Parcel outlines on the staff's maps: from zoom 16 the record page's map and the explorer's map ask
// GET /bff/cadastre/parcelles for their view and draw its parcels as a line layer under the
// establishments; below zoom 16 nothing is asked for and the layer holds nothing; the request of a
// view left behind is cancelled. The maps are read through their test hooks
// (window.__establishmentMap, window.__explorerMap), and what they draw from their WebGL canvas:
// the outlines' brown pixels at a corner of parcels (the synthetic parcels are large: a
// street-level view inside one of them shows no outline).
import type { Page, Request } from '@playwright/test'
import type { Map as MapLibreMap } from 'maplibre-gl'
import type { EstablishmentDetailWire } from '@/lib/establishments/serialise'
import { bffSearch, expect, test, waitForMap, waitForResults } from '../support/explorer'

declare global {
  interface Window {
    __explorerMap?: MapLibreMap
    __establishmentMap?: MapLibreMap
  }
}

type Hook = '__explorerMap' | '__establishmentMap'
type Outlines = {
  type: string
  features: Array<{
    geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] }
    properties: { id: string }
  }>
}

const SOURCE = 'parcelles'
const LAYER = 'parcelles-contours'
/** Longer than the maps' debounce (250 ms) with a wide margin: a request would have left by then. */
const QUIET_MS = 1500

const isOutlines = (request: Request) => new URL(request.url()).pathname === '/bff/cadastre/parcelles'

/** Records every outlines request the page sends. */
function outlineRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    if (isOutlines(request)) seen.push(request.url())
  })
  return seen
}

/** An establishment of Rennes with a position over parcels (its street-level box holds some). */
async function establishmentOverParcels(page: Page): Promise<{ siret: string; lon: number; lat: number }> {
  const { etablissements } = await bffSearch(page, 'search[code_commune]=35238&page=1&size=30')
  for (const { siret } of etablissements) {
    const detail = (await (
      await page.request.get(`/bff/etablissements/${siret}`)
    ).json()) as EstablishmentDetailWire
    if (!detail.coordonnees) continue
    const { longitude: lon, latitude: lat } = detail.coordonnees
    const box = [lon - 0.002, lat - 0.0015, lon + 0.002, lat + 0.0015].map((v) => v.toFixed(5)).join(',')
    const outlines = await page.request.get(`/bff/cadastre/parcelles?bbox=${box}`)
    expect(outlines.status()).toBe(200)
    if (((await outlines.json()) as { features: unknown[] }).features.length > 0) return { siret, lon, lat }
  }
  throw new Error('no establishment of Rennes over parcels in the seeded data')
}

/** Waits for the map of `hook` to be loaded and idle. */
async function idle(page: Page, hook: Hook) {
  await page.waitForFunction((name) => Boolean(window[name as Hook]?.loaded()), hook)
  await page.evaluate(
    (name) =>
      new Promise<void>((resolve) => {
        const map = window[name as Hook]!
        map.once('idle', () => resolve())
        map.triggerRepaint()
      }),
    hook,
  )
}

/** What the map holds of the parcels: the layer, its place under `above`, the source's features. */
const layerState = (page: Page, hook: Hook, above: string) =>
  page.evaluate(
    ({ name, source, layer, above }) => {
      const map = window[name as Hook]!
      const ids = map.getStyle().layers.map((l) => l.id)
      const spec = map.getLayer(layer)
      return {
        type: spec?.type ?? null,
        minzoom: spec?.minzoom ?? null,
        under: ids.indexOf(layer) >= 0 && ids.indexOf(layer) < ids.indexOf(above),
        features: new Set(map.querySourceFeatures(source).map((f) => String(f.properties.id))).size,
        zoom: map.getZoom(),
      }
    },
    { name: hook, source: SOURCE, layer: LAYER, above },
  )

/**
 * Pixels of the map's last frame in the outlines' colour (brown: red well above blue; the offline
 * style's land, water, outlines and names and the points are grey, bluish or blue). Read from the
 * WebGL drawing buffer while the frame is drawn.
 */
const brownPixels = (page: Page, hook: Hook) =>
  page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const map = window[name as Hook]!
        map.once('render', () => {
          const canvas = map.getCanvas()
          const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl'))!
          const { drawingBufferWidth: w, drawingBufferHeight: h } = gl
          const pixels = new Uint8Array(w * h * 4)
          gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, pixels)
          let count = 0
          for (let i = 0; i < pixels.length; i += 4) {
            const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!]
            if (r - b > 30 && r >= g && g >= b) count++
          }
          resolve(count)
        })
        map.triggerRepaint()
      }),
    hook,
  )

/** The first corner of the first parcel of an answer: parcels' outlines meet there. */
function corner(body: Outlines): [number, number] {
  const { geometry } = body.features[0]!
  const polygon = (geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates[0]) as Array<
    Array<[number, number]>
  >
  return polygon[0]![0]!
}

/** Moves the map to a zoom over a position and waits for its outlines answer (from zoom 16). */
async function jumpAndAwaitOutlines(page: Page, hook: Hook, lon: number, lat: number, zoom: number) {
  const response = page.waitForResponse((r) => isOutlines(r.request()))
  await page.evaluate(
    ({ name, lon, lat, zoom }) => window[name as Hook]!.jumpTo({ center: [lon, lat], zoom }),
    {
      name: hook,
      lon,
      lat,
      zoom,
    },
  )
  const answer = await response
  expect(answer.status()).toBe(200)
  const body = (await answer.json()) as Outlines
  expect(body.type).toBe('FeatureCollection')
  return body
}

test('the record page’s map draws the parcels from zoom 16 only', async ({ page }) => {
  const target = await establishmentOverParcels(page)
  const requests = outlineRequests(page)
  await page.goto(`/etablissements/${target.siret}`)
  await idle(page, '__establishmentMap')
  // At its first zoom (12) the map asks for nothing and its parcel layer is empty.
  await page.waitForTimeout(QUIET_MS)
  expect(requests).toEqual([])
  const town = await layerState(page, '__establishmentMap', 'position')
  expect(town).toMatchObject({ type: 'line', minzoom: 16, under: true, features: 0 })
  expect(await brownPixels(page, '__establishmentMap')).toBe(0)

  const body = await jumpAndAwaitOutlines(page, '__establishmentMap', target.lon, target.lat, 17)
  expect(body.features.length).toBeGreaterThan(0)
  expect(requests).toHaveLength(1)
  const bbox = new URL(requests[0]!).searchParams.get('bbox')!.split(',').map(Number)
  expect(bbox[0]).toBeLessThan(target.lon)
  expect(bbox[2]).toBeGreaterThan(target.lon)
  await expect
    .poll(async () => (await layerState(page, '__establishmentMap', 'position')).features)
    .toBeGreaterThan(0)
  const street = await layerState(page, '__establishmentMap', 'position')
  // The outlines lie under the establishment's point.
  expect(street).toMatchObject({ type: 'line', under: true })
  expect(street.features).toBeLessThanOrEqual(body.features.length)

  // At a corner of parcels, their outlines are drawn.
  const [lon, lat] = corner(body)
  const atCorner = await jumpAndAwaitOutlines(page, '__establishmentMap', lon, lat, 17)
  expect(atCorner.features.length).toBeGreaterThan(0)
  await idle(page, '__establishmentMap')
  await expect.poll(() => brownPixels(page, '__establishmentMap')).toBeGreaterThan(20)
  await page.screenshot({ path: test.info().outputPath('record-parcels.png') })
  expect(requests).toHaveLength(2)

  // Back to a town zoom: no new request, nothing drawn.
  await page.evaluate(() => window.__establishmentMap!.jumpTo({ zoom: 14 }))
  await idle(page, '__establishmentMap')
  await page.waitForTimeout(QUIET_MS)
  expect(requests).toHaveLength(2)
  await expect.poll(async () => (await layerState(page, '__establishmentMap', 'position')).features).toBe(0)
  expect(await brownPixels(page, '__establishmentMap')).toBe(0)
})

test('the explorer’s map draws the parcels under the establishments from zoom 16 only', async ({ page }) => {
  const target = await establishmentOverParcels(page)
  const requests = outlineRequests(page)
  await page.goto('/?commune=35238')
  await waitForResults(page)
  const town = await waitForMap(page)
  expect(Number(/zoom=([\d.]+)/.exec(town.view)![1])).toBeLessThan(16)
  await page.waitForTimeout(QUIET_MS)
  expect(requests).toEqual([])
  expect(await layerState(page, '__explorerMap', 'groupes')).toMatchObject({
    type: 'line',
    under: true,
    features: 0,
  })
  expect(await brownPixels(page, '__explorerMap')).toBe(0)

  const body = await jumpAndAwaitOutlines(page, '__explorerMap', target.lon, target.lat, 16.5)
  expect(body.features.length).toBeGreaterThan(0)
  const street = await waitForMap(page, town.view)
  expect(street.inView).toBeGreaterThan(0)
  await expect
    .poll(async () => (await layerState(page, '__explorerMap', 'groupes')).features)
    .toBeGreaterThan(0)
  const state = await layerState(page, '__explorerMap', 'points')
  // Under the single establishments too, and the establishment is still drawn above its parcel.
  expect(state.under).toBe(true)
  const points = await page.evaluate(
    () => window.__explorerMap!.queryRenderedFeatures({ layers: ['points', 'groupes'] }).length,
  )
  expect(points).toBeGreaterThan(0)

  // At a corner of parcels, their outlines are drawn (and the groups and points still above them).
  const [lon, lat] = corner(body)
  const atCorner = await jumpAndAwaitOutlines(page, '__explorerMap', lon, lat, 16.5)
  expect(atCorner.features.length).toBeGreaterThan(0)
  await waitForMap(page, street.view)
  await expect.poll(() => brownPixels(page, '__explorerMap')).toBeGreaterThan(20)
  await page.screenshot({ path: test.info().outputPath('explorer-parcels.png') })
})

test('an outlines request for a view left behind is cancelled', async ({ page }) => {
  const target = await establishmentOverParcels(page)
  await page.goto(`/etablissements/${target.siret}`)
  await idle(page, '__establishmentMap')
  // Hold every outlines request from now on.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/bff/cadastre/parcelles?**', async (route) => {
    await held
    await route.continue().catch(() => {})
  })
  const failed: string[] = []
  page.on('requestfailed', (request) => {
    if (isOutlines(request)) failed.push(request.url())
  })
  const move = (lon: number) =>
    page.evaluate(({ lon, lat }) => window.__establishmentMap!.jumpTo({ center: [lon, lat], zoom: 17 }), {
      lon,
      lat: target.lat,
    })
  const stale = page.waitForRequest((r) => isOutlines(r))
  await move(target.lon)
  const staleUrl = (await stale).url()
  const fresh = page.waitForRequest((r) => isOutlines(r) && r.url() !== staleUrl)
  await move(target.lon + 0.004)
  const freshUrl = (await fresh).url()
  await expect.poll(() => failed).toContain(staleUrl)
  const answer = page.waitForResponse((r) => r.url() === freshUrl)
  release()
  expect((await answer).status()).toBe(200)
  expect(failed).not.toContain(freshUrl)
})
