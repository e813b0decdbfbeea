import { describe, expect, it } from 'vitest'
import { createRandom, WeightedPicker } from './random'

describe('createRandom', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = createRandom(42)
    const b = createRandom(42)
    const c = createRandom(43)
    const seqA = Array.from({ length: 5 }, () => a.next())
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA)
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA)
  })
  it('stays in range', () => {
    const r = createRandom(1)
    for (let i = 0; i < 1000; i++) {
      const n = r.int(3, 5)
      expect(n).toBeGreaterThanOrEqual(3)
      expect(n).toBeLessThanOrEqual(5)
    }
  })
})

describe('WeightedPicker', () => {
  it('follows the weights', () => {
    const picker = new WeightedPicker(['a', 'b', 'c'], (x) => (x === 'a' ? 8 : x === 'b' ? 2 : 0))
    const r = createRandom(7)
    const counts = { a: 0, b: 0, c: 0 }
    for (let i = 0; i < 10_000; i++) counts[picker.pick(r) as 'a' | 'b' | 'c']++
    expect(counts.c).toBe(0)
    expect(counts.a / 10_000).toBeGreaterThan(0.77)
    expect(counts.a / 10_000).toBeLessThan(0.83)
  })
})
