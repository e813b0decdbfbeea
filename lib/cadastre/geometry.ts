// Plane geometry of the cadastre on WGS 84 longitude/latitude (the embedded engine has no PostGIS,
// DESIGN §10): tiling an area with the Voronoi cells of points clipped to it (sections of a commune,
// parcels of a section), areas in square metres on the sphere, extents, and the exact test of a
// polygon against a box that follows the GiST index's candidates.
import { Delaunay } from 'd3-delaunay'
import polygonClipping, { type MultiPolygon as ClipMultiPolygon } from 'polygon-clipping'
import {
  bboxOf as extentOf,
  containsPoint,
  polygonsOf,
  type AreaGeometry,
  type BBox,
  type Position,
  type Ring,
} from '../territory/geometry'

export { containsPoint, extentOf, polygonsOf }

/** Mean Earth radius (m) of the WGS 84 authalic sphere, as GeoJSON area calculators use. */
const EARTH_RADIUS = 6_371_008.8
const RAD = Math.PI / 180

/** Decimal places kept on coordinates (1e-7 degree is about a centimetre). */
export const COORDINATE_DECIMALS = 7
const SCALE = 10 ** COORDINATE_DECIMALS

export function roundCoordinate(value: number): number {
  return Math.round(value * SCALE) / SCALE
}

/**
 * Signed area of a ring on the sphere (m²), positive when counterclockwise (the spherical excess
 * of Chamberlain and Duquette, "Some algorithms for polygons on a sphere", JPL 2007).
 */
export function ringArea(ring: Ring): number {
  const n = ring.length
  if (n < 4) return 0
  let total = 0
  for (let i = 0; i < n - 1; i++) {
    const [x1, y1] = ring[i]!
    const [x2, y2] = ring[i + 1]!
    total += (x2 - x1) * RAD * (2 + Math.sin(y1 * RAD) + Math.sin(y2 * RAD))
  }
  return (total * EARTH_RADIUS * EARTH_RADIUS) / 2
}

/** Area of a polygon or multipolygon in square metres (holes subtracted). */
export function geometryArea(geometry: AreaGeometry): number {
  let area = 0
  for (const [outer, ...holes] of polygonsOf(geometry)) {
    if (!outer) continue
    area += Math.abs(ringArea(outer))
    for (const hole of holes) area -= Math.abs(ringArea(hole))
  }
  return area
}

/** Whether two extents share at least a point (the `&&` of PostgreSQL's box type). */
export function extentsMeet(a: BBox, b: BBox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]
}

/** Whether extent `inner` lies inside `outer`. */
export function extentWithin(inner: BBox, outer: BBox): boolean {
  return inner[0] >= outer[0] && inner[2] <= outer[2] && inner[1] >= outer[1] && inner[3] <= outer[3]
}

function segmentsCross(a: Position, b: Position, c: Position, d: Position): boolean {
  const orient = (p: Position, q: Position, r: Position) =>
    (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
  const d1 = orient(c, d, a)
  const d2 = orient(c, d, b)
  const d3 = orient(a, b, c)
  const d4 = orient(a, b, d)
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true
  const onSegment = (p: Position, q: Position, r: Position) =>
    Math.min(p[0], q[0]) <= r[0] &&
    r[0] <= Math.max(p[0], q[0]) &&
    Math.min(p[1], q[1]) <= r[1] &&
    r[1] <= Math.max(p[1], q[1])
  return (
    (d1 === 0 && onSegment(c, d, a)) ||
    (d2 === 0 && onSegment(c, d, b)) ||
    (d3 === 0 && onSegment(a, b, c)) ||
    (d4 === 0 && onSegment(a, b, d))
  )
}

/**
 * Whether the geometry shares at least a point with the box [west, south, east, north]: a vertex
 * in the box, a corner of the box in the geometry, or an edge crossing one of the box's sides.
 */
export function intersectsBox(geometry: AreaGeometry, box: BBox): boolean {
  const [w, s, e, n] = box
  const corners: Position[] = [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
  ]
  for (const polygon of polygonsOf(geometry)) {
    for (const ring of polygon) {
      for (const [x, y] of ring) if (x >= w && x <= e && y >= s && y <= n) return true
      for (let i = 0; i < ring.length - 1; i++) {
        for (let k = 0; k < 4; k++) {
          if (segmentsCross(ring[i]!, ring[i + 1]!, corners[k]!, corners[(k + 1) % 4]!)) return true
        }
      }
    }
  }
  return corners.some((corner) => containsPoint(geometry, corner))
}

/** Rounds coordinates and drops repeated vertices and rings left with fewer than 4 positions. */
function cleanPolygons(polygons: Ring[][]): Ring[][] {
  const result: Ring[][] = []
  for (const polygon of polygons) {
    const rings: Ring[] = []
    for (const [index, ring] of polygon.entries()) {
      const cleaned: Ring = []
      for (const [x, y] of ring) {
        const p: Position = [roundCoordinate(x), roundCoordinate(y)]
        const last = cleaned[cleaned.length - 1]
        if (!last || last[0] !== p[0] || last[1] !== p[1]) cleaned.push(p)
      }
      const first = cleaned[0]
      const last = cleaned[cleaned.length - 1]
      if (first && last && (first[0] !== last[0] || first[1] !== last[1])) cleaned.push([first[0], first[1]])
      if (cleaned.length >= 4 && Math.abs(ringArea(cleaned)) > 0) rings.push(cleaned)
      else if (index === 0) break
    }
    if (rings.length > 0) result.push(rings)
  }
  return result
}

function asGeometry(polygons: Ring[][]): AreaGeometry | null {
  if (polygons.length === 0) return null
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0]! }
    : { type: 'MultiPolygon', coordinates: polygons }
}

