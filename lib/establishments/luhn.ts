// The Luhn check digit of SIREN and SIRET numbers, free of any dependency: the browser checks a
// number typed in the explorer with it.

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
