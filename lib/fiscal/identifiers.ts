// Identifiers of the fiscal detail. A PEV is its premises' id (commune code and invariant, 15
// characters) followed by its 3-digit number, as the Cerema's `idpev` follows `idlocal`; a SUF is its
// parcel's id (14 characters) followed by its suffix letter (ccosub); a notice is the owner account
// (property tax) or the premises (housing tax) followed by « - » and the year.
import { z } from 'zod'

const COMMUNE = '(?:\\d{5}|2[AB]\\d{3})'
export const PEV_ID_PATTERN = new RegExp(`^${COMMUNE}\\d{10}\\d{3}$`)
export const SUF_ID_PATTERN = new RegExp(`^${COMMUNE}\\d{3}(?:0[A-Z]|[A-Z]{2})\\d{4}[A-Z]$`)
export const TF_ID_PATTERN = new RegExp(`^${COMMUNE}[A-Z+*]\\d{5}-\\d{4}$`)
export const TH_ID_PATTERN = new RegExp(`^${COMMUNE}\\d{10}-\\d{4}$`)

export const pevId = (premises: string, numero: number) => `${premises}${String(numero).padStart(3, '0')}`
export const sufId = (parcel: string, suffixe: string) => `${parcel}${suffixe}`
export const taxNoticeId = (owner: string, year: number) => `${owner}-${year}`

const idSchema = (pattern: RegExp, message: string) =>
  z.string().trim().toUpperCase().pipe(z.string().regex(pattern, message))

export const pevIdSchema = idSchema(
  PEV_ID_PATTERN,
  'Un identifiant de partie d’évaluation compte 18 caractères : identifiant du local (code commune et invariant, 15) puis numéro (3 chiffres), ex. 352381234567890001.',
)
export const sufIdSchema = idSchema(
  SUF_ID_PATTERN,
  'Un identifiant de subdivision fiscale est l’identifiant de la parcelle (14 caractères) suivi de la lettre de la subdivision, ex. 35238000AB0123A.',
)
export const tfIdSchema = idSchema(
  TF_ID_PATTERN,
  'Un identifiant d’avis de taxe foncière est le compte communal (11 caractères), un tiret et l’année, ex. 35238+00001-2025.',
)
export const thIdSchema = idSchema(
  TH_ID_PATTERN,
  'Un identifiant d’avis de taxe d’habitation est l’identifiant du local (15 caractères), un tiret et l’année, ex. 352381234567890-2025.',
)
