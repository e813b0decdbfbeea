// The explorer's flow: after a search the focus is on the results' heading; a failed search says so
// in French and « Réessayer » runs it again; a 13-digit number, a mistyped SIRET and an unknown one
// each get their own explanation.
import { siretFor } from '@/lib/establishments/identifiers'
import { bffSearch, expect, resultRows, test, waitForResults } from '../support/explorer'

test('after a search, the focus is on the results heading', async ({ page }) => {
  await page.goto('/')
  await waitForResults(page)
  await page.getByLabel('Tranche d’effectif').selectOption('11')
  await page.getByRole('button', { name: 'Rechercher' }).click()
  await expect(page).toHaveURL(/effectif=11/)
  await expect(page.getByRole('heading', { name: 'Résultats', exact: true })).toBeFocused()
  await waitForResults(page)
})

test.describe('a failing server', () => {
  test.use({ expectedStatuses: [500] })

  test('says so in French, without its own text, and « Réessayer » runs the search again', async ({
    page,
  }) => {
    // The first results come with the page: the failure is that of the next search.
    await page.goto('/')
    await waitForResults(page)
    let failures = 1
    await page.route('**/bff/etablissements?**', async (route) => {
      if (failures-- > 0) {
        await route.fulfill({
          status: 500,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            type: '/problems/internal-error',
            title: 'Erreur interne',
            status: 500,
            detail: 'TypeError: cannot read properties of undefined',
          }),
        })
      } else {
        await route.continue()
      }
    })
    await page.getByLabel('Tranche d’effectif').selectOption('12')
    await page.getByRole('button', { name: 'Rechercher' }).click()
    const failure = page.getByTestId('results-failure')
    await expect(failure).toHaveText(
      /^La recherche n’a pas abouti\. Le serveur a rencontré une erreur pendant la recherche\.\s*Réessayer$/,
    )
    await expect(failure).not.toContainText('TypeError')
    await expect(page.getByTestId('results-total')).toHaveText('Recherche interrompue')
    await failure.getByRole('button', { name: 'Réessayer' }).click()
    await waitForResults(page)
    await expect(failure).toBeHidden()
    await expect(resultRows(page).first()).toBeVisible()
  })
})

test('a 13-digit number, a mistyped SIRET and an unknown SIRET are each explained', async ({ page }) => {
  const sample = (await bffSearch(page, 'page=3&size=1')).etablissements[0]!
  const thirteen = sample.siret.slice(0, 13)
  await page.goto(`/?q=${thirteen}`)
  await waitForResults(page)
  await expect(page.getByTestId('identifier-explanation')).toHaveText(
    `« ${thirteen} » compte 13 chiffres : un SIRET en compte 14 (le SIREN de 9 chiffres suivi des 5 du NIC), un SIREN 9. ` +
      'Il manque un chiffre pour un SIRET : vérifiez le numéro.',
  )

  // The last digit changed: the check digit no longer matches.
  const mistyped = sample.siret.slice(0, 13) + String((Number(sample.siret[13]) + 1) % 10)
  await page.goto(`/?q=${mistyped}`)
  await waitForResults(page)
  await expect(page.getByTestId('identifier-explanation')).toContainText('n’est pas un SIRET valide')

  // A well-formed SIRET of the same company that does not exist.
  const unknown = siretFor(sample.siren, 9000)
  await page.goto(`/?q=${unknown}`)
  await waitForResults(page)
  await expect(page.getByTestId('results-total')).toHaveText('Aucun établissement')
  await expect(page.getByTestId('identifier-explanation')).toContainText('Aucun établissement n’a le SIRET')
  await page.getByRole('link', { name: `Rechercher les établissements du SIREN ${sample.siren}` }).click()
  await expect(page).toHaveURL(`/?q=${sample.siren}`)
  await waitForResults(page)
  await expect(resultRows(page).first()).toContainText(sample.siren)
})
