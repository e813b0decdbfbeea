import { describe, expect, it } from 'vitest'
import { createRandom } from '../seed/random'
import { bboxOf, collectMultiPolygon, containsPoint, randomPointIn, type PolygonGeometry } from './geometry'

const square: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ],
    [
      [4, 4],
      [6, 4],
      [6, 6],
      [4, 6],
      [4, 4],
    ],
  ],
}

describe('geometry', () => {
  it('tests points against outer ring and holes', () => {
    expect(containsPoint(square, [1, 1])).toBe(true)
    expect(containsPoint(square, [5, 5])).toBe(false)
    expect(containsPoint(square, [11, 5])).toBe(false)
  })
  it('computes the extent', () => {
    expect(bboxOf(square)).toEqual([0, 0, 10, 10])
  })
  it('draws points inside the outline only', () => {
    const random = createRandom(3)
    for (let i = 0; i < 500; i++) {
      const p = randomPointIn(square, () => random.next(), [1, 1])
      expect(containsPoint(square, p)).toBe(true)
    }
  })
  it('gathers polygons into one MultiPolygon', () => {
    const multi = collectMultiPolygon([square, { type: 'MultiPolygon', coordinates: [square.coordinates] }])
    expect(multi.type).toBe('MultiPolygon')
    expect(multi.coordinates).toHaveLength(2)
  })
})
