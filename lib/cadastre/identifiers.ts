// The national identifiers of the cadastre (DESIGN §10): a section is the commune code (5), the
// prefix (3, "000" outside merged communes) and its code (2: "0A" for one letter, "AB" for two);
// a parcel adds its number (4 digits) to its section (14 characters, e.g. 35238000AB0123); an owner
// account (compte communal of MAJIC) is the commune code followed by its 6-character number
// (dnupro: a letter series for natural persons, "+" for legal persons, "*" for public bodies).
import { z } from 'zod'

const COMMUNE = '(?:\\d{5}|2[AB]\\d{3})'
const SECTION_CODE = '(?:0[A-Z]|[A-Z]{2})'

export const SECTION_ID_PATTERN = new RegExp(`^${COMMUNE}\\d{3}${SECTION_CODE}$`)
export const PARCEL_ID_PATTERN = new RegExp(`^${COMMUNE}\\d{3}${SECTION_CODE}\\d{4}$`)
export const ACCOUNT_ID_PATTERN = new RegExp(`^${COMMUNE}[A-Z+*]\\d{5}$`)

/** Letters of section codes (the cadastre avoids I, O, Q and U, easily misread). */
const SECTION_LETTERS = 'ABCDEFGHJKLMNPRSTVWXYZ'

/** The code of the n-th section of a commune (0-based): 0A…0Z, then AA, AB, … */
export function sectionCode(index: number): string {
  const n = SECTION_LETTERS.length
  if (index < n) return `0${SECTION_LETTERS[index]}`
  const k = index - n
  if (k >= n * n) throw new Error(`section index ${index} out of range`)
  return `${SECTION_LETTERS[Math.floor(k / n)]}${SECTION_LETTERS[k % n]}`
}

export const sectionId = (commune: string, code: string, prefix = '000') => `${commune}${prefix}${code}`
export const parcelId = (section: string, numero: number) => `${section}${String(numero).padStart(4, '0')}`
export const accountId = (commune: string, numero: string) => `${commune}${numero}`

const idSchema = (pattern: RegExp, message: string) => z.string().trim().toUpperCase().regex(pattern, message)

export const parcelIdSchema = idSchema(
  PARCEL_ID_PATTERN,
  'Un identifiant de parcelle compte 14 caractères : code commune (5), préfixe (3), section (2), numéro (4), ex. 35238000AB0123.',
)
export const sectionIdSchema = idSchema(
  SECTION_ID_PATTERN,
  'Un identifiant de section compte 10 caractères : code commune (5), préfixe (3), section (2), ex. 35238000AB.',
)
export const accountIdSchema = idSchema(
  ACCOUNT_ID_PATTERN,
  'Un identifiant de compte communal compte 11 caractères : code commune (5) puis numéro de compte (une lettre, + ou *, et 5 chiffres), ex. 35238+00012.',
)
