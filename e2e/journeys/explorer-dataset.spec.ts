// Administrators create a dataset from the current search (title, encoding); the 10,000 cap is
// explained with that way out. Staff see neither the button nor the administrators' links.
import { expect, test, waitForResults } from '../support/explorer'
import { STAFF_STORAGE } from '../support/staff'

interface ListedDataset {
  id: string
  title: string
  encoding: string
  model: string
  search: unknown
  total: number
}

test.describe('administrator', () => {
  test.use({ storageState: STAFF_STORAGE.admin })

  test('creates a dataset from a search', async ({ page, baseURL }, testInfo) => {
    const title = `Explorateur ${testInfo.workerIndex}-${Date.now()}`
    await page.goto('/?commune=35238&effectif=00')
    await waitForResults(page)
    const total = Number((await page.getByTestId('results-total').innerText()).replace(/\D/g, '') || '0')

    await page
      .getByRole('button', { name: 'Créer un jeu de données à partir de cette recherche' })
      .last()
      .click()
    const dialog = page.getByRole('dialog', { name: 'Créer un jeu de données à partir de cette recherche' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Titre')).toBeFocused()
    await dialog.getByLabel('Titre').fill(title)
    await dialog.getByLabel(/ISO-8859-15/).check()
    await page.screenshot({ path: testInfo.outputPath('create-dataset.png') })
    await dialog.getByRole('button', { name: 'Créer le jeu de données' }).click()
    await expect(dialog.getByRole('status')).toContainText(`« ${title} » est créé`)
    await expect(dialog.getByRole('status')).toContainText('ISO-8859-15')
    await expect(dialog.getByRole('link', { name: /jeux de données/ })).toHaveAttribute(
      'href',
      '/jeux-de-donnees',
    )

    const { datasets } = (await (await page.request.get('/bff/datasets')).json()) as {
      datasets: ListedDataset[]
    }
    const created = datasets.find((d) => d.title === title)
    expect(created).toMatchObject({
      model: 'siret',
      encoding: 'ISO-8859-15',
      search: { code_commune: ['35238'], tranche_effectif: ['00'] },
      total,
    })
    await dialog.getByRole('button', { name: 'Fermer' }).click()
    await expect(dialog).toBeHidden()
    const removed = await page.request.delete(`/bff/datasets/${created!.id}`, {
      headers: { Origin: baseURL! },
    })
    expect(removed.status()).toBe(204)
  })

  test('the 10,000 cap is explained, with the way to every result', async ({ page }) => {
    await page.goto('/')
    await waitForResults(page)
    const cap = page.getByTestId('result-cap')
    await expect(cap).toContainText('Seuls les 10 000 premiers résultats sont consultables ici')
    await cap.getByRole('button', { name: 'Créer un jeu de données à partir de cette recherche' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expect(page.getByRole('dialog').getByLabel('Titre')).toHaveValue('Tous les établissements')
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click()
    await expect(page.getByRole('dialog')).toBeHidden()
  })
})

test('staff see the cap explained but no dataset button and no administrators’ links', async ({ page }) => {
  await page.goto('/')
  await waitForResults(page)
  await expect(page.getByTestId('result-cap')).toContainText(
    'Un administrateur peut créer ce jeu de données.',
  )
  await expect(page.getByRole('button', { name: /Créer un jeu de données/ })).toHaveCount(0)
  const nav = page.getByRole('navigation', { name: 'Navigation principale' })
  await expect(nav.getByRole('link', { name: 'Explorateur' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Jeux de données' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Applications' })).toHaveCount(0)
})
