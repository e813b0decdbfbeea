import { describe, expect, it } from 'vitest'
import { referenceData } from '../territory/reference-data'
import { generatePremises } from './generate-premises'

const ref = referenceData()

describe('generatePremises', () => {
  const rows = [...generatePremises({ count: 2000, seed: 1, communes: ref.communes })]

  it('is deterministic and unique', () => {
    expect([...generatePremises({ count: 50, seed: 4, communes: ref.communes })]).toEqual([
      ...generatePremises({ count: 50, seed: 4, communes: ref.communes }),
    ])
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length)
  })

  it('follows the record of spec §2.2', () => {
    const codes = new Map(ref.communes.map((c) => [c.code, c.nom]))
    for (const r of rows) {
      expect(r.invariant).toMatch(/^\d{10}$/)
      expect(r.parcelle).toMatch(/^[0-9AB]{5}000[0-9A-Z]{2}\d{4}$/)
      expect(r.parcelle.startsWith(r.codcom)).toBe(true)
      expect(codes.get(r.codcom)).toBe(r.commune)
      expect([2024, 2025]).toContain(r.annee)
      expect(r.proprietaire.length).toBeGreaterThan(3)
      expect(r.adresse).toMatch(/\d{5} /)
    }
  })
})
