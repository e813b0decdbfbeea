import { describe, expect, it } from 'vitest'
import { isValidLuhn, siretFor, withLuhnDigit } from './identifiers'

describe('Luhn', () => {
  it('accepts published SIREN and SIRET numbers', () => {
    // INSEE (120 027 016) and one of its establishments.
    expect(isValidLuhn('120027016')).toBe(true)
    expect(isValidLuhn('12002701600563')).toBe(true)
  })
  it('rejects a changed digit', () => {
    expect(isValidLuhn('120027017')).toBe(false)
  })
  it('completes a number with its check digit', () => {
    expect(withLuhnDigit('12002701')).toBe('120027016')
  })
})

describe('siretFor', () => {
  it('builds valid, distinct SIRETs that start with the SIREN', () => {
    const sirets = Array.from({ length: 50 }, (_, i) => siretFor('120027016', i))
    expect(new Set(sirets).size).toBe(50)
    for (const s of sirets) {
      expect(s).toMatch(/^120027016\d{5}$/)
      expect(isValidLuhn(s)).toBe(true)
    }
  })
  it('refuses an invalid SIREN', () => {
    expect(() => siretFor('12', 0)).toThrow()
  })
})
