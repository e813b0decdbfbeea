// The one normalisation of names for search, in TypeScript: accents, case and punctuation do not
// count. « Société Générale », « SOCIETE-GENERALE » and « société  générale » are all
// « SOCIETE GENERALE »; « Œuvre », « Straße » and « ½ » are « OEUVRE », « STRASSE » and « 1 2 ».
//
// Each character is folded on its own: ASCII letters are upper-cased, ASCII digits kept, the
// characters of lib/text/folding (accented and styled letters, ligatures…) become their letters
// and digits or disappear (combining marks), and every other character separates words. Runs of
// separators become one space, and the ends are trimmed.
//
// Stored normalised columns (etablissement.*_norm, nom_recherche) are computed with it when rows
// are written (seed, import), and search input is normalised with it before it reaches SQL. The
// SQL function tda_normalise (db/migrations/0006_normalise_in_typescript.sql), which reference
// tables and expression indexes still use, applies the same table: both give the same result on
// every string (property-tested on both engines).
import { FOLD_FROM, FOLD_MULTI, FOLD_REMOVED, FOLD_TO } from './folding'

const FOLD: ReadonlyMap<string, string> = (() => {
  const fold = new Map<string, string>()
  const from = [...FOLD_FROM]
  const to = [...FOLD_TO]
  if (from.length !== to.length) throw new Error('FOLD_FROM and FOLD_TO differ in length')
  from.forEach((char, i) => fold.set(char, to[i]!))
  for (const [char, replacement] of FOLD_MULTI) fold.set(char, replacement)
  for (const char of FOLD_REMOVED) fold.set(char, '')
  return fold
})()

const ASCII = /^[\x00-\x7f]*$/
const SEPARATORS = /[^A-Z0-9]+/g

/** A name without accents, case or punctuation: letters and digits separated by single spaces. */
export function normaliseName(value: string): string {
  let text = value
  if (!ASCII.test(text)) {
    let folded = ''
    for (const char of text) folded += FOLD.get(char) ?? (char.charCodeAt(0) < 0x80 ? char : ' ')
    text = folded
  }
  return text.toUpperCase().replace(SEPARATORS, ' ').trim()
}

/** normaliseName of a nullable column: null stays null (as in SQL, tda_normalise being strict). */
export function normaliseNullable(value: string | null): string | null {
  return value === null ? null : normaliseName(value)
}

/** The words of a text once normalised (what a name search looks for); none for "", "-" or "  ". */
export function searchWords(text: string): string[] {
  const normalised = normaliseName(text)
  return normalised === '' ? [] : normalised.split(' ')
}
