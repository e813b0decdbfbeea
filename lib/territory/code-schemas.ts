// Input schemas of the territorial codes every search takes (INSEE commune, department and region
// codes, zone ids, years), written once so every endpoint says the same thing about a wrong value.
import { z } from 'zod'
import { dispatchByType } from '../http/schemas'

const trimmed = () => z.string().trim()

/** INSEE commune code: 5 characters, Corsica's 2A/2B included. */
export const communeCodeSchema = trimmed()
  .toUpperCase()
  .regex(/^(\d{5}|2[AB]\d{3})$/, 'Un code commune INSEE compte 5 caractères (ex. 35238, 2A004).')

/**
 * How a commune code of a search matches (lib/territory/commune-codes-sql), said in the API
 * description of every `code_commune`.
 */
export const COMMUNE_CODE_RULE =
  'Paris (75056), Lyon (69123) et Marseille (13055) valent aussi leurs arrondissements municipaux ' +
  '(75101–75120, 69381–69389, 13201–13216), sous lesquels leurs établissements et locaux sont enregistrés ; ' +
  'un code d’arrondissement ne vaut que lui-même.'

export const zoneIdSchema = trimmed().pipe(z.uuid('Un identifiant de zone est un UUID.'))

export const departementCodeSchema = trimmed()
  .toUpperCase()
  .regex(/^(\d{2}|2[AB]|97\d)$/, 'Un code département s’écrit comme 35, 2A ou 971.')

export const regionCodeSchema = trimmed().regex(/^\d{2}$/, 'Un code région compte 2 chiffres.')

/** A text searched in names (one `q` value, or the free-text `search`). */
export const searchTextSchema = trimmed()
  .min(1, 'Le texte recherché est vide.')
  .max(200, 'Le texte recherché dépasse 200 caractères.')

const yearSchema = z.coerce
  .number({ error: 'Une année s’écrit en chiffres, ex. 2025.' })
  .int('Une année est un entier.')
  .min(1900, 'Année hors limites (1900 à 2100).')
  .max(2100, 'Année hors limites (1900 à 2100).')

/** One year or a non-empty list of them (any of), as numbers or digits, deduplicated. */
export const yearsSchema = dispatchByType<number[]>(
  [
    {
      accepts: (v) => typeof v === 'number' || typeof v === 'string',
      schema: yearSchema.transform((v) => [v]),
    },
    {
      accepts: Array.isArray,
      schema: z
        .array(yearSchema)
        .min(1, 'La liste est vide.')
        .max(50, 'Au plus 50 valeurs.')
        .transform((v) => [...new Set(v)]),
    },
  ],
  'Attendu : une année ou une liste d’années.',
)
