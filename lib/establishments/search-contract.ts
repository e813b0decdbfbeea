// The contracts of GET /v0/eco/sirets (spec §4.3: `search`, `page`, `size`, plus `bbox` for map
// viewports, read the same way from the JSON body of the GET request and from the query string) and
// GET /v0/eco/sirets/:id.
import { z } from 'zod'
import { defineContract } from '../http/contract'
import { listContract, recordResponses } from '../http/list-contract'
import { MAX_FEATURES } from '../http/list-limits'
import { bboxSchema } from '../territory/bbox'
import { EXAMPLE_SIRET } from './examples'
import { siretSchema } from './identifiers'
import { searchSchema } from './search-criteria'
import { establishmentDetailWireSchema, establishmentWireSchema, featureCollectionSchema } from './serialise'

export const searchContract = listContract({
  operationId: 'searchEstablishments',
  path: '/v0/eco/sirets',
  summary: 'Recherche d’établissements (JSON paginé ou points GeoJSON)',
  description: [
    'search texte : SIRET (14 chiffres), SIREN (9 chiffres) ou recherche sur les noms (entreprise, enseigne, dénomination usuelle),',
    'sans accents ni casse, classée : nom exact, puis début du nom, puis similarité, puis SIRET.',
    'search objet : critères combinés par ET, une liste valant « l’un de ». Résultats dans l’ordre des SIRET',
    '(ou du classement pour un texte). Au-delà du 10 000e résultat, créer un jeu de données (modèle siret).',
    `GeoJSON : un point par position distincte portant ses établissements, ${MAX_FEATURES.toLocaleString('fr-FR')} établissements au plus ;`,
    'bbox restreint à une emprise.',
  ].join(' '),
  tags: ['Établissements'],
  since: '0.6.0',
  auth: { kind: 'scopes', requirement: { allOf: ['eco'] } },
  scopesLabel: 'eco',
  search: searchSchema,
  extra: { bbox: bboxSchema },
  itemsKey: 'etablissements',
  itemSchema: establishmentWireSchema,
  geojson: featureCollectionSchema,
  example: { path: '/v0/eco/sirets', body: { search: { code_commune: '35238' }, size: 10 } },
})

/** The search parameters (JSON body or query string), shared with the explorer's BFF routes. */
export const searchRequestSchema = searchContract.requestSchema
export type SearchRequestInput = z.output<typeof searchRequestSchema>
export const searchResultSchema = searchContract.resultSchema

export const establishmentContract = defineContract({
  operationId: 'getEstablishment',
  method: 'GET',
  path: '/v0/eco/sirets/{id}',
  summary: 'Un établissement',
  description:
    'La fiche d’un établissement par son SIRET : champs de la recherche, coordonnées, date de création, nature juridique.',
  tags: ['Établissements'],
  since: '0.6.0',
  auth: { kind: 'scopes', requirement: { allOf: ['eco'] } },
  params: z.object({ id: siretSchema }),
  formats: ['json'],
  example: { path: `/v0/eco/sirets/${EXAMPLE_SIRET}` },
  responses: recordResponses('eco', {
    description: 'L’établissement',
    content: { json: establishmentDetailWireSchema },
    notFound: 'Aucun établissement avec ce SIRET',
  }),
})
