// SIREN (9 digits) and SIRET (14 digits) numbers: format, input schemas and the Luhn check digit
// INSEE uses. Every check of their format uses these patterns.
import { z } from 'zod'

export const SIREN_PATTERN = /^\d{9}$/
export const SIRET_PATTERN = /^\d{14}$/

/** A SIRET as the API receives it (a path parameter, a criterion). */
export const siretSchema = z.string().regex(SIRET_PATTERN, 'Un SIRET compte 14 chiffres.')
/** A SIREN as the API receives it. */
export const sirenSchema = z.string().regex(SIREN_PATTERN, 'Un SIREN compte 9 chiffres.')

/** Luhn checksum of a digit string (0 for a valid number). */
function luhnSum(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10
}

export function isValidLuhn(digits: string): boolean {
  return /^\d+$/.test(digits) && luhnSum(digits) === 0
}

/** Appends the digit that makes `body` + digit pass the Luhn check. */
export function withLuhnDigit(body: string): string {
  for (let d = 0; d <= 9; d++) {
    const candidate = body + d
    if (luhnSum(candidate) === 0) return candidate
  }
  throw new Error('unreachable')
}

/**
 * A valid SIRET for the `index`-th establishment of a company: the NIC is a 4-digit sequence number
 * followed by the digit that makes the 14 digits pass Luhn (as INSEE assigns them).
 */
export function siretFor(siren: string, index: number): string {
  if (!SIREN_PATTERN.test(siren)) throw new Error(`Invalid SIREN: ${siren}`)
  if (index < 0 || index > 9998) throw new RangeError(`NIC index out of range: ${index}`)
  return withLuhnDigit(siren + String(index + 1).padStart(4, '0'))
}
