// The grid that groups a map view's establishments into clusters (GET /eco/sirets/clusters): square
// cells of about CELL_PX screen pixels at the view's zoom (Web Mercator: 256 × 2^zoom pixels around
// the world; a degree of latitude spans 1/cos(latitude) times the pixels of a degree of longitude),
// anchored on the view's south-west corner, enlarged until the view holds at most MAX_CLUSTERS
// cells, so that an answer never has more features whatever the box and zoom a client sends.
import type { BBox } from '../territory/geometry'

/** Features of one answer, at most (one per non-empty cell). */
export const MAX_CLUSTERS = 2000
/** Side of a cell on screen, in pixels. */
export const CELL_PX = 64
export const MAX_ZOOM = 22

export interface ClusterGrid {
  west: number
  south: number
  /** Cell size in degrees of longitude and of latitude. */
  cellLon: number
  cellLat: number
}

/** Number of cells of `grid` covering `bbox` (cells are indexed from the south-west corner). */
export function cellCount(bbox: BBox, grid: ClusterGrid): number {
  const [west, south, east, north] = bbox
  return (Math.floor((east - west) / grid.cellLon) + 1) * (Math.floor((north - south) / grid.cellLat) + 1)
}

export function clusterGrid(bbox: BBox, zoom: number): ClusterGrid {
  const [west, south, , north] = bbox
  const middle = (((south + north) / 2) * Math.PI) / 180
  let cellLon = (360 / (256 * 2 ** zoom)) * CELL_PX
  // Near the poles cos() vanishes; a cell stays at least a hundredth of its width tall.
  let cellLat = cellLon * Math.max(Math.cos(middle), 0.01)
  let grid = { west, south, cellLon, cellLat }
  while (cellCount(bbox, grid) > MAX_CLUSTERS) {
    const factor = Math.max(1.05, Math.sqrt(cellCount(bbox, grid) / MAX_CLUSTERS))
    cellLon *= factor
    cellLat *= factor
    grid = { west, south, cellLon, cellLat }
  }
  return grid
}
