// The criteria of an establishment search (spec §4.3 `search`), as the API receives them — a free
// text, or an object of keys whose values may be lists (any of) — and as the domain uses them.
import { z } from 'zod'
import { oneOrMany, searchParameterSchema } from '../http/schemas'
import {
  COMMUNE_CODE_RULE,
  communeCodeSchema,
  departementCodeSchema,
  regionCodeSchema,
  searchTextSchema,
  zoneIdSchema,
} from '../territory/code-schemas'
import { TRANCHE_CODES } from '../territory/effectif'
import { searchWords } from '../text/normalise'
import { SIREN_PATTERN, SIRET_PATTERN, sirenSchema, siretSchema } from './identifiers'

const trimmed = () => z.string().trim()

const siren = trimmed().pipe(sirenSchema)
const siret = trimmed().pipe(siretSchema)
const codeNaf = trimmed()
  .toUpperCase()
  .regex(/^\d{2}\.?\d{2}[A-Z]$/, 'Un code NAF s’écrit comme 62.01Z.')
  .transform((v) => (v.includes('.') ? v : `${v.slice(0, 2)}.${v.slice(2)}`))
const tranche = trimmed().pipe(
  z.enum(TRANCHE_CODES as [string, ...string[]], {
    error: `Tranche d’effectif inconnue ; valeurs : ${TRANCHE_CODES.join(', ')}.`,
  }),
)

const searchCriteriaShape = {
  siren: oneOrMany(siren, 1000).optional().describe('SIREN (9 chiffres)'),
  siret: oneOrMany(siret, 1000).optional().describe('SIRET (14 chiffres)'),
  code_commune: oneOrMany(communeCodeSchema, 1000)
    .optional()
    .describe(`Code commune INSEE. ${COMMUNE_CODE_RULE}`),
  zone_id: oneOrMany(zoneIdSchema, 100)
    .optional()
    .describe('Identifiant (UUID) d’une zone : EPCI, département ou région'),
  q: oneOrMany(searchTextSchema, 20)
    .optional()
    .describe('Texte libre : nom, enseigne, dénomination usuelle, SIRET ou SIREN'),
  code_naf: oneOrMany(codeNaf, 200).optional().describe('Code d’activité NAF rév. 2'),
  departement: oneOrMany(departementCodeSchema, 110).optional().describe('Code département'),
  region: oneOrMany(regionCodeSchema, 30).optional().describe('Code région'),
  tranche_effectif: oneOrMany(tranche, 16).optional().describe('Code de tranche d’effectif INSEE'),
}

/** Keys accepted in a `search` object; listed in the error when another key is sent. */
export const SEARCH_KEYS = Object.keys(searchCriteriaShape) as Array<keyof typeof searchCriteriaShape>
export type SearchKey = (typeof SEARCH_KEYS)[number]

/**
 * `search`: a free text (name, SIRET or SIREN) or an object of criteria combined with AND, where a
 * list means "any of".
 */
export const searchSchema = searchParameterSchema(searchCriteriaShape, { description: 'nom, SIRET ou SIREN' })

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

/**
 * A free text once classified: a SIRET or a SIREN (spaces and dots allowed), or a name to look for,
 * normalised (lib/text/normalise) and split into its words. Every free text of a search is
 * classified once, by the query builder, which gives the result to the filter and to the ranking.
 */
export type FreeText =
  { kind: 'siret' | 'siren'; value: string } | { kind: 'words'; normalised: string; words: string[] }

export function classifyFreeText(value: string): FreeText {
  const digits = value.replace(/[\s.]/g, '')
  if (SIRET_PATTERN.test(digits)) return { kind: 'siret', value: digits }
  if (SIREN_PATTERN.test(digits)) return { kind: 'siren', value: digits }
  const words = searchWords(value)
  return { kind: 'words', normalised: words.join(' '), words }
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
