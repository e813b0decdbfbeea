// The criteria of a search of local premises (model `local` of datasets): a free text (owner name),
// or an object of keys whose values may be lists (any of), combined with AND — the same shape as
// the establishment search.
import { z } from 'zod'
import { ACCOUNT_ID_PATTERN, parcelIdSchema } from '../cadastre/identifiers'
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
    .describe(
      'Compte communal (identifiant de 11 caractères) ou texte à trouver dans le nom du propriétaire',
    ),
  parcelle: oneOrMany(parcelIdSchema, 1000).optional().describe('Identifiant de parcelle (14 caractères)'),
  invariant: oneOrMany(
    z
      .string()
      .trim()
      .regex(/^\d{10}$/, 'Un invariant compte 10 chiffres.'),
    1000,
  )
    .optional()
    .describe('Invariant du local (10 chiffres)'),
  q: oneOrMany(searchTextSchema, 20)
    .optional()
    .describe(
      'Texte libre : identifiant de local, de parcelle ou de compte, invariant, ou mots du nom du propriétaire ou de l’adresse',
    ),
}

/** `search` of local premises: a free text (owner name) or an object of criteria. */
export const premisesSearchSchema = searchParameterSchema(premisesCriteriaShape, {
  description: 'identifiant de local, de parcelle ou de compte, invariant, nom du propriétaire ou adresse',
})

export type PremisesSearch = z.output<typeof premisesSearchSchema>

export interface PremisesCriteria {
  communes?: string[]
  zones?: string[]
  departements?: string[]
  annees?: number[]
  /** Owner texts; a record matches one of them (each word of it, anywhere in the owner's name). */
  proprietaires?: string[]
  /** Owner account ids (a `proprietaire` value shaped like one). */
  comptes?: string[]
  parcelles?: string[]
  invariants?: string[]
  /** Free texts (`q`, or the `search` string): identifiers or words of the owner's name or address. */
  texts?: string[]
}

export function toPremisesCriteria(search: PremisesSearch | undefined): PremisesCriteria {
  if (search === undefined) return {}
  if (typeof search === 'string') return search.trim() === '' ? {} : { texts: [search.trim()] }
  const criteria: PremisesCriteria = {}
  const communes = [...new Set([...(search.codcom ?? []), ...(search.code_commune ?? [])])]
  if (communes.length) criteria.communes = communes
  if (search.zone_id) criteria.zones = search.zone_id
  if (search.departement) criteria.departements = search.departement
  if (search.annee) criteria.annees = search.annee
  const accounts = (search.proprietaire ?? []).filter((v) => ACCOUNT_ID_PATTERN.test(v.toUpperCase()))
  const owners = (search.proprietaire ?? []).filter((v) => !ACCOUNT_ID_PATTERN.test(v.toUpperCase()))
  if (owners.length) criteria.proprietaires = owners
  if (accounts.length) criteria.comptes = accounts.map((v) => v.toUpperCase())
  if (search.parcelle) criteria.parcelles = search.parcelle
  if (search.invariant) criteria.invariants = search.invariant
  if (search.q) criteria.texts = search.q
  return criteria
}
