// The split of a parcel into fiscal subdivisions: positive areas summing exactly to the contenance.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitArea } from './generate-fiscal'
import { createRandom } from './random'

describe('splitArea', () => {
  it('gives at most `parts` positive integers summing to the total, the same for the same seed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(),
        (total, parts, seed) => {
          const areas = splitArea(total, parts, createRandom(seed))
          expect(areas.length).toBe(Math.min(parts, total))
          expect(areas.every((a) => Number.isInteger(a) && a >= 1)).toBe(true)
          expect(areas.reduce((a, b) => a + b, 0)).toBe(total)
          expect(splitArea(total, parts, createRandom(seed))).toEqual(areas)
        },
      ),
    )
  })
})
