// Test support for the admin journeys (dataset workshop, applications): set-up through the BFF with
// the signed-in administrator's browser session (page.request shares its cookies), so that a journey
// starts from data of its own, and the axe scan every admin page must pass.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import type { AdminDatasetWire } from '@/lib/datasets/serialise'

export interface NewWorkshopDataset {
  title: string
  model: 'siret' | 'local'
  search: Record<string, unknown>
  encoding?: 'UTF-8' | 'ISO-8859-15'
}

/** Creates a dataset through POST /bff/datasets as the signed-in administrator. */
export async function createDatasetAsAdmin(
  page: Page,
  baseURL: string,
  input: NewWorkshopDataset,
): Promise<AdminDatasetWire> {
  const response = await page.request.post('/bff/datasets', { headers: { Origin: baseURL }, data: input })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { dataset: AdminDatasetWire }).dataset
}

/** Polls GET /bff/datasets/:id until `version` is ready (the journeys then open the page on it). */
export async function waitForDatasetVersion(
  page: Page,
  id: string,
  version: number,
): Promise<AdminDatasetWire> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const response = await page.request.get(`/bff/datasets/${id}`)
    expect(response.status()).toBe(200)
    const { dataset } = (await response.json()) as { dataset: AdminDatasetWire }
    if (dataset.current?.version === version) return dataset
    expect(dataset.status).not.toBe('failed')
    if (Date.now() > deadline) throw new Error(`version ${version} of dataset ${id} not ready`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Runs axe on the page as it is; returns the violations as readable lines (expected: none). */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze()
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  )
}

/** Collects the console errors of a page (every journey expects none). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}