/** Degrees to the local units of the Voronoi computation (about a metre). */
const LOCAL_SCALE = 1e5

/** The edges of an area, with their extents, to find those meeting a cell quickly. */
interface Edge {
  a: Position
  b: Position
  box: BBox
}

function edgesOf(geometry: AreaGeometry): Edge[] {
  const edges: Edge[] = []
  for (const polygon of polygonsOf(geometry)) {
    for (const ring of polygon) {
      for (let i = 0; i < ring.length - 1; i++) {
        const a = ring[i]!
        const b = ring[i + 1]!
        edges.push({
          a,
          b,
          box: [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])],
        })
      }
    }
  }
  return edges
}

/**
 * The Voronoi cells of `points` clipped to `area`: one geometry per point (null when nothing of its
 * cell is left inside the area, e.g. a point outside it). The cells tile the area without overlaps,
 * each containing its point; rings are closed, counterclockwise outside, rounded to
 * COORDINATE_DECIMALS. Points must be distinct.
 */
export function voronoiTiles(area: AreaGeometry, points: readonly Position[]): Array<AreaGeometry | null> {
  if (points.length === 0) return []
  const extent = extentOf(area)
  const margin = Math.max(extent[2] - extent[0], extent[3] - extent[1]) * 0.01 + 1e-6
  // d3-delaunay treats triangles under an absolute area as degenerate: computed in degrees, town
  // plots a few metres apart would give overlapping cells. It works in metre-like units instead.
  const [x0, y0] = [extent[0] - margin, extent[1] - margin]
  const toLocal = ([x, y]: Position): Position => [(x - x0) * LOCAL_SCALE, (y - y0) * LOCAL_SCALE]
  const voronoi = Delaunay.from(points.map(toLocal)).voronoi([
    0,
    0,
    (extent[2] + margin - x0) * LOCAL_SCALE,
    (extent[3] + margin - y0) * LOCAL_SCALE,
  ])
  const edges = edgesOf(area)
  const areaPolygons = polygonsOf(area) as ClipMultiPolygon
  return points.map((point, i) => {
    const cell = voronoi.cellPolygon(i) as Position[] | null
    if (!cell) return null
    let ring: Ring = cell.map(([x, y]) => [x / LOCAL_SCALE + x0, y / LOCAL_SCALE + y0] as Position)
    if (ringArea(ring) < 0) ring = ring.reverse()
    const cellBox = extentOf({ type: 'Polygon', coordinates: [ring] })
    const crossing = edges.some((edge) => {
      if (!extentsMeet(edge.box, cellBox)) return false
      for (let k = 0; k < ring.length - 1; k++)
        if (segmentsCross(edge.a, edge.b, ring[k]!, ring[k + 1]!)) return true
      // An edge wholly inside the cell (a small island or a notch of the area).
      return containsPoint({ type: 'Polygon', coordinates: [ring] }, edge.a)
    })
    if (!crossing) {
      // No edge of the area meets the cell: the cell is wholly inside the area or wholly outside.
      return containsPoint(area, point) ? asGeometry(cleanPolygons([[ring]])) : null
    }
    const clipped = polygonClipping.intersection([ring] as ClipMultiPolygon[number], areaPolygons)
    return asGeometry(cleanPolygons(clipped as Ring[][]))
  })
}

/** The GeoJSON text of a geometry (what the database stores and the API sends as it is). */
export function geometryText(geometry: AreaGeometry): string {
  return JSON.stringify({ type: geometry.type, coordinates: geometry.coordinates })
}

export { boxLiteral } from '../territory/geometry'
