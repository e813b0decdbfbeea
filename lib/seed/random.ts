// Deterministic pseudo-random numbers (sfc32, seeded through splitmix32): the same seed gives the
// same data on every machine.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number
  /** Integer in [min, max]. */
  int(min: number, max: number): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x9e3779b9) >>> 0
    let z = state
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
    return (z ^ (z >>> 16)) >>> 0
  }
}

export function createRandom(seed: number): Random {
  const init = splitmix32(seed)
  let a = init()
  let b = init()
  let c = init()
  let d = init()
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = ((c << 21) | (c >>> 11)) >>> 0
    c = (c + t) >>> 0
    return t / 4294967296
  }
  for (let i = 0; i < 12; i++) next()
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[Math.floor(next() * items.length)]!
    },
  }
}

/** Picks indices with probability proportional to weights, in O(log n) per draw. */
export class WeightedPicker<T> {
  private readonly cumulative: Float64Array
  private readonly total: number

  constructor(
    private readonly items: readonly T[],
    weight: (item: T) => number,
  ) {
    this.cumulative = new Float64Array(items.length)
    let sum = 0
    items.forEach((item, i) => {
      sum += Math.max(0, weight(item))
      this.cumulative[i] = sum
    })
    if (sum <= 0) throw new Error('WeightedPicker needs a positive total weight')
    this.total = sum
  }

  pick(random: Random): T {
    const target = random.next() * this.total
    let lo = 0
    let hi = this.cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.cumulative[mid]! > target) hi = mid
      else lo = mid + 1
    }
    return this.items[lo]!
  }
}
