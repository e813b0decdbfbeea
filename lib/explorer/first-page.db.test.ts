// The explorer's first page read on the server is the BFF's answer for the same address.
import { afterAll, describe, expect, it } from 'vitest'
import { closePool } from '../db/pool'
import { searchEstablishments } from '../establishments/search'
import { serialiseEstablishment } from '../establishments/serialise'
import { engineSkipped, testEngine } from '../testing/engine'
import { explorerFirstPage } from './first-page'

afterAll(() => closePool())

describe.skipIf(engineSkipped)(`explorer first page on ${testEngine}`, () => {
  it('reads the page of the address, keyed by the query the browser sends', async () => {
    const first = await explorerFirstPage(new URLSearchParams('commune=69123&effectif=NN&page=2&taille=10'))
    expect(first?.query).toBe('search%5Bcode_commune%5D=69123&search%5Btranche_effectif%5D=NN&page=2&size=10')
    const expected = await searchEstablishments(
      { communes: ['69123'], tranches: ['NN'] },
      { page: 2, size: 10 },
    )
    expect(first?.data).toEqual({
      total: expected.total,
      page: 2,
      etablissements: expected.etablissements.map(serialiseEstablishment),
    })
  })

  it('leaves to the browser what the API would refuse', async () => {
    expect(await explorerFirstPage(new URLSearchParams('naf=ZZZ'))).toBeNull()
    expect(await explorerFirstPage(new URLSearchParams('page=201'))).toBeNull()
  })
})
