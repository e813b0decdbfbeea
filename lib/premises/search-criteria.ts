// The criteria of a search of local premises (model `local` of datasets): a free text (owner name),
// or an object of keys whose values may be lists (any of), combined with AND — the same shape as
// the establishment search.
import { z } from 'zod'
import { dispatchByType, isPlainObject, isString, oneOrMany } from '../http/schemas'

export const PREMISES_SEARCH_KEYS = [
  'codcom',
  'code_commune',
  'zone_id',
  'departement',
  'annee',
  'proprietaire',
] as const

const trimmed = () => z.string().trim()

const codeCommune = trimmed()
  .toUpperCase()
  .regex(/^(\d{5}|2[AB]\d{3})$/, 'Un code commune INSEE compte 5 caractères (ex. 35238, 2A004).')
const zoneId = trimmed().pipe(z.uuid('Un identifiant de zone est un UUID.'))
const departement = trimmed()
  .toUpperCase()
  .regex(/^(\d{2}|2[AB]|97\d)$/, 'Un code département s’écrit comme 35, 2A ou 971.')
const text = trimmed()
  .min(1, 'Le texte recherché est vide.')
  .max(200, 'Le texte recherché dépasse 200 caractères.')
const year = z.coerce
  .number({ error: 'Une année s’écrit en chiffres, ex. 2025.' })
  .int('Une année est un entier.')
  .min(1900, 'Année hors limites (1900 à 2100).')
  .max(2100, 'Année hors limites (1900 à 2100).')

const years = dispatchByType<number[]>(
  [
    {
      accepts: (v) => typeof v === 'number' || typeof v === 'string',
      schema: year.transform((v) => [v]),
    },
    {
      accepts: Array.isArray,
      schema: z
        .array(year)
        .min(1, 'La liste est vide.')
        .max(50, 'Au plus 50 valeurs.')
        .transform((v) => [...new Set(v)]),
    },
  ],
  'Attendu : une année ou une liste d’années.',
)

export const premisesSearchObjectSchema = z.strictObject(
  {
    codcom: oneOrMany(codeCommune, 1000).optional().describe('Code commune INSEE'),
    code_commune: oneOrMany(codeCommune, 1000).optional().describe('Code commune INSEE (synonyme de codcom)'),
    zone_id: oneOrMany(zoneId, 100)
      .optional()
      .describe('Identifiant (UUID) d’une zone : EPCI, département ou région'),
    departement: oneOrMany(departement, 110).optional().describe('Code département'),
    annee: years.optional().describe('Année du millésime'),
    proprietaire: oneOrMany(text, 20).optional().describe('Texte à trouver dans le nom du propriétaire'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Critère inconnu : ${issue.keys.join(', ')}. Critères acceptés : ${PREMISES_SEARCH_KEYS.join(', ')}.`
        : undefined,
  },
)

/** `search` of local premises: a free text (owner name) or an object of criteria. */
export const premisesSearchSchema = dispatchByType<string | z.output<typeof premisesSearchObjectSchema>>(
  [
    { accepts: isString, schema: z.string().max(200, 'Le texte recherché dépasse 200 caractères.') },
    { accepts: isPlainObject, schema: premisesSearchObjectSchema },
  ],
  'search est un texte libre (nom du propriétaire) ou un objet de critères.',
).describe(
  'Texte libre (nom du propriétaire) ou objet de critères combinés par ET ; une liste vaut « l’un de ».',
)

export type PremisesSearch = z.output<typeof premisesSearchSchema>

export interface PremisesCriteria {
  communes?: string[]
  zones?: string[]
  departements?: string[]
  annees?: number[]
  /** Owner texts; a record matches one of them (each word of it, anywhere in the owner's name). */
  proprietaires?: string[]
}

export function toPremisesCriteria(search: PremisesSearch | undefined): PremisesCriteria {
  if (search === undefined) return {}
  if (typeof search === 'string') return search.trim() === '' ? {} : { proprietaires: [search.trim()] }
  const criteria: PremisesCriteria = {}
  const communes = [...new Set([...(search.codcom ?? []), ...(search.code_commune ?? [])])]
  if (communes.length) criteria.communes = communes
  if (search.zone_id) criteria.zones = search.zone_id
  if (search.departement) criteria.departements = search.departement
  if (search.annee) criteria.annees = search.annee
  if (search.proprietaire) criteria.proprietaires = search.proprietaire
  return criteria
}
