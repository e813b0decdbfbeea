import { describe, expect, it } from 'vitest'
import { CELL_SIZES, cellLevelFor, innerCells } from './cluster-cells'
import { clusterGrid } from './clusters-grid'

describe('cells counted ahead of time', () => {
  it('picks the coarsest cells at most an eighth of a cluster, none at street level', () => {
    const france = clusterGrid([-5.3, 41.2, 9.7, 51.2], 5.3)
    const level = cellLevelFor(france)!
    expect(CELL_SIZES[level]! * 8).toBeLessThanOrEqual(Math.min(france.cellLon, france.cellLat))
    expect(level === 0 || CELL_SIZES[level - 1]! * 8 > Math.min(france.cellLon, france.cellLat)).toBe(true)
    expect(cellLevelFor(clusterGrid([4.77, 45.7, 4.9, 45.8], 12.5))).toBeNull()
  })

  it('keeps only whole cells inside the box', () => {
    // Cells of 0.1°: x from ceil(-5.3 / 0.1) = -53, while -53 × 0.1 = -5.300000000000001 < -5.3.
    const inner = innerCells([-5.3, 41.2, 9.7, 51.2], 1)!
    expect(inner.x0 * 0.1).toBeGreaterThanOrEqual(-5.3)
    expect(inner.x1 * 0.1).toBeLessThanOrEqual(9.7)
    expect(inner.y0 * 0.1).toBeGreaterThanOrEqual(41.2)
    expect(inner.y1 * 0.1).toBeLessThanOrEqual(51.2)
    expect(inner.x1 - inner.x0).toBeGreaterThan(140)
    // A box smaller than a cell holds none.
    expect(innerCells([2.31, 48.81, 2.39, 48.89], 1)).toBeNull()
  })
})
