import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FOLD_FROM, FOLD_MULTI, FOLD_REMOVED, FOLD_TO } from './folding'
import { normaliseName, normaliseNullable, searchWords } from './normalise'
import { normaliseFunctionSql } from './normalise-sql'

describe('normaliseName', () => {
  it('drops accents, case and punctuation', () => {
    expect(normaliseName('Société Générale')).toBe('SOCIETE GENERALE')
    expect(normaliseName("  L'Étoile  d’Or—Bleu ")).toBe('L ETOILE D OR BLEU')
    expect(normaliseName('Œuvre-Ça, Müller & Fils')).toBe('OEUVRE CA MULLER FILS')
    expect(normaliseName('Straße ÆGIR ½')).toBe('STRASSE AEGIR 1 2')
    expect(normaliseName('ǅ ｆｕｌｌ ℡ 𝐀𝐁')).toBe('DZ FULL TEL AB')
    expect(normaliseName('\u00a0«\u2009»\u200b')).toBe('')
    expect(normaliseName('')).toBe('')
  })

  it('treats a decomposed accent as the composed one', () => {
    expect(normaliseName('Cafe\u0301 Noe\u0308l')).toBe(normaliseName('Café Noël'))
  })

  it('folds other letters into separators, never into ASCII by upper-casing', () => {
    // toUpperCase would make ﬀ "FF" and ŉ "ʼN": the folding table decides, not the case mapping.
    expect(normaliseName('Ελλάδα Москва 東京')).toBe('')
    expect(normaliseName('aﬀb')).toBe('AFFB')
    expect(normaliseName('x\u0149y')).toBe('X NY')
  })

  it('keeps null as null', () => {
    expect(normaliseNullable(null)).toBeNull()
    expect(normaliseNullable('é')).toBe('E')
  })

  it('gives words of letters and digits, separated by one space', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const normalised = normaliseName(text)
        expect(normalised).toMatch(/^(?:[A-Z0-9]+(?: [A-Z0-9]+)*)?$/)
        expect(normaliseName(normalised)).toBe(normalised)
      }),
      { numRuns: 2000 },
    )
  })

  it('normalises names joined by a space as the non-empty normalised names joined by a space', () => {
    // The import writes the search text of an establishment this way (in SQL, concat_ws).
    const name = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('', ' ', '-', 'Œuvre', 'é'))
    fc.assert(
      fc.property(name, name, name, (a, b, c) => {
        const parts = [a, b, c].map(normaliseName).filter((n) => n !== '')
        expect(normaliseName(`${a} ${b} ${c}`)).toBe(parts.join(' '))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('searchWords', () => {
  it('splits the normalised text into its words', () => {
    expect(searchWords('Boulangerie d’Or')).toEqual(['BOULANGERIE', 'D', 'OR'])
    expect(searchWords(' -- ')).toEqual([])
  })
})

describe('folding table', () => {
  it('folds each character to ASCII letters, digits and spaces only', () => {
    expect([...FOLD_FROM].length).toBe([...FOLD_TO].length)
    expect(FOLD_TO).toMatch(/^[A-Z0-9]+$/)
    for (const [, replacement] of FOLD_MULTI) expect(replacement).toMatch(/^[A-Z0-9 ]+$/)
    const sources = [...FOLD_FROM, ...FOLD_MULTI.map(([char]) => char), ...FOLD_REMOVED]
    expect(new Set(sources).size).toBe(sources.length)
    for (const char of sources) {
      expect([...char]).toHaveLength(1)
      expect(char.codePointAt(0)).toBeGreaterThanOrEqual(0x80)
    }
  })
})

describe('tda_normalise', () => {
  it('is defined by the migration exactly as normaliseFunctionSql writes it', () => {
    const migration = fs.readFileSync(path.resolve('db/migrations/0006_normalise_in_typescript.sql'), 'utf8')
    expect(migration).toContain(normaliseFunctionSql())
  })
})
