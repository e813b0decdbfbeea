// The parcel outlines of the staff's maps (GET /bff/cadastre/parcelles) on both engines: the
// parcels whose outline meets the view, and a 400 asking to zoom in — never a truncated answer —
// when the view holds more parcels than the limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePool, pool, query } from '../db/pool'
import { ApiError } from '../http/api-error'
import { seedDatabase } from '../seed/seed-database'
import { engineSkipped, testEngine } from '../testing/engine'
import type { BBox } from '../territory/geometry'
import { parcelOutlines, parcelOutlinesBffContract } from './outlines-bff'

afterAll(() => closePool())

describe.skipIf(engineSkipped)(`parcel outlines on ${testEngine}`, () => {
  /** A box around a corner of the smallest parcel (a town centre), and the parcels whose extent meets it. */
  let box: BBox
  let parcel: string
  let candidates: string[]

  beforeAll(async () => {
    await seedDatabase(pool(), { establishments: 200, premises: 100, parcels: 2000, seed: 3 })
    const { rows } = await query<{ id: string; geometrie: string }>(
      `SELECT id, geometrie FROM parcelle ORDER BY contenance, id LIMIT 1`,
    )
    parcel = rows[0]!.id
    const geometry = JSON.parse(rows[0]!.geometrie) as { type: string; coordinates: unknown[] }
    const rings = (geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates[0]) as Array<
      Array<[number, number]>
    >
    const [x, y] = rings[0]![0]!
    box = [x - 0.003, y - 0.003, x + 0.003, y + 0.003]
    candidates = (
      await query<{ id: string }>(
        `SELECT id FROM parcelle WHERE emprise && box(point($1, $2), point($3, $4)) ORDER BY id`,
        box,
      )
    ).rows.map((r) => r.id)
  })

  it('gives the parcels of the view, each within the extents meeting it', async () => {
    const collection = JSON.parse(await parcelOutlines(box)) as {
      features: Array<{ properties: { id: string } }>
    }
    const ids = collection.features.map((f) => f.properties.id)
    expect(ids).toContain(parcel)
    expect(candidates.length).toBeGreaterThan(1)
    expect(ids.every((id) => candidates.includes(id))).toBe(true)
  })

  it('refuses a view of more parcels than the limit with a 400 on bbox asking to zoom in', async () => {
    const limit = candidates.length - 1
    const refusal = await parcelOutlines(box, limit).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ApiError)
    expect(refusal).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/zoomez/) as unknown,
      options: { errors: [{ location: 'query', path: 'bbox', code: 'too_big' }] },
    })
    await expect(parcelOutlines(box, candidates.length)).resolves.toContain('"FeatureCollection"')
  })

  it('takes a street-sized bbox only', () => {
    const parse = (bbox: string) => parcelOutlinesBffContract.query.safeParse({ bbox })
    expect(parse('-1.68,48.10,-1.67,48.11').success).toBe(true)
    expect(parse('-1.75,48.07,-1.60,48.15').error?.issues[0]?.message).toMatch(/Vue trop étendue/)
    expect(parse('-1.67,48.10,-1.68,48.11').success).toBe(false)
  })
})
