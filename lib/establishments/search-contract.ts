// The contracts of GET /v0/eco/sirets (spec §4.3: `search`, `page`, `size`, plus `bbox` for map
// viewports, read the same way from the JSON body of the GET request and from the query string) and
// GET /v0/eco/sirets/:id.
import { z } from 'zod'
import { defineContract } from '../http/contract'
import { listContract, protectedErrors, recordResponses } from '../http/list-contract'
import { MAX_FEATURES } from '../http/list-limits'
import { searchFromQuery } from '../http/list-request'
import { problemSchema } from '../http/problem-schema'
import { bboxSchema } from '../territory/bbox'
import { CELL_PX, MAX_CLUSTERS, MAX_ZOOM } from './clusters-grid'
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

// GET /v0/eco/sirets/clusters -------------------------------------------------------------------

const zoomSchema = z
  .preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,3}(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'zoom est un nombre de 0 à 22.' })
      .min(0, 'zoom vaut au moins 0.')
      .max(MAX_ZOOM, `zoom vaut au plus ${MAX_ZOOM}.`),
  )
  .describe('Niveau de zoom de la carte (0 à 22, décimal accepté) : fixe la taille des groupes')

const CLUSTER_PARAMETERS = ['search', 'bbox', 'zoom']

/** Parameters of the clusters endpoint; bbox and zoom are required once query and body are merged. */
export const clustersRequestSchema = z.strictObject(
  {
    search: z.preprocess(searchFromQuery, searchSchema).optional(),
    bbox: bboxSchema.optional(),
    zoom: zoomSchema.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Paramètre inconnu : ${issue.keys.join(', ')}. Paramètres acceptés : ${CLUSTER_PARAMETERS.join(', ')}.`
        : undefined,
  },
)
export type ClustersRequestInput = z.output<typeof clustersRequestSchema>

const clusterFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }).strict(),
    properties: z.union([
      z
        .object({
          count: z.literal(1),
          id: siretSchema.describe('SIRET de l’établissement'),
          url: z.string().describe('Sa fiche'),
        })
        .strict(),
      z
        .object({
          count: z.int().min(2).describe('Établissements du groupe'),
          bbox: z
            .tuple([z.number(), z.number(), z.number(), z.number()])
            .describe('Emprise de ses établissements (ouest, sud, est, nord)'),
        })
        .strict(),
    ]),
  })
  .strict()

export const clusterCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    total: z.int().describe('Établissements situés dans l’emprise : la somme des count'),
    features: z.array(clusterFeatureSchema).max(MAX_CLUSTERS),
  })
  .strict()

export const clustersContract = defineContract({
  operationId: 'clusterEstablishments',
  method: 'GET',
  path: '/v0/eco/sirets/clusters',
  summary: 'Établissements d’une emprise de carte, groupés',
  description: [
    'Les établissements situés d’une recherche (mêmes formes de search que GET /v0/eco/sirets) dans l’emprise bbox',
    '(ouest,sud,est,nord, obligatoire), groupés sur une grille dont les cases mesurent environ',
    `${CELL_PX} pixels au zoom donné (obligatoire, 0 à ${MAX_ZOOM}) : un Point par case non vide, à la position moyenne de ses`,
    'établissements, avec count ; quand count vaut 1, id (SIRET) et url de l’établissement, sinon bbox du groupe.',
    `La somme des count est exactement le nombre d’établissements situés de la recherche dans l’emprise (total) ;`,
    `${MAX_CLUSTERS.toLocaleString('fr-FR')} objets au plus (la grille s’élargit pour une grande emprise).`,
    'Paramètres en corps JSON de la requête GET ou dans l’adresse. ETag et If-None-Match (304).',
  ].join(' '),
  tags: ['Établissements'],
  since: '0.15.0',
  auth: { kind: 'scopes', requirement: { allOf: ['eco'] } },
  query: clustersRequestSchema,
  body: clustersRequestSchema,
  requiredParameters: ['bbox', 'zoom'],
  formats: ['geojson', 'json'],
  example: {
    path: '/v0/eco/sirets/clusters',
    query: { bbox: '-1.8,48.0,-1.5,48.2', zoom: '11', 'search[code_commune]': '35238' },
  },
  responses: {
    200: {
      description: 'Les groupes (FeatureCollection)',
      content: { geojson: clusterCollectionSchema, json: clusterCollectionSchema },
      headers: { ETag: 'Version des données et de la requête' },
    },
    304: { description: 'Inchangé depuis l’ETag donné dans If-None-Match' },
    400: { description: 'Paramètres invalides ou absents (bbox, zoom)', content: { problem: problemSchema } },
    ...protectedErrors('eco'),
  },
})
