// A generation that fails (here on another instance) is shown on the dataset's page with its reason;
// a refresh from the page tries again and the dataset becomes ready.
import { expect, test } from '@playwright/test'
import { createDataset } from '@/lib/datasets/datasets'
import { claimNextJob, failJob } from '@/lib/datasets/jobs'
import { insertPremises, instanceDb } from '../support/datasets'
import { STAFF_STORAGE } from '../support/staff'
import { consoleErrors } from '../support/workshop'

test.use({ storageState: STAFF_STORAGE.admin })

test('shows a failed generation with its reason; a refresh generates the file', async ({
  page,
}, testInfo) => {
  const errors = consoleErrors(page)
  const { tag } = await insertPremises(testInfo, ['ÉCHEC UN', 'ÉCHEC DEUX'])
  const title = `Échec ${tag}`
  const db = instanceDb(testInfo)
  let id: string
  try {
    const client = await db.connect()
    try {
      await client.query('BEGIN')
      const dataset = await createDataset(
        { title, model: 'local', search: { proprietaire: tag }, encoding: 'UTF-8' },
        client,
      )
      id = dataset.id
      const job = await claimNextJob(
        'e2e-other-instance',
        { staleSeconds: 3600, maxAttempts: 3, datasetId: id },
        client,
      )
      expect(job).not.toBeNull()
      await failJob(job!, 'espace disque insuffisant', client)
      await client.query('COMMIT')
    } finally {
      client.release()
    }
  } finally {
    await db.end()
  }

  await page.goto('/jeux-de-donnees')
  const row = page.getByTestId('dataset-row').filter({ hasText: title })
  await expect(row).toContainText('Échec')
  await row.getByRole('link', { name: title }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'a échoué' })).toHaveText(
    /^La génération de la version 1 a échoué : espace disque insuffisant\./,
  )
  await expect(page.getByRole('button', { name: 'Télécharger le CSV' })).toBeDisabled()
  await expect(
    page.getByText('L’aperçu sera disponible dès que la première version sera prête.'),
  ).toBeVisible()

  await page.getByRole('button', { name: 'Actualiser' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Actualiser' }).click()
  await expect(page.getByTestId('served-version')).toHaveText('2')
  await expect(page.getByRole('alert').filter({ hasText: 'a échoué' })).toHaveCount(0)
  await expect(page.getByTestId('preview-json')).toContainText(`ÉCHEC UN ${tag}`)
  await expect(page.getByRole('button', { name: 'Télécharger le CSV' })).toBeEnabled()
  expect(errors).toEqual([])
})
