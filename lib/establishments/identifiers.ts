// SIREN (9 digits) and SIRET (14 digits) numbers: format, input schemas and the Luhn check digit
// INSEE uses. Every check of their format uses these patterns.
import { z } from 'zod'
import { withLuhnDigit } from './luhn'

export { isValidLuhn, withLuhnDigit } from './luhn'

export const SIREN_PATTERN = /^\d{9}$/
export const SIRET_PATTERN = /^\d{14}$/

/** A SIRET as the API receives it (a path parameter, a criterion). */
export const siretSchema = z.string().regex(SIRET_PATTERN, 'Un SIRET compte 14 chiffres.')
/** A SIREN as the API receives it. */
export const sirenSchema = z.string().regex(SIREN_PATTERN, 'Un SIREN compte 9 chiffres.')

/**
 * A valid SIRET for the `index`-th establishment of a company: the NIC is a 4-digit sequence number
 * followed by the digit that makes the 14 digits pass Luhn (as INSEE assigns them).
 */
export function siretFor(siren: string, index: number): string {
  if (!SIREN_PATTERN.test(siren)) throw new Error(`Invalid SIREN: ${siren}`)
  if (index < 0 || index > 9998) throw new RangeError(`NIC index out of range: ${index}`)
  return withLuhnDigit(siren + String(index + 1).padStart(4, '0'))
}
