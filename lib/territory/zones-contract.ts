// Contracts of the territorial divisions and zones (spec §1, since 0.6.0; 0.7.2 for the single
// feature of GET /zones/:id) and their responses with an entity tag.
import { z } from 'zod'
import { notFound } from '../http/api-error'
import { defineContract } from '../http/contract'
import { dataVersion, entityTag, ifNoneMatchMatches, notModified } from '../http/etag'
import { MEDIA_TYPES, type Format } from '../http/negotiate'
import { jsonResponse } from '../http/respond'
import { problemSchema } from '../http/problem-schema'
import { zoneId, ZONE_TYPES, type ZoneType } from './zone-id'
import {
  divisionListSchema,
  divisionZonesSchema,
  isZoneType,
  listDivisions,
  listZones,
  zoneFeature,
  zoneFeatureCollectionSchema,
} from './zones'

const common = {
  tags: ['Découpages et zones'],
  since: '0.6.0',
  auth: { kind: 'scopes', requirement: { anyOf: ['eco', 'fiscal'] } },
} as const

const errors = {
  401: { description: 'Jeton absent ou invalide', content: { problem: problemSchema } },
  403: { description: 'Ni la portée eco ni la portée fiscal', content: { problem: problemSchema } },
  406: { description: 'Format non proposé (ou Accept: */* seul)', content: { problem: problemSchema } },
} as const

export const divisionsContract = defineContract({
  ...common,
  operationId: 'listDivisions',
  method: 'GET',
  path: '/v0/decoupages',
  summary: 'Les découpages territoriaux : EPCI, départements, régions',
  formats: ['json'],
  example: { path: '/v0/decoupages' },
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

const CACHING = { Vary: 'Accept', 'Cache-Control': 'private, no-cache' }

/** A JSON (or GeoJSON) answer with an entity tag over the data version and `parts`; 304 on a match. */
async function tagged(
  request: Request,
  parts: unknown,
  produce: () => Promise<unknown>,
  contentType?: string,
): Promise<Response> {
  const etag = entityTag(await dataVersion(), parts)
  const headers: Record<string, string> = { ...CACHING, ETag: etag }
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), etag)) return notModified(etag, headers)
  const body = await produce()
  if (contentType) headers['Content-Type'] = contentType
  return jsonResponse(body, { headers })
}

export function divisionsResponse(request: Request): Promise<Response> {
  return tagged(request, { divisions: true }, async () => ({ decoupages: await listDivisions() }))
}

export function divisionResponse(request: Request, id: string): Promise<Response> {
  if (!isZoneType(id)) {
    throw notFound(`Aucun découpage « ${id} ». Découpages : ${ZONE_TYPES.join(', ')}.`)
  }
  return tagged(request, { division: id }, () => listZones(id as ZoneType))
}

export function zoneResponse(request: Request, id: string, format: Format): Promise<Response> {
  return tagged(
    request,
    { zone: id, format },
    async () => {
      const zone = await zoneFeature(id)
      if (!zone) throw notFound(`Aucune zone avec l’identifiant ${id}.`)
      return zone
    },
    format === 'geojson' ? MEDIA_TYPES.geojson : undefined,
  )
}
