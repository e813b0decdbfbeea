import { describe, expect, it } from 'vitest'
import { InFlight } from './in-flight'

const never = new Promise(() => {})

describe('InFlight', () => {
  it('settles at once when nothing is in flight', async () => {
    expect(await new InFlight().settled(never)).toBe(true)
  })

  it('waits for the last request to end, counting each end once', async () => {
    const inFlight = new InFlight()
    const endA = inFlight.begin()
    const endB = inFlight.begin()
    let settled: boolean | undefined
    const waiting = inFlight.settled(never).then((v) => (settled = v))
    endA()
    endA()
    await Promise.resolve()
    expect(settled).toBeUndefined()
    expect(inFlight.size).toBe(1)
    endB()
    await waiting
    expect(settled).toBe(true)
  })

  it('gives up when the grace period ends first', async () => {
    const inFlight = new InFlight()
    inFlight.begin()
    let endGrace!: () => void
    const grace = new Promise<void>((resolve) => (endGrace = resolve))
    const waiting = inFlight.settled(grace)
    endGrace()
    expect(await waiting).toBe(false)
    expect(inFlight.size).toBe(1)
  })
})
