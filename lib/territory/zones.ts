// Territorial divisions and zones (spec §1: GET /decoupages, /decoupages/:id, /zones/:id): the
// division kinds (EPCI, departments, regions) with their number of zones, the zones of one kind, and
// one zone's outline as a single MultiPolygon feature gathered from its communes' outlines
// (changelog 0.7.2: a zone of several polygons is one Feature in a FeatureCollection).
import { z } from 'zod'
import { query, type Queryable } from '../db/pool'
import { notFound } from '../http/api-error'
import { collectMultiPolygon, type AreaGeometry, type MultiPolygonGeometry } from './geometry'
import { ZONE_TYPES, zoneUrl, type ZoneType } from './zone-id'

export const DIVISION_NAMES: Record<ZoneType, string> = {
  epci: 'Établissements publics de coopération intercommunale (EPCI à fiscalité propre)',
  departement: 'Départements',
  region: 'Régions',
}

const divisionUrl = (kind: ZoneType) => `/v0/decoupages/${kind}`

const divisionWireSchema = z
  .object({
    id: z.enum(ZONE_TYPES as [ZoneType, ...ZoneType[]]).describe('Genre de découpage'),
    nom: z.string(),
    zones: z.int().describe('Nombre de zones de ce découpage'),
    url: z.string(),
  })
  .strict()
export type DivisionWire = z.infer<typeof divisionWireSchema>
export const divisionListSchema = z.object({ decoupages: z.array(divisionWireSchema) }).strict()

const zoneSummarySchema = z
  .object({
    id: z.uuid().describe('Identifiant de la zone, à utiliser dans search.zone_id'),
    code: z.string().describe('Code officiel (SIREN de l’EPCI, code du département ou de la région)'),
    nom: z.string(),
    url: z.string(),
  })
  .strict()
export type ZoneSummary = z.infer<typeof zoneSummarySchema>
export const divisionZonesSchema = z
  .object({
    id: z.enum(ZONE_TYPES as [ZoneType, ...ZoneType[]]),
    nom: z.string(),
    total: z.int(),
    zones: z.array(zoneSummarySchema),
  })
  .strict()
export type DivisionZones = z.infer<typeof divisionZonesSchema>

const ring = z.array(z.tuple([z.number(), z.number()]))
export const zoneFeatureCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z
      .array(
        z
          .object({
            type: z.literal('Feature'),
            geometry: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring)) }),
            properties: z
              .object({
                id: z.uuid(),
                code: z.string(),
                nom: z.string(),
                type: z.enum(ZONE_TYPES as [ZoneType, ...ZoneType[]]),
              })
              .strict(),
          })
          .strict(),
      )
      .length(1),
  })
  .strict()
export interface ZoneFeatureCollection {
  type: 'FeatureCollection'
  features: [
    {
      type: 'Feature'
      geometry: MultiPolygonGeometry
      properties: { id: string; code: string; nom: string; type: ZoneType }
    },
  ]
}

function isZoneType(value: string): value is ZoneType {
  return (ZONE_TYPES as readonly string[]).includes(value)
}

/** The division kinds, each with its number of zones. */
export async function listDivisions(db?: Queryable): Promise<DivisionWire[]> {
  const { rows } = await query<{ type: ZoneType; count: number }>(
    'SELECT type, count(*)::int AS count FROM zone GROUP BY type',
    [],
    db,
  )
  const counts = new Map(rows.map((r) => [r.type, r.count]))
  return ZONE_TYPES.map((kind) => ({
    id: kind,
    nom: DIVISION_NAMES[kind],
    zones: counts.get(kind) ?? 0,
    url: divisionUrl(kind),
  }))
}

/** The zones of one division kind, by code. */
export async function listZones(kind: ZoneType, db?: Queryable): Promise<DivisionZones> {
  const { rows } = await query<{ id: string; code: string; nom: string }>(
    'SELECT id, code, nom FROM zone WHERE type = $1 ORDER BY code',
    [kind],
    db,
  )
  return {
    id: kind,
    nom: DIVISION_NAMES[kind],
    total: rows.length,
    zones: rows.map((r) => ({ id: r.id, code: r.code, nom: r.nom, url: zoneUrl(r.id) })),
  }
}

/**
 * One zone as a FeatureCollection of one Feature: its communes' outlines gathered into one
 * MultiPolygon (an outline shared by several communes counted once). Null for an unknown id.
 */
export async function zoneFeature(id: string, db?: Queryable): Promise<ZoneFeatureCollection | null> {
  if (!z.uuid().safeParse(id).success) return null
  const zone = await query<{ id: string; type: ZoneType; code: string; nom: string }>(
    'SELECT id, type, code, nom FROM zone WHERE id = $1',
    [id],
    db,
  )
  const row = zone.rows[0]
  if (!row) return null
  const outlines = await query<{ geometry: string }>(
    `SELECT DISTINCT o.geometry::text AS geometry
       FROM zone_commune zc JOIN commune_outline o ON o.code = zc.code_commune
      WHERE zc.zone_id = $1
      ORDER BY 1`,
    [id],
    db,
  )
  const geometry = collectMultiPolygon(outlines.rows.map((r) => JSON.parse(r.geometry) as AreaGeometry))
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry,
        properties: { id: row.id, code: row.code, nom: row.nom, type: row.type },
      },
    ],
  }
}

/** The record of GET /v0/decoupages/:id; 404 for an unknown division kind. */
export async function divisionRecord(kind: string, db?: Queryable): Promise<DivisionZones> {
  if (!isZoneType(kind)) {
    throw notFound(`Aucun découpage « ${kind} ». Découpages : ${ZONE_TYPES.join(', ')}.`)
  }
  return listZones(kind, db)
}

/** The record of GET /v0/zones/:id; 404 for an unknown zone. */
export async function zoneRecord(id: string, db?: Queryable): Promise<ZoneFeatureCollection> {
  const zone = await zoneFeature(id, db)
  if (!zone) throw notFound(`Aucune zone avec l’identifiant ${id}.`)
  return zone
}
