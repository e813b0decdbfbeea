// Contracts of the geography endpoints (spec §1, since 0.5.0; scope eco or fiscal): communes, and
// the cadastral sections and parcels meeting a box.
import { defineContract } from '../http/contract'
import { listContract, protectedErrors } from '../http/list-contract'
import { problemSchema } from '../http/problem-schema'
import { z } from 'zod'
import {
  boxParamsSchema,
  communeFeatureCollectionSchema,
  communeSearchSchema,
  communeWireSchema,
  MAX_BOX_FEATURES,
} from './geo'

const geo = {
  tags: ['Géographie'],
  since: '0.5.0',
  auth: { kind: 'scopes', requirement: { anyOf: ['eco', 'fiscal'] } },
} as const

export const communeListContract = listContract({
  ...geo,
  operationId: 'searchCommunes',
  path: '/v0/geo/communes',
  summary: 'Communes : code, nom, département, région, centre et emprise (JSON) ou contours (GeoJSON)',
  description: [
    'search texte : nom ou code de la commune. search objet : code, departement, region, q ;',
    'critères combinés par ET, une liste valant « l’un de ». Résultats dans l’ordre des codes ; quand un nom est cherché,',
    'les communes de ce nom d’abord, puis celles dont le nom commence par lui, puis les autres.',
    'GeoJSON : le contour de chaque commune, propriétés de l’enregistrement JSON.',
  ].join(' '),
  scopesLabel: 'eco ou fiscal',
  search: communeSearchSchema,
  itemsKey: 'communes',
  itemSchema: communeWireSchema,
  geojson: communeFeatureCollectionSchema,
  example: { path: '/v0/geo/communes', body: { search: { departement: '35' }, size: 10 } },
})

const boxFeatureCollection = (properties: z.ZodType) =>
  z
    .object({
      type: z.literal('FeatureCollection'),
      features: z.array(
        z
          .object({
            type: z.literal('Feature'),
            geometry: z.object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.any()) }),
            properties,
          })
          .strict(),
      ),
    })
    .strict()

const boxContract = (layer: 'sections' | 'parcelles', properties: z.ZodType, what: string) =>
  defineContract({
    ...geo,
    operationId: layer === 'sections' ? 'geoSections' : 'geoParcelles',
    method: 'GET',
    path: `/v0/geo/${layer}/{n}/{e}/{s}/{w}`,
    summary: `Les ${what} qui touchent une emprise`,
    description:
      `Emprise en degrés WGS 84 : nord, est, sud, ouest (n ≥ s, e ≥ w). FeatureCollection des ${what} dont le contour touche l’emprise, ` +
      `dans l’ordre des identifiants. Au plus ${MAX_BOX_FEATURES.toLocaleString('fr-FR')} objets : une emprise qui en compte davantage ` +
      '(contours dont l’emprise rectangulaire la touche) est refusée (400), jamais tronquée : resserrez-la.',
    params: boxParamsSchema,
    formats: ['geojson', 'json'],
    example: { path: `/v0/geo/${layer}/48.1135/-1.6750/48.1090/-1.6820` },
    responses: {
      200: {
        description: `Les ${what} de l’emprise`,
        content: { geojson: boxFeatureCollection(properties), json: boxFeatureCollection(properties) },
        headers: { ETag: 'Version des données et de l’emprise' },
      },
      304: { description: 'Inchangé depuis l’ETag donné dans If-None-Match' },
      400: {
        description: `Emprise mal formée (nombres, n ≥ s, e ≥ w, bornes) ou de plus de ${MAX_BOX_FEATURES} objets`,
        content: { problem: problemSchema },
      },
      ...protectedErrors('eco ou fiscal'),
    },
  })

const ref = { id: z.string(), url: z.string() }

export const sectionBoxContract = boxContract('sections', z.object(ref).strict(), 'sections cadastrales')

export const parcelBoxContract = boxContract(
  'parcelles',
  z
    .object({
      ...ref,
      codcom: z.string(),
      section: z.string().describe('Code de la section (2 caractères)'),
      contenance: z.int().describe('m²'),
    })
    .strict(),
  'parcelles',
)
