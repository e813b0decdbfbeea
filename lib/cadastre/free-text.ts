// Free texts of the cadastre's searches (`search` as a string, or `q`): an identifier when the text
// is one — parcel (14 characters), section (10), owner account (11), local premises (15), SIREN —
// otherwise words to find, accents and case aside.
import { searchWords } from '../text/normalise'
import { ACCOUNT_ID_PATTERN, PARCEL_ID_PATTERN, SECTION_ID_PATTERN } from './identifiers'

export type CadastreText =
  | { kind: 'parcelle' | 'section' | 'compte' | 'local' | 'siren'; value: string }
  | { kind: 'words'; words: string[] }

const PREMISES_ID = /^(\d{5}|2[AB]\d{3})\d{10}$/

export function classifyCadastreText(text: string): CadastreText {
  const compact = text.replace(/\s+/g, '').toUpperCase()
  if (PARCEL_ID_PATTERN.test(compact)) return { kind: 'parcelle', value: compact }
  if (SECTION_ID_PATTERN.test(compact)) return { kind: 'section', value: compact }
  if (ACCOUNT_ID_PATTERN.test(compact)) return { kind: 'compte', value: compact }
  if (PREMISES_ID.test(compact)) return { kind: 'local', value: compact }
  if (/^\d{9}$/.test(compact)) return { kind: 'siren', value: compact }
  return { kind: 'words', words: searchWords(text) }
}

/** `tda_normalise(column) LIKE` every word (AND); 'TRUE' without words. */
export function wordsCondition(
  column: string,
  words: readonly string[],
  bind: (value: string) => string,
): string {
  if (words.length === 0) return 'TRUE'
  return `(${words.map((w) => `tda_normalise(${column}) LIKE ${bind(`%${w}%`)}`).join(' AND ')})`
}

/** Account ids whose owner name holds every word (the trigram index on compte_communal serves it). */
export function accountsNamed(words: readonly string[], bind: (value: string) => string): string {
  return `SELECT c.id FROM compte_communal c WHERE ${wordsCondition('c.nom', words, bind)}`
}

/** Joined with OR, in parentheses when several. */
export function anyOf(conditions: readonly string[]): string {
  return conditions.length === 1 ? conditions[0]! : `(${conditions.join(' OR ')})`
}
