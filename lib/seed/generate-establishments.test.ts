import { describe, expect, it } from 'vitest'
import { isValidLuhn } from '../establishments/identifiers'
import { TRANCHE_CODES, trancheEffectif } from '../territory/effectif'
import { containsPoint } from '../territory/geometry'
import { communeOutlines, referenceData } from '../territory/reference-data'
import { generateEstablishments } from './generate-establishments'

const ref = referenceData()
const outlines = communeOutlines()
const generate = (count: number, seed = 1) => [
  ...generateEstablishments({ count, seed, communes: ref.communes, outlines, naf: ref.naf }),
]

describe('generateEstablishments', () => {
  const rows = generate(5000)

  it('is deterministic for a seed', () => {
    expect(generate(300, 9)).toEqual(generate(300, 9))
    expect(generate(300, 9)).not.toEqual(generate(300, 10))
  })

  it('produces the requested count with unique, valid SIRET and SIREN', () => {
    expect(rows).toHaveLength(5000)
    expect(new Set(rows.map((r) => r.siret)).size).toBe(5000)
    for (const r of rows) {
      expect(isValidLuhn(r.siren)).toBe(true)
      expect(isValidLuhn(r.siret)).toBe(true)
      expect(r.siret.startsWith(r.siren)).toBe(true)
    }
  })

  it('gives companies several establishments sometimes', () => {
    const perCompany = new Map<string, number>()
    for (const r of rows) perCompany.set(r.siren, (perCompany.get(r.siren) ?? 0) + 1)
    const multi = [...perCompany.values()].filter((n) => n > 1).length
    expect(multi / perCompany.size).toBeGreaterThan(0.1)
    expect(multi / perCompany.size).toBeLessThan(0.35)
  })

  it('places establishments inside their commune, in proportion to population', () => {
    const communes = new Map(ref.communes.map((c) => [c.code, c]))
    let checked = 0
    for (const r of rows.slice(0, 1000)) {
      const commune = communes.get(r.codeCommune)!
      expect(r.libelleCommune).toBe(commune.nom)
      if (r.lon === null || !commune.outlineCode) continue
      expect(containsPoint(outlines.get(commune.outlineCode)!, [r.lon, r.lat!])).toBe(true)
      checked++
    }
    expect(checked).toBeGreaterThan(900)
    const unplaced = rows.filter((r) => r.lon === null).length / rows.length
    expect(unplaced).toBeGreaterThan(0.005)
    expect(unplaced).toBeLessThan(0.05)
    const paris = rows.filter((r) => r.codeCommune.startsWith('751')).length
    // Paris holds about 3 % of the population; its districts (not 75056) are used, as in SIRENE.
    expect(paris / rows.length).toBeGreaterThan(0.015)
    expect(rows.some((r) => r.codeCommune === '75056')).toBe(false)
  })

  it('mixes names, headcounts and activities like the register', () => {
    const share = (predicate: (r: (typeof rows)[number]) => boolean) =>
      rows.filter(predicate).length / rows.length
    expect(share((r) => r.enseigne === '')).toBeGreaterThan(0.5)
    expect(share((r) => r.denominationUsuelle === null)).toBeGreaterThan(0.7)
    expect(share((r) => r.secteurAlternatif !== null)).toBeGreaterThan(0.005)
    expect(share((r) => r.secteurAlternatif !== null)).toBeLessThan(0.05)
    expect(new Set(rows.map((r) => r.codeNaf)).size).toBeGreaterThan(100)
    for (const r of rows) {
      expect(TRANCHE_CODES).toContain(r.trancheEffectif)
      if (r.effectifSaisi !== null) {
        const band = trancheEffectif(r.trancheEffectif)!
        expect(r.effectifSaisi).toBeGreaterThanOrEqual(band.minimum!)
        if (band.maximum !== null) expect(r.effectifSaisi).toBeLessThanOrEqual(band.maximum)
      }
    }
    expect(share((r) => r.effectifSaisi !== null)).toBeGreaterThan(0.05)
  })
})
