// Contracts of the territorial divisions and zones (spec §1, since 0.6.0; 0.7.2 for the single
// feature of GET /zones/:id).
import { z } from 'zod'
import { defineContract } from '../http/contract'
import { protectedErrors } from '../http/list-contract'
import { problemSchema } from '../http/problem-schema'
import { zoneId, ZONE_TYPES } from './zone-id'
import { DIVISION_NAMES, divisionListSchema, divisionZonesSchema, zoneFeatureCollectionSchema } from './zones'

const common = {
  tags: ['Découpages et zones'],
  since: '0.6.0',
  auth: { kind: 'scopes', requirement: { anyOf: ['eco', 'fiscal'] } },
} as const

const errors = protectedErrors('eco ou fiscal')

export const divisionsContract = defineContract({
  ...common,
  operationId: 'listDivisions',
  method: 'GET',
  path: '/v0/decoupages',
  summary: 'Les découpages territoriaux : EPCI, départements, régions',
  formats: ['json'],
  example: {
    path: '/v0/decoupages',
    response: {
      decoupages: (
        [
          ['epci', 1255],
          ['departement', 109],
          ['region', 26],
        ] as const
      ).map(([id, zones]) => ({ id, nom: DIVISION_NAMES[id], zones, url: `/v0/decoupages/${id}` })),
    },
  },
  responses: {
    200: {
      description: 'Les genres de découpage et leur nombre de zones',
      content: { json: divisionListSchema },
    },
    ...errors,
  },
})

export const divisionContract = defineContract({
  ...common,
  operationId: 'getDivision',
  method: 'GET',
  path: '/v0/decoupages/{id}',
  summary: 'Les zones d’un découpage',
  description:
    'Les zones (identifiant UUID à utiliser dans search.zone_id, code, nom) d’un découpage, par code.',
  params: z.object({ id: z.string() }),
  formats: ['json'],
  example: { path: '/v0/decoupages/departement' },
  responses: {
    200: { description: 'Les zones du découpage', content: { json: divisionZonesSchema } },
    404: { description: `Découpage inconnu (${ZONE_TYPES.join(', ')})`, content: { problem: problemSchema } },
    ...errors,
  },
})

export const zoneContract = defineContract({
  ...common,
  operationId: 'getZone',
  method: 'GET',
  path: '/v0/zones/{id}',
  summary: 'Le contour d’une zone',
  description:
    'Une FeatureCollection d’une seule Feature : le contour de la zone (MultiPolygon réunissant les contours de ses communes), propriétés id, code, nom, type.',
  params: z.object({ id: z.uuid('Un identifiant de zone est un UUID.') }),
  formats: ['geojson', 'json'],
  example: { path: `/v0/zones/${zoneId('departement', '35')}` },
  responses: {
    200: {
      description: 'La zone et son contour',
      content: { geojson: zoneFeatureCollectionSchema, json: zoneFeatureCollectionSchema },
      headers: { ETag: 'Version des données et de la zone' },
    },
    304: { description: 'Inchangé depuis l’ETag donné dans If-None-Match' },
    400: { description: 'Identifiant mal formé', content: { problem: problemSchema } },
    404: { description: 'Aucune zone avec cet identifiant', content: { problem: problemSchema } },
    ...errors,
  },
})
