import { describe, expect, it } from 'vitest'
import { foldKey, hasNul, normaliseEmail } from './email'

describe('normaliseEmail', () => {
  it('folds case, full-width and combining forms to one key', () => {
    const canonical = normaliseEmail('admin@example.fr')
    expect(normaliseEmail(' Admin@Example.FR ')).toBe(canonical)
    expect(normaliseEmail('ＡＤＭＩＮ＠ｅｘａｍｐｌｅ．ｆｒ')).toBe(canonical)
    expect(normaliseEmail('rene\u0301@example.fr')).toBe(normaliseEmail('René@example.fr'))
    expect(normaliseEmail('STRASSE@example.de')).toBe(normaliseEmail('straße@example.de'))
    expect(normaliseEmail('ΟΔΟΣ@example.gr')).toBe(normaliseEmail('οδος@example.gr'))
  })

  it('gives İ (U+0130) its full folding, distinct from a plain i, like the limiter key', () => {
    // Whatever lower() of the database does with İ, look-up and limiter use this same key.
    expect(normaliseEmail('admİn@example.fr')).toBe('admi\u0307n@example.fr')
    expect(normaliseEmail('admİn@example.fr')).not.toBe(normaliseEmail('admin@example.fr'))
    expect(normaliseEmail('admın@example.fr')).not.toBe(normaliseEmail('admin@example.fr'))
    expect(foldKey('ADMİN@example.fr')).toBe(foldKey('admİn@example.fr'))
  })

  it('is idempotent', () => {
    for (const value of ['İı', 'ß', 'ｆｕｌｌ', 'e\u0301', 'ﬁ@x']) {
      expect(normaliseEmail(normaliseEmail(value))).toBe(normaliseEmail(value))
    }
  })
})

describe('hasNul', () => {
  it('finds U+0000 anywhere', () => {
    expect(hasNul('a\u0000b')).toBe(true)
    expect(hasNul('ab')).toBe(false)
  })
})
