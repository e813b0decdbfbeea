// Small planar geometry on GeoJSON polygons (longitude/latitude): enough to place points inside
// commune outlines and to compute extents. Outlines are simplified, so planar maths is exact enough.

export type Position = [number, number]
export type Ring = Position[]
export interface PolygonGeometry {
  type: 'Polygon'
  coordinates: Ring[]
}
export interface MultiPolygonGeometry {
  type: 'MultiPolygon'
  coordinates: Ring[][]
}
export type AreaGeometry = PolygonGeometry | MultiPolygonGeometry

/** [west, south, east, north] */
export type BBox = [number, number, number, number]

export function polygonsOf(geometry: AreaGeometry): Ring[][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
}

function inRing(point: Position, ring: Ring): boolean {
  const [x, y] = point
  let inside = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!
    const [xj, yj] = ring[j]!
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

/** Even-odd test: inside the outer ring and outside every hole, in any of the polygons. */
export function containsPoint(geometry: AreaGeometry, point: Position): boolean {
  return polygonsOf(geometry).some(
    ([outer, ...holes]) =>
      outer !== undefined && inRing(point, outer) && !holes.some((h) => inRing(point, h)),
  )
}

export function bboxOf(geometry: AreaGeometry): BBox {
  let west = Infinity
  let south = Infinity
  let east = -Infinity
  let north = -Infinity
  for (const polygon of polygonsOf(geometry)) {
    for (const [x, y] of polygon[0] ?? []) {
      if (x < west) west = x
      if (x > east) east = x
      if (y < south) south = y
      if (y > north) north = y
    }
  }
  return [west, south, east, north]
}

/** PostgreSQL `box` literal of an extent: '(east,north),(west,south)'. */
export function boxLiteral([west, south, east, north]: BBox): string {
  return `(${east},${north}),(${west},${south})`
}

/**
 * A uniformly distributed point inside the geometry (rejection sampling in its extent), rounded to
 * 5 decimals (about a metre). Falls back to `fallback` for degenerate outlines.
 */
export function randomPointIn(
  geometry: AreaGeometry,
  random: () => number,
  fallback: Position,
  maxAttempts = 200,
): Position {
  const [west, south, east, north] = bboxOf(geometry)
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const point: Position = [
      round5(west + random() * (east - west)),
      round5(south + random() * (north - south)),
    ]
    if (containsPoint(geometry, point)) return point
  }
  return fallback
}

function round5(value: number): number {
  return Math.round(value * 1e5) / 1e5
}

/** Gathers polygons into one MultiPolygon (zone outlines built from their communes). */
export function collectMultiPolygon(geometries: Iterable<AreaGeometry>): MultiPolygonGeometry {
  const coordinates: Ring[][] = []
  for (const geometry of geometries) coordinates.push(...polygonsOf(geometry))
  return { type: 'MultiPolygon', coordinates }
}
