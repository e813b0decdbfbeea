// The criteria of an establishment search (spec §4.3 `search`), as the API receives them — a free
// text, or an object of keys whose values may be lists (any of) — and as the domain uses them.
import { z } from 'zod'
import { dispatchByType, isPlainObject, isString, oneOrMany } from '../http/schemas'
import { TRANCHE_CODES } from '../territory/effectif'

/** Keys accepted in a `search` object; listed in the error when another key is sent. */
export const SEARCH_KEYS = [
  'siren',
  'siret',
  'code_commune',
  'zone_id',
  'q',
  'code_naf',
  'departement',
  'region',
  'tranche_effectif',
] as const
export type SearchKey = (typeof SEARCH_KEYS)[number]

const trimmed = () => z.string().trim()

const siren = trimmed().regex(/^\d{9}$/, 'Un SIREN compte 9 chiffres.')
const siret = trimmed().regex(/^\d{14}$/, 'Un SIRET compte 14 chiffres.')
const codeCommune = trimmed()
  .toUpperCase()
  .regex(/^(\d{5}|2[AB]\d{3})$/, 'Un code commune INSEE compte 5 caractères (ex. 35238, 2A004).')
const zoneId = trimmed().pipe(z.uuid('Un identifiant de zone est un UUID.'))
const text = trimmed()
  .min(1, 'Le texte recherché est vide.')
  .max(200, 'Le texte recherché dépasse 200 caractères.')
const codeNaf = trimmed()
  .toUpperCase()
  .regex(/^\d{2}\.?\d{2}[A-Z]$/, 'Un code NAF s’écrit comme 62.01Z.')
  .transform((v) => (v.includes('.') ? v : `${v.slice(0, 2)}.${v.slice(2)}`))
const departement = trimmed()
  .toUpperCase()
  .regex(/^(\d{2}|2[AB]|97\d)$/, 'Un code département s’écrit comme 35, 2A ou 971.')
const region = trimmed().regex(/^\d{2}$/, 'Un code région compte 2 chiffres.')
const tranche = trimmed().pipe(
  z.enum(TRANCHE_CODES as [string, ...string[]], {
    error: `Tranche d’effectif inconnue ; valeurs : ${TRANCHE_CODES.join(', ')}.`,
  }),
)

export const searchObjectSchema = z.strictObject(
  {
    siren: oneOrMany(siren, 1000).optional().describe('SIREN (9 chiffres)'),
    siret: oneOrMany(siret, 1000).optional().describe('SIRET (14 chiffres)'),
    code_commune: oneOrMany(codeCommune, 1000).optional().describe('Code commune INSEE'),
    zone_id: oneOrMany(zoneId, 100)
      .optional()
      .describe('Identifiant (UUID) d’une zone : EPCI, département ou région'),
    q: oneOrMany(text, 20)
      .optional()
      .describe('Texte libre : nom, enseigne, dénomination usuelle, SIRET ou SIREN'),
    code_naf: oneOrMany(codeNaf, 200).optional().describe('Code d’activité NAF rév. 2'),
    departement: oneOrMany(departement, 110).optional().describe('Code département'),
    region: oneOrMany(region, 30).optional().describe('Code région'),
    tranche_effectif: oneOrMany(tranche, 16).optional().describe('Code de tranche d’effectif INSEE'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Critère inconnu : ${issue.keys.join(', ')}. Critères acceptés : ${SEARCH_KEYS.join(', ')}.`
        : undefined,
  },
)

const freeTextSchema = z.string().max(200, 'Le texte recherché dépasse 200 caractères.')

/**
 * `search`: a free text (name, SIRET or SIREN) or an object of criteria combined with AND, where a
 * list means "any of".
 */
export const searchSchema = dispatchByType<string | z.output<typeof searchObjectSchema>>(
  [
    { accepts: isString, schema: freeTextSchema },
    { accepts: isPlainObject, schema: searchObjectSchema },
  ],
  'search est un texte libre (nom, SIRET ou SIREN) ou un objet de critères.',
).describe(
  'Texte libre (nom, SIRET ou SIREN) ou objet de critères combinés par ET ; une liste vaut « l’un de ».',
)

export type SearchInput = string | z.input<typeof searchObjectSchema>

/** The search in domain terms: each present list restricts the results (lists are "any of"). */
export interface SearchCriteria {
  sirens?: string[]
  sirets?: string[]
  communes?: string[]
  zones?: string[]
  /**
   * Free texts (the `search` string, or `q`); a result matches one of them. Each is a SIRET or a
   * SIREN when it is one (spaces and dots allowed), otherwise words to find in the names.
   */
  texts?: string[]
  nafs?: string[]
  departements?: string[]
  regions?: string[]
  tranches?: string[]
}

export type FreeText = { kind: 'siret' | 'siren' | 'words'; value: string }

export function classifyFreeText(value: string): FreeText {
  const trimmed = value.trim()
  const digits = trimmed.replace(/[\s.]/g, '')
  if (/^\d{14}$/.test(digits)) return { kind: 'siret', value: digits }
  if (/^\d{9}$/.test(digits)) return { kind: 'siren', value: digits }
  return { kind: 'words', value: trimmed }
}

export function toCriteria(search: z.output<typeof searchSchema> | undefined): SearchCriteria {
  if (search === undefined) return {}
  if (typeof search === 'string') return search.trim() === '' ? {} : { texts: [search.trim()] }
  const entries: Array<[keyof SearchCriteria, string[] | undefined]> = [
    ['sirens', search.siren],
    ['sirets', search.siret],
    ['communes', search.code_commune],
    ['zones', search.zone_id],
    ['texts', search.q],
    ['nafs', search.code_naf],
    ['departements', search.departement],
    ['regions', search.region],
    ['tranches', search.tranche_effectif],
  ]
  const criteria: SearchCriteria = {}
  for (const [key, values] of entries) if (values) criteria[key] = values
  return criteria
}

/**
 * `search` as it arrives in a query string: a JSON object (`search={"code_commune":"35238"}`), a
 * bracketed object (`search[code_commune]=35238`, already nested by lib/http/query) or a free text.
 */
export function searchFromQuery(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const trimmed = value.trim()
  if (trimmed.startsWith('{') || trimmed.startsWith('"')) {
    try {
      return JSON.parse(trimmed) as unknown
    } catch {
      return value
    }
  }
  return value
}
