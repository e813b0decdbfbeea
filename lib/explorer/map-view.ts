// What the explorer's map asks and says about its view. The map shows the clusters of
// GET /bff/etablissements/clusters for the view it has (bbox and zoom, rounded so that a view
// asked twice is one cached request); a search first asks the clusters of the whole world at a
// coarse zoom, whose extent the map fits. The note under the map says what the view holds.
import { FRANCE_BOUNDS } from './map-style'

/** A feature of GET /eco/sirets/clusters: one establishment (count 1) or a group with its extent. */
export interface ClusterFeature {
  type: 'Feature'
  geometry: { type: 'Point'; coordinates: [number, number] }
  properties:
    { count: 1; id: string; url: string } | { count: number; bbox: [number, number, number, number] }
}
export interface ClusterCollection {
  type: 'FeatureCollection'
  /** Located establishments of the search inside the box (the sum of the counts). */
  total: number
  features: ClusterFeature[]
}

export type Bounds = [[number, number], [number, number]]

/** The box and zoom of the request that finds a search's extent (coarse cells over the world). */
export const WORLD_VIEW = { bbox: [-180, -85, 180, 85] as [number, number, number, number], zoom: 3 }

/** A map view: its bounds (west, south, east, north) and zoom. */
export interface MapView {
  bbox: [number, number, number, number]
  zoom: number
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v))
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits

/**
 * The view as the clusters request takes it: longitudes and latitudes kept within the world
 * (a view wider than the world asks for the whole of it) and rounded to 5 decimals (a metre),
 * the zoom to a hundredth.
 */
export function normaliseView(
  bounds: { west: number; south: number; east: number; north: number },
  zoom: number,
): MapView {
  const wide = bounds.east - bounds.west >= 360
  return {
    bbox: [
      wide ? -180 : round(clamp(bounds.west, -180, 180), 5),
      round(clamp(bounds.south, -90, 90), 5),
      wide ? 180 : round(clamp(bounds.east, -180, 180), 5),
      round(clamp(bounds.north, -90, 90), 5),
    ],
    zoom: round(clamp(zoom, 0, 22), 2),
  }
}

/** The `bbox` and `zoom` parameters of a view, for the clusters request. */
export function viewQuery(view: MapView): string {
  return `bbox=${view.bbox.join(',')}&zoom=${view.zoom}`
}

/** The extent of a feature: its group's bbox, or its point. */
function extentOf(feature: ClusterFeature): [number, number, number, number] {
  if ('bbox' in feature.properties) return feature.properties.bbox
  const [lon, lat] = feature.geometry.coordinates
  return [lon, lat, lon, lat]
}

const inFrance = ([lon, lat]: [number, number]) =>
  lon >= FRANCE_BOUNDS[0][0] &&
  lon <= FRANCE_BOUNDS[1][0] &&
  lat >= FRANCE_BOUNDS[0][1] &&
  lat <= FRANCE_BOUNDS[1][1]

/**
 * The bounds to fit for a search's clusters: those in metropolitan France when there are some
 * (overseas establishments stay a pan away), else all of them; null when there is none.
 */
export function clustersBounds(features: readonly ClusterFeature[]): Bounds | null {
  const metropolitan = features.filter((f) => inFrance(f.geometry.coordinates))
  const chosen = metropolitan.length > 0 ? metropolitan : features
  if (chosen.length === 0) return null
  let west = Infinity
  let south = Infinity
  let east = -Infinity
  let north = -Infinity
  for (const feature of chosen) {
    const [w, s, e, n] = extentOf(feature)
    west = Math.min(west, w)
    south = Math.min(south, s)
    east = Math.max(east, e)
    north = Math.max(north, n)
  }
  return [
    [west, south],
    [east, north],
  ]
}

const integer = new Intl.NumberFormat('fr-FR')
const compact = new Intl.NumberFormat('fr-FR', { notation: 'compact', maximumFractionDigits: 1 })

/** The label of a group: its count, shortened from 10,000 (« 12 k », « 1,2 M »). */
export function clusterLabel(count: number): string {
  return (count >= 10_000 ? compact : integer).format(count)
}

/** Whether clicking a group should list its establishments rather than zoom: all at one place. */
export function isOnePlace(bbox: readonly [number, number, number, number]): boolean {
  const [west, south, east, north] = bbox
  return east - west < 1e-5 && north - south < 1e-5
}

const n = (value: number) => integer.format(value)
const establishments = (count: number) => `${n(count)} établissement${count > 1 ? 's' : ''}`

/**
 * The note under the map: what the view holds against the search's located establishments
 * (`located`, from the world request) and all of its establishments (`total`, from the results).
 */
export function describeView(input: {
  inView: number
  groups: number
  located: number
  total: number | undefined
}): string {
  const { inView, groups, located, total } = input
  const unlocated = total !== undefined && total > located ? total - located : 0
  const withoutPosition =
    unlocated > 0
      ? ` ${establishments(unlocated)} de la recherche ${unlocated > 1 ? 'n’ont' : 'n’a'} pas de position connue.`
      : ''
  if (located === 0) {
    return total ? `Aucun des ${establishments(total)} de la recherche n’a de position connue.` : ''
  }
  const grouping = groups > 0 ? ` (${n(groups)} groupe${groups > 1 ? 's' : ''} : le nombre dit combien)` : ''
  if (inView >= located) {
    return `La vue montre ${located > 1 ? `les ${establishments(located)}` : 'l’établissement'} situé${located > 1 ? 's' : ''} de la recherche${grouping}.${withoutPosition}`
  }
  if (inView === 0) {
    return `Aucun des ${establishments(located)} situés de la recherche n’est dans cette vue : déplacez ou dézoomez la carte.${withoutPosition}`
  }
  return `Cette vue montre ${n(inView)} des ${establishments(located)} situés de la recherche${grouping} ; déplacez ou dézoomez la carte pour voir les autres.${withoutPosition}`
}
