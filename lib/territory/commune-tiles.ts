// Vector tiles of the communes for the explorer's map at city zooms (GET /carte/communes/:z/:x/:y):
// layer `contours` (each commune's outline, property `code`) and layer `noms` (a point inside each
// commune, properties `nom` and `population`, for labels). Served by the app from its reference
// tables, so the map needs no tile server. The outlines meeting a tile are found by their extent
// (GiST index on commune_outline.emprise) and cut to the tile by geojson-vt; municipal
// arrondissements are left out (they share their city's outline in the 2018 geography).
import { geoJSONToTile, type GeoJSONVTTile } from '@maplibre/geojson-vt'
import { fromGeojsonVt } from '@maplibre/vt-pbf'
import { query, type Queryable } from '../db/pool'
import type { BBox } from './geometry'

/** Zooms the tiles are made for; the map draws them from MIN_ZOOM and enlarges MAX_ZOOM's beyond. */
export const COMMUNE_TILE_MIN_ZOOM = 8
export const COMMUNE_TILE_MAX_ZOOM = 12
/** Tile coordinates span 0..EXTENT (MapLibre's default). */
const EXTENT = 4096
/** Outlines are kept this far (tile units) past the tile's edges, so lines join across tiles. */
const BUFFER = 64

type TileInput = Parameters<typeof geoJSONToTile>[0]

export const COMMUNE_TILE_LAYERS = { outlines: 'contours', names: 'noms' } as const

/** The [west, south, east, north] degrees of a Web Mercator tile. */
export function tileBounds(z: number, x: number, y: number): BBox {
  const n = 2 ** z
  const lon = (i: number) => (i / n) * 360 - 180
  const lat = (j: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * j) / n))) * 180) / Math.PI
  return [lon(x), lat(y + 1), lon(x + 1), lat(y)]
}

/** Whether z/x/y names a tile this layer serves. */
export function isCommuneTile(z: number, x: number, y: number): boolean {
  const n = 2 ** z
  return (
    Number.isInteger(z) &&
    Number.isInteger(x) &&
    Number.isInteger(y) &&
    z >= COMMUNE_TILE_MIN_ZOOM &&
    z <= COMMUNE_TILE_MAX_ZOOM &&
    x >= 0 &&
    x < n &&
    y >= 0 &&
    y < n
  )
}

/** The statement of the communes whose outline's extent meets `box` (with their label point). */
export function communeTileStatement(box: BBox): { text: string; values: unknown[] } {
  const [west, south, east, north] = box
  return {
    text: `SELECT c.code, c.nom, c.population, c.lon, c.lat, o.geometry::text AS geometry
      FROM commune_outline o JOIN commune c ON c.code = o.code
      WHERE o.emprise && box(point($1, $2), point($3, $4)) AND c.type = 'commune'
      ORDER BY c.code`,
    values: [west, south, east, north],
  }
}

interface CommuneTileRow {
  code: string
  nom: string
  population: number
  lon: number | null
  lat: number | null
  geometry: string
}

/** The tile's area widened by its buffer, in degrees (outlines are looked up there). */
function bufferedBounds(z: number, x: number, y: number): BBox {
  const [west, south, east, north] = tileBounds(z, x, y)
  const dx = ((east - west) * BUFFER) / EXTENT
  const dy = ((north - south) * BUFFER) / EXTENT
  return [west - dx, south - dy, east + dx, north + dy]
}

/** The encoded vector tile (Mapbox Vector Tile 2, uncompressed) of the communes at z/x/y. */
export async function communeTile(z: number, x: number, y: number, db?: Queryable): Promise<Uint8Array> {
  if (!isCommuneTile(z, x, y)) throw new RangeError(`no commune tile ${z}/${x}/${y}`)
  const statement = communeTileStatement(bufferedBounds(z, x, y))
  const { rows } = await query<CommuneTileRow>(statement.text, statement.values, db)
  return encodeCommuneTile(rows, z, x, y)
}

/** Encodes communes (outline as GeoJSON text, label point) into the tile z/x/y. */
export function encodeCommuneTile(rows: readonly CommuneTileRow[], z: number, x: number, y: number) {
  const [west, south, east, north] = tileBounds(z, x, y)
  const outlines = {
    type: 'FeatureCollection' as const,
    features: rows.map((row) => ({
      type: 'Feature' as const,
      geometry: JSON.parse(row.geometry) as unknown,
      properties: { code: row.code },
    })),
  }
  // A label belongs to the tile holding its point: no commune is named twice.
  const names = {
    type: 'FeatureCollection' as const,
    features: rows
      .filter(
        (row) =>
          row.lon !== null &&
          row.lat !== null &&
          row.lon >= west &&
          row.lon < east &&
          row.lat > south &&
          row.lat <= north,
      )
      .map((row) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [row.lon!, row.lat!] },
        properties: { code: row.code, nom: row.nom, population: row.population },
      })),
  }
  const options = { extent: EXTENT, buffer: BUFFER, clip: true, maxZoom: z }
  const layers: Record<string, GeoJSONVTTile> = {}
  const outlineTile = outlines.features.length ? geoJSONToTile(outlines as TileInput, z, x, y, options) : null
  if (outlineTile) layers[COMMUNE_TILE_LAYERS.outlines] = outlineTile
  const namesTile = names.features.length ? geoJSONToTile(names as TileInput, z, x, y, options) : null
  if (namesTile) layers[COMMUNE_TILE_LAYERS.names] = namesTile
  return fromGeojsonVt(layers, { version: 2, extent: EXTENT })
}
