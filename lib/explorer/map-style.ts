// The explorer's offline map style: no tile or glyph server is reachable, so the base map is the
// department and region outlines of public/geo (served at /carte/*.geojson), drawn with fill and line layers only (no
// text layer, which would need glyphs). Establishments are drawn on top by the map component with
// circle layers of a clustered GeoJSON source.
import type { StyleSpecification } from 'maplibre-gl'

export const OUTLINES_ATTRIBUTION = 'Contours : IGN Admin Express 2018, INSEE COG 2018, Licence Ouverte'

/** Metropolitan France with Corsica, as [[west, south], [east, north]]. */
export const FRANCE_BOUNDS: [[number, number], [number, number]] = [
  [-5.3, 41.2],
  [9.7, 51.2],
]

export const MAP_COLOURS = {
  land: '#f6f6f2',
  water: '#dbe7f0',
  departement: '#9a9a9a',
  region: '#4a4a4a',
  point: '#000091',
  pointStroke: '#ffffff',
  clusterSmall: '#6a6af4',
  clusterMedium: '#000091',
  clusterLarge: '#e1000f',
} as const

export function offlineMapStyle(origin = ''): StyleSpecification {
  return {
    version: 8,
    name: 'Contours administratifs',
    sources: {
      departements: {
        type: 'geojson',
        data: `${origin}/carte/departements.geojson`,
        attribution: OUTLINES_ATTRIBUTION,
      },
      regions: { type: 'geojson', data: `${origin}/carte/regions.geojson` },
    },
    layers: [
      { id: 'fond', type: 'background', paint: { 'background-color': MAP_COLOURS.water } },
      {
        id: 'departements-surface',
        type: 'fill',
        source: 'departements',
        paint: { 'fill-color': MAP_COLOURS.land },
      },
      {
        id: 'departements-contour',
        type: 'line',
        source: 'departements',
        paint: { 'line-color': MAP_COLOURS.departement, 'line-width': 0.6 },
      },
      {
        id: 'regions-contour',
        type: 'line',
        source: 'regions',
        paint: { 'line-color': MAP_COLOURS.region, 'line-width': 1.4 },
      },
    ],
  }
}

type Bounds = [[number, number], [number, number]]
type PointLike = { geometry: { coordinates: readonly number[] } }

const inside =
  ([[west, south], [east, north]]: Bounds) =>
  (f: PointLike) => {
    const [lon, lat] = f.geometry.coordinates as [number, number]
    return lon >= west && lon <= east && lat >= south && lat <= north
  }

/**
 * The view to fit for a search's points: those in metropolitan France when there are some (a few
 * overseas points would otherwise shrink France to a dot; they stay a pan away), else all of them;
 * null when there is no point.
 */
export function resultsBounds(features: readonly PointLike[]): Bounds | null {
  const metropolitan = features.filter(inside(FRANCE_BOUNDS))
  return pointsBounds(metropolitan.length > 0 ? metropolitan : features)
}

/** Bounds of GeoJSON points as [[west, south], [east, north]], or null when there is none. */
export function pointsBounds(features: readonly PointLike[]): Bounds | null {
  if (features.length === 0) return null
  let west = Infinity
  let south = Infinity
  let east = -Infinity
  let north = -Infinity
  for (const { geometry } of features) {
    const [lon, lat] = geometry.coordinates as [number, number]
    if (lon < west) west = lon
    if (lon > east) east = lon
    if (lat < south) south = lat
    if (lat > north) north = lat
  }
  return [
    [west, south],
    [east, north],
  ]
}
