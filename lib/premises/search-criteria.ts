// The criteria of a search of local premises (model `local` of datasets): a free text (owner name),
// or an object of keys whose values may be lists (any of), combined with AND — the same shape as
// the establishment search.
import type { z } from 'zod'
import { oneOrMany, searchParameterSchema } from '../http/schemas'
import {
  COMMUNE_CODE_RULE,
  communeCodeSchema,
  departementCodeSchema,
  searchTextSchema,
  yearsSchema,
  zoneIdSchema,
} from '../territory/code-schemas'

const premisesCriteriaShape = {
  codcom: oneOrMany(communeCodeSchema, 1000).optional().describe(`Code commune INSEE. ${COMMUNE_CODE_RULE}`),
  code_commune: oneOrMany(communeCodeSchema, 1000)
    .optional()
    .describe('Code commune INSEE (synonyme de codcom)'),
  zone_id: oneOrMany(zoneIdSchema, 100)
    .optional()
    .describe('Identifiant (UUID) d’une zone : EPCI, département ou région'),
  departement: oneOrMany(departementCodeSchema, 110).optional().describe('Code département'),
  annee: yearsSchema.optional().describe('Année du millésime'),
  proprietaire: oneOrMany(searchTextSchema, 20)
    .optional()
    .describe('Texte à trouver dans le nom du propriétaire'),
}

/** `search` of local premises: a free text (owner name) or an object of criteria. */
export const premisesSearchSchema = searchParameterSchema(premisesCriteriaShape, {
  description: 'nom du propriétaire',
})

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
