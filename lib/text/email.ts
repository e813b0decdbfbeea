// The one normalisation of e-mail addresses and other identifiers used as keys: for storage
// (staff_user.email), for look-ups and for rate-limit keys. Compatibility composition (NFKC:
// full-width and combining forms), then Unicode full case folding (toLowerCase plus the foldings
// it lacks: ß → ss, final sigma), composed again. Two spellings that reach the same account always
// reach the same limiter key, whatever the database's lower() would say.

const EXTRA_FOLDINGS: ReadonlyArray<[RegExp, string]> = [
  [/ß/g, 'ss'],
  [/ς/g, 'σ'],
  [/ſ/g, 's'],
]

/** Case-folded, compatibility-composed form of an identifier (surrounding spaces removed). */
export function foldKey(value: string): string {
  let folded = value.normalize('NFKC').trim().toLowerCase()
  for (const [pattern, replacement] of EXTRA_FOLDINGS) folded = folded.replace(pattern, replacement)
  return folded.normalize('NFKC')
}

/** The stored and compared form of an e-mail address. */
export const normaliseEmail = foldKey

/** Whether a text holds U+0000, which PostgreSQL text cannot store (such input is refused as 400). */
export function hasNul(value: string): boolean {
  return value.includes('\u0000')
}
