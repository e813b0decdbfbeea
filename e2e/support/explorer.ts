// Helpers of the explorer journeys: a test fixture failing on console errors, reading the results
// table and the map, and fetching known establishments through the BFF (the page's own session).
import { expect, test as base, type Page } from '@playwright/test'
import type { Map as MapLibreMap } from 'maplibre-gl'
import type { EstablishmentWire } from '@/lib/establishments/serialise'
import { STAFF_STORAGE } from './staff'

/**
 * Journeys signed in as staff by default; every console error fails the test, except the browser's
 * own line about a response status a test provokes on purpose (`expectedStatuses`, e.g. 400) or
 * about addresses a test leaves out of its scope (`ignoredResources`).
 */
export const test = base.extend<{
  expectedStatuses: number[]
  ignoredResources: RegExp[]
  consoleErrors: string[]
}>({
  storageState: STAFF_STORAGE.staff,
  expectedStatuses: [[], { option: true }],
  ignoredResources: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedStatuses, ignoredResources }, use) => {
      const errors: string[] = []
      const expected = expectedStatuses.map(
        (status) => `Failed to load resource: the server responded with a status of ${status} `,
      )
      page.on('console', (message) => {
        const text = message.text()
        if (message.type() !== 'error' || expected.some((e) => text.startsWith(e))) return
        const resource = text.startsWith('Failed to load resource') ? message.location().url : ''
        if (resource && ignoredResources.some((r) => r.test(resource))) return
        errors.push(resource ? `${text} ${resource}` : text)
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})
export { expect }

export interface SearchPageBody {
  total: number
  page: number
  etablissements: EstablishmentWire[]
}

/** A page of the BFF search, with the page's session (set-up data for the journeys). */
export async function bffSearch(page: Page, query: string): Promise<SearchPageBody> {
  const response = await page.request.get(`/bff/etablissements?${query}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as SearchPageBody
}

export const resultRows = (page: Page) => page.locator('.results-table tbody tr:not(.skeleton-row)')

/** SIRETs of the rows shown, once the table shows the expected count of rows. */
export async function shownSirets(page: Page): Promise<string[]> {
  return resultRows(page).locator('td:first-child').allInnerTexts()
}

/** Waits until the results of the address's search are shown (total and not loading). */
export async function waitForResults(page: Page): Promise<void> {
  await expect(page.locator('section.results')).toHaveAttribute('aria-busy', 'false')
  await expect(page.getByTestId('results-total')).toHaveText(/établissement/)
}

export interface MapViewState {
  /** Located establishments of the search in the view, and in the world. */
  inView: number
  located: number
  /** Features (groups and single establishments) drawn for the view. */
  features: number
  /** The view the counts are for: `bbox=w,s,e,n&zoom=z`. */
  view: string
}

/** What the map panel says it shows (its test attributes). */
export async function mapState(page: Page): Promise<MapViewState> {
  const frame = page.getByTestId('results-map')
  return {
    inView: Number(await frame.getAttribute('data-in-view')),
    located: Number(await frame.getAttribute('data-located')),
    features: Number(await frame.getAttribute('data-features')),
    view: (await frame.getAttribute('data-view')) ?? '',
  }
}

/**
 * Waits for the map to show the clusters of its view and be idle (after `previousView`, when
 * given: a new view); returns what it shows.
 */
export async function waitForMap(page: Page, previousView?: string): Promise<MapViewState> {
  const frame = page.getByTestId('results-map')
  if (previousView !== undefined) {
    await expect(frame).not.toHaveAttribute('data-view', previousView, { timeout: 20_000 })
  }
  await expect(frame).toHaveAttribute('data-state', 'ready', { timeout: 20_000 })
  return mapState(page)
}

/** Clicks the first single establishment the explorer's map draws (its popup opens). */
export async function clickFirstPoint(page: Page): Promise<void> {
  const pixel = await page.evaluate(() => {
    const map = (window as unknown as { __explorerMap: MapLibreMap }).__explorerMap
    const point = map.queryRenderedFeatures({ layers: ['points'] })[0]!
    const p = map.project((point.geometry as unknown as { coordinates: [number, number] }).coordinates)
    return { x: p.x, y: p.y }
  })
  await page.locator('.results-map canvas').click({ position: pixel })
}

/** Picks a combobox suggestion with the keyboard: types, waits for the option, moves to it, Enter. */
export async function pickSuggestion(page: Page, label: string, text: string, option: RegExp | string) {
  const field = page.getByRole('combobox', { name: label })
  await field.fill(text)
  const listbox = page.getByRole('listbox', { name: label })
  const wanted = listbox.getByRole('option', { name: option }).first()
  await expect(wanted).toBeVisible()
  const options = await listbox.getByRole('option').allInnerTexts()
  const wantedText = await wanted.innerText()
  const index = options.indexOf(wantedText)
  for (let i = 0; i <= index; i += 1) await field.press('ArrowDown')
  await expect(field).toHaveAttribute('aria-activedescendant', /.+/)
  await field.press('Enter')
  await expect(listbox).toBeHidden()
}
