import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BBox } from '../territory/geometry'
import { CELL_PX, cellCount, clusterGrid, MAX_CLUSTERS } from './clusters-grid'

const FRANCE: BBox = [-5.3, 41.2, 9.7, 51.2]

describe('clusterGrid', () => {
  it('makes cells of about CELL_PX pixels at the zoom', () => {
    const grid = clusterGrid([4.7, 45.7, 4.95, 45.85], 12)
    expect(grid.cellLon).toBeCloseTo((360 / (256 * 4096)) * CELL_PX, 10)
    expect(grid.cellLat).toBeCloseTo(grid.cellLon * Math.cos((45.775 * Math.PI) / 180), 10)
    expect(grid.west).toBe(4.7)
    expect(grid.south).toBe(45.7)
  })

  it('halves the cells at each zoom level', () => {
    const a = clusterGrid([4.8, 45.7, 4.9, 45.8], 14)
    const b = clusterGrid([4.8, 45.7, 4.9, 45.8], 15)
    expect(b.cellLon * 2).toBeCloseTo(a.cellLon, 12)
  })

  it('never covers a box with more than MAX_CLUSTERS cells, whatever the box and zoom', () => {
    expect(cellCount(FRANCE, clusterGrid(FRANCE, 22))).toBeLessThanOrEqual(MAX_CLUSTERS)
    expect(cellCount([-180, -90, 180, 90], clusterGrid([-180, -90, 180, 90], 22))).toBeLessThanOrEqual(
      MAX_CLUSTERS,
    )
    fc.assert(
      fc.property(
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.integer({ min: 0, max: 22 }),
        (x1, x2, y1, y2, zoom) => {
          const box: BBox = [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)]
          const grid = clusterGrid(box, zoom)
          return cellCount(box, grid) <= MAX_CLUSTERS && grid.cellLon > 0 && grid.cellLat > 0
        },
      ),
    )
  })
})
