// An administrator makes a dataset of the parcels of a commune in the workshop: chooses the model
// `parcelle`, types the commune, sees the server's message next to a wrong field, previews the
// search (as many parcels as GET /v0/ca/parcelles finds), creates the dataset, opens it, waits for
// its file, reads its first records and downloads its CSV file (the model's columns, one row per
// parcel).
import fs from 'node:fs'
import { parse } from 'csv-parse/sync'
import { expect, test } from '@playwright/test'
import { STAFF_STORAGE } from '../support/staff'
import { bearer } from '../support/tokens'
import { axeViolations, consoleErrors } from '../support/workshop'

test.use({ storageState: STAFF_STORAGE.admin })

const COLUMNS = ['id', 'codcom', 'commune', 'prefixe', 'section', 'numero', 'contenance', 'adresse', 'url']

test('makes a dataset of a commune’s parcels from the workshop and downloads it', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = consoleErrors(page)
  const fiscal = await bearer(baseURL!, testInfo, 'fiscal')
  const api = await page.request.get('/v0/ca/parcelles?search[codcom]=35238&size=3', {
    headers: { Accept: 'application/json', Authorization: fiscal },
  })
  const expected = (await api.json()) as { total: number; parcelles: Array<{ id: string }> }
  expect(expected.total).toBeGreaterThan(0)

  await page.goto('/jeux-de-donnees')
  await page.getByRole('button', { name: 'Créer un jeu de données du cadastre' }).click()
  const dialog = page.getByRole('dialog', { name: 'Créer un jeu de données du cadastre' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('radio', { name: /Parcelles cadastrales/ }).check()
  await dialog.getByRole('textbox', { name: 'Communes' }).fill('35238')

  // A wrong value: the API's own message, next to its field.
  const minimum = dialog.getByRole('textbox', { name: 'Contenance minimale (m²)' })
  await minimum.fill('beaucoup')
  await dialog.getByRole('button', { name: 'Aperçu de la recherche' }).click()
  await expect(minimum).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.locator('#cadastre-contenance_min-erreur')).toHaveText(
    'contenance_min est un nombre de m².',
  )
  await minimum.fill('')
  await expect(minimum).not.toHaveAttribute('aria-invalid', 'true')

  await dialog.getByRole('button', { name: 'Aperçu de la recherche' }).click()
  const preview = dialog.getByTestId('cadastre-preview')
  await expect(preview).toContainText(
    `Cette recherche trouve ${expected.total.toLocaleString('fr-FR')} parcelles`,
  )
  await expect(preview).toContainText(expected.parcelles[0]!.id)
  expect(await axeViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('cadastre-dataset-dialog.png') })

  const title = `Parcelles de Rennes ${Date.now()}`
  await dialog.getByRole('textbox', { name: 'Titre' }).fill(title)
  await dialog.getByRole('button', { name: 'Créer le jeu de données' }).click()
  await expect(dialog.getByRole('status')).toContainText(`Le jeu de données « ${title} » est créé`)
  await dialog.getByRole('link', { name: 'Ouvrir le jeu de données' }).click()

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByTestId('served-version')).toHaveText('1', { timeout: 60_000 })
  await expect(page.getByTestId('preview-json')).toContainText(expected.parcelles[0]!.id)
  await expect(page.getByTestId('preview-json')).toContainText('"url": "/v0/ca/parcelles/')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger le CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`${title}.csv`)
  const rows = parse(fs.readFileSync(await download.path(), 'utf8')) as string[][]
  expect(rows[0]).toEqual(COLUMNS)
  expect(rows).toHaveLength(expected.total + 1)
  expect(rows.slice(1, 4).map((r) => r[0])).toEqual(expected.parcelles.map((p) => p.id))
  expect(rows.slice(1).every((r) => r[1] === '35238' && r[8] === `/v0/ca/parcelles/${r[0]}`)).toBe(true)

  // The dataset is listed with its model in the workshop.
  await page.goto('/jeux-de-donnees')
  await expect(page.getByTestId('dataset-row').filter({ hasText: title })).toContainText(
    'Parcelles cadastrales',
  )
  // The browser logs the refusal of the wrong value (400), and nothing else.
  const refused = 'Failed to load resource: the server responded with a status of 400 (Bad Request)'
  expect(errors.filter((e) => e !== refused)).toEqual([])
  expect(errors.filter((e) => e === refused)).toHaveLength(1)
})
