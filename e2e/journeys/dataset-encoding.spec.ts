// The workshop's main journey: an administrator changes a dataset's encoding from its page (with a
// confirmation), sees the new version become ready with the count of characters Latin-9 could not
// hold, and downloads both files to check their bytes. A second test follows the live progress of a
// generation run by another instance.
import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { claimNextJob, recordProgress, releaseJob } from '@/lib/datasets/jobs'
import { createDataset } from '@/lib/datasets/datasets'
import { insertPremises, instanceDb } from '../support/datasets'
import { STAFF_STORAGE } from '../support/staff'
import { consoleErrors, createDatasetAsAdmin, waitForDatasetVersion } from '../support/workshop'

test.use({ storageState: STAFF_STORAGE.admin })

async function downloadCsv(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger le CSV' }).click(),
  ])
  const file = await download.path()
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) }
}

test('changes the encoding to Latin-9, sees the new version ready, downloads both files', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = consoleErrors(page)
  // Two premises whose owners hold characters Latin-9 has (é, €, Œ) and one it lacks (’); the
  // address of both also holds a ’ (“1 RUE DE L’ÉGLISE”): three replacements.
  const { tag } = await insertPremises(testInfo, ['CAFÉ DE L’ÉTÉ', 'ŒUVRES À 5 €'])
  const title = `Encodage ${tag}`
  const created = await createDatasetAsAdmin(page, baseURL!, {
    title,
    model: 'local',
    search: { proprietaire: tag },
    encoding: 'UTF-8',
  })
  expect(created.total).toBe(2)
  await waitForDatasetVersion(page, created.id, 1)

  await page.goto('/jeux-de-donnees')
  await page.getByRole('link', { name: title }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByTestId('served-version')).toHaveText('1')
  await expect(page.getByTestId('dataset-encoding')).toHaveText('UTF-8')

  const utf8 = await downloadCsv(page)
  // Saved under the dataset's title.
  expect(utf8.name).toBe(`${title}.csv`)
  expect(utf8.bytes.includes(Buffer.from(`CAFÉ DE L’ÉTÉ ${tag}`, 'utf8'))).toBe(true)
  expect(utf8.bytes.includes(Buffer.from(`ŒUVRES À 5 € ${tag}`, 'utf8'))).toBe(true)

  // The button stays disabled until another encoding is chosen; the change asks first.
  const change = page.getByRole('button', { name: 'Changer l’encodage' })
  await expect(change).toBeDisabled()
  await page.getByRole('radio', { name: /ISO-8859-15/ }).check()
  await change.click()
  const dialog = page.getByRole('alertdialog', { name: 'Passer en ISO-8859-15 ?' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused()
  await expect(dialog).toContainText('version 2')
  // Cancelling changes nothing and gives the focus back.
  await dialog.getByRole('button', { name: 'Annuler' }).click()
  await expect(dialog).toBeHidden()
  await expect(change).toBeFocused()
  await expect(page.getByTestId('dataset-encoding')).toHaveText('UTF-8')

  await change.click()
  await dialog.getByRole('button', { name: 'Régénérer le fichier' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('dataset-encoding')).toHaveText('ISO-8859-15')
  await expect(page.getByTestId('served-version')).toHaveText('2')
  await expect(page.getByTestId('generation-state')).toContainText('ISO-8859-15')
  await expect(page.getByTestId('replaced-characters')).toHaveText(
    /^3 caractères que Latin-9 ne peut pas représenter .* ont été remplacés par « \? »\.$/,
  )
  await page.screenshot({ path: testInfo.outputPath('workshop-dataset.png'), fullPage: true })

  const latin9 = await downloadCsv(page)
  expect(latin9.name).toBe(`${title}.csv`)
  // é = E9, € = A4, Œ = BC, À = C0 in Latin-9; ’ became “?”.
  expect(latin9.bytes.includes(Buffer.from(`CAF\xC9 DE L?\xC9T\xC9 ${tag}`, 'latin1'))).toBe(true)
  expect(latin9.bytes.includes(Buffer.from(`\xBCUVRES \xC0 5 \xA4 ${tag}`, 'latin1'))).toBe(true)
  expect(latin9.bytes.includes(Buffer.from('1 RUE DE L?\xC9GLISE', 'latin1'))).toBe(true)
  expect(latin9.bytes.includes(Buffer.from('É', 'utf8'))).toBe(false)
  expect(latin9.bytes.length).toBeLessThan(utf8.bytes.length)

  // The preview follows the new version.
  await expect(page.getByTestId('preview-json')).toContainText(`CAFÉ DE L’ÉTÉ ${tag}`)
  expect(errors).toEqual([])
})

test('shows the live progress of a generation running on another instance', async ({ page }, testInfo) => {
  const errors = consoleErrors(page)
  const { tag } = await insertPremises(testInfo, ['PREMIER', 'DEUXIÈME', 'TROISIÈME', 'QUATRIÈME'])
  const title = `Progression ${tag}`
  // Created and claimed at once, as by a worker of another instance: this app leaves it alone.
  const db = instanceDb(testInfo)
  try {
    const client = await db.connect()
    let job
    try {
      await client.query('BEGIN')
      const dataset = await createDataset(
        { title, model: 'local', search: { proprietaire: tag }, encoding: 'ISO-8859-15' },
        client,
      )
      job = await claimNextJob(
        'e2e-other-instance',
        { staleSeconds: 3600, maxAttempts: 3, datasetId: dataset.id },
        client,
      )
      await client.query('COMMIT')
    } finally {
      client.release()
    }
    expect(job).not.toBeNull()

    await page.goto('/jeux-de-donnees')
    const row = page.getByTestId('dataset-row').filter({ hasText: title })
    await expect(row).toContainText('Génération en cours')
    await expect(row).toContainText('0 / 4 enregistrements (0 %)')

    await row.getByRole('link', { name: title }).click()
    const state = page.getByTestId('generation-state')
    await expect(state).toContainText('Version 1 (ISO-8859-15) : génération en cours')
    await expect(page.getByRole('progressbar', { name: 'Génération de la version 1' })).toHaveAttribute(
      'value',
      '0',
    )
    await expect(page.getByRole('button', { name: 'Télécharger le CSV' })).toBeDisabled()

    // Progress reported by the other worker appears without reloading the page.
    await recordProgress(job!, 3, db)
    await expect(state).toContainText('3 / 4 enregistrements (75 %)')
    await expect(page.getByRole('progressbar', { name: 'Génération de la version 1' })).toHaveAttribute(
      'value',
      '3',
    )

    // That worker gives the job back: this instance generates the file and the page shows it ready.
    await releaseJob(job!, db)
    await expect(page.getByTestId('served-version')).toHaveText('1')
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    // The ’ of all four addresses became “?”.
    await expect(page.getByTestId('replaced-characters')).toHaveText(/^4 caractères que Latin-9/)
    await expect(page.getByRole('button', { name: 'Télécharger le CSV' })).toBeEnabled()
  } finally {
    await db.end()
  }
  expect(errors).toEqual([])
})
