// Every page shows the deployed version; when the API stops answering, the banner says so.
import fs from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

const packageVersion = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version

test('the home page shows the status banner with the version', async ({ page }, testInfo) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Données territoriales' })).toBeVisible()
  await expect(page.getByTestId('api-version')).toHaveText(packageVersion)
  await expect(page.getByRole('status')).toContainText('établissements')
  await page.screenshot({ path: testInfo.outputPath('home.png'), fullPage: true })
  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  expect(errors).toEqual([])
})

test('the banner shows a degraded state when the API does not answer', async ({ page }) => {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      if (route.request().headers()['accept'] === 'application/json') await route.abort('connectionrefused')
      else await route.continue()
    },
  )
  await page.goto('/')
  await expect(page.getByRole('alert').filter({ hasText: 'Service dégradé' })).toBeVisible({
    timeout: 20_000,
  })
})
