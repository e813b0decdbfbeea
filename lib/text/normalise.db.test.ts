// The TypeScript normaliser and the SQL function tda_normalise give the same result, on both
// engines: accents, ligatures, apostrophes, punctuation, spaces of every kind, decomposed
// characters, other scripts, styled letters and any Unicode code point.
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { closePool, query } from '../db/pool'
import { engineSkipped, testEngine } from '../testing/engine'
import { FOLD_FROM, FOLD_MULTI, FOLD_REMOVED } from './folding'
import { normaliseName } from './normalise'

afterAll(() => closePool())

/** tda_normalise of each value, in order, in one round trip. */
async function sqlNormalise(values: readonly string[]): Promise<string[]> {
  const { rows } = await query<{ n: string }>(
    'SELECT tda_normalise(v) AS n FROM unnest($1::text[]) WITH ORDINALITY AS t(v, i) ORDER BY i',
    [values],
  )
  return rows.map((r) => r.n)
}

async function expectSame(values: readonly string[]): Promise<void> {
  const sql = await sqlNormalise(values)
  const differences = values
    .map((value, i) => ({ value, typescript: normaliseName(value), sql: sql[i] }))
    .filter((d) => d.typescript !== d.sql)
  expect(differences).toEqual([])
}

const TABLE = [...FOLD_FROM, ...FOLD_MULTI.map(([char]) => char), ...FOLD_REMOVED]

/** Characters where normalisation has something to get right, beside the whole folding table. */
const TRICKY = [
  ...'abcxyzABCXYZ0189',
  ...' \t\n\r\u00a0\u2002\u2009\u202f\u3000', // spaces of every kind
  ...'\'’‘ʼ´`"«»“”‹›', // apostrophes and quotes
  ...'-‐‑–—_.,;:!?¿¡/\\|()[]{}<>@#$%^&*+=~°§¶•…', // punctuation
  ...'\u0300\u0301\u0308\u0327\u200b\u200c\u200d\u2060\ufeff\u00ad', // combining marks, invisibles
  ...'ßẞıİſKÅﬀﬁﬂﬆŉǰ', // letters whose case mapping is not one ASCII letter
  ...'Ελλάδαμσς', // Greek
  ...'МоскваЁё', // Cyrillic
  ...'東京한국어', // CJK, Hangul
  ...'١٢٣४५', // other digits
  '🙂',
  '👍🏽',
  '𝔘',
  '𝟘',
  '\u{10ffff}',
]

const alphabet = fc.constantFrom(...new Set([...TABLE, ...TRICKY]))
const curated = fc.string({ unit: alphabet, maxLength: 40 })
const anyCodePoint = fc.string({ unit: 'binary', maxLength: 40 }).map((s) => s.replace(/\0/g, ''))
const french = fc
  .array(
    fc.constantFrom(
      'Société',
      'GÉNÉRALE',
      "l'Étoile",
      'd’Or',
      'Œuvre',
      'SŒUR',
      'Ça',
      'Müller',
      'Straße',
      'ÆSOP',
      '& Fils',
      'S.A.R.L.',
      'N°12',
      '½',
      'Île-de-France',
      'Saint-Étienne',
    ),
    { maxLength: 6 },
  )
  .map((words) => words.join(' '))

describe.skipIf(engineSkipped)(`tda_normalise and normaliseName on ${testEngine}`, () => {
  it('agree on every character of the folding table, alone and between letters', async () => {
    await expectSame([
      ...TABLE,
      ...TABLE.map((char) => `a${char}b`),
      ...TRICKY,
      ...TRICKY.map((c) => `x${c}y`),
    ])
  })

  it('agree on French names', async () => {
    await fc.assert(fc.asyncProperty(fc.array(french, { minLength: 50, maxLength: 50 }), expectSame), {
      numRuns: 20,
    })
  })

  it('agree on strings of characters that need care', async () => {
    await fc.assert(fc.asyncProperty(fc.array(curated, { minLength: 100, maxLength: 100 }), expectSame), {
      numRuns: 50,
    })
  })

  it('agree on strings of any code points', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyCodePoint, { minLength: 100, maxLength: 100 }), expectSame),
      { numRuns: 50 },
    )
  })

  it('keep NULL as NULL', async () => {
    const { rows } = await query<{ n: string | null }>('SELECT tda_normalise(NULL) AS n')
    expect(rows[0]!.n).toBeNull()
  })
})
