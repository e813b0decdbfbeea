import { describe, expect, it } from 'vitest'
import { TRANCHES_EFFECTIF, trancheEffectif, trancheForHeadcount } from './effectif'

describe('headcount bands', () => {
  it('has the 16 INSEE codes in order with medians inside their band', () => {
    expect(TRANCHES_EFFECTIF.map((t) => t.code)).toEqual([
      'NN',
      '00',
      '01',
      '02',
      '03',
      '11',
      '12',
      '21',
      '22',
      '31',
      '32',
      '41',
      '42',
      '51',
      '52',
      '53',
    ])
    for (const t of TRANCHES_EFFECTIF) {
      if (t.minimum !== null) expect(t.mediane).toBeGreaterThanOrEqual(t.minimum)
      if (t.maximum !== null) expect(t.mediane).toBeLessThanOrEqual(t.maximum)
    }
  })
  it('finds the band of a headcount', () => {
    expect(trancheForHeadcount(0).code).toBe('00')
    expect(trancheForHeadcount(2).code).toBe('01')
    expect(trancheForHeadcount(49).code).toBe('12')
    expect(trancheForHeadcount(250_000).code).toBe('53')
    expect(trancheEffectif('11')?.libelle).toBe('10 à 19 salariés')
  })
})
