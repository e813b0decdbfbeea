// The commune tiles against the reference tables as loaded (extents written by the loader), on both
// engines: a city's tile names it and draws its neighbours; arrondissements are left out.
import { afterAll, describe, expect, it } from 'vitest'
import { closePool, query } from '../db/pool'
import { engineSkipped, testEngine } from '../testing/engine'
import { decodeTile } from '../testing/vector-tile'
import { communeTile } from './commune-tiles'

afterAll(() => closePool())

/** The tile of zoom z holding a point. */
function tileOf(lon: number, lat: number, z: number): [number, number, number] {
  const n = 2 ** z
  const x = Math.floor(((lon + 180) / 360) * n)
  const rad = (lat * Math.PI) / 180
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)
  return [z, x, y]
}

describe.skipIf(engineSkipped)(`commune tiles on ${testEngine}`, () => {
  it('every outline has its extent', async () => {
    const { rows } = await query<{ missing: number; total: number }>(
      'SELECT count(*) FILTER (WHERE emprise IS NULL)::int AS missing, count(*)::int AS total FROM commune_outline',
    )
    expect(rows[0]!.total).toBeGreaterThan(30_000)
    expect(rows[0]!.missing).toBe(0)
  })

  it("names Rennes in its tile and draws its neighbours' outlines", async () => {
    const layers = decodeTile(await communeTile(...tileOf(-1.6794, 48.1113, 11)))
    expect(layers.noms?.map((f) => f.nom)).toContain('Rennes')
    const codes = layers.contours?.map((f) => f.code) ?? []
    expect(codes).toContain('35238')
    expect(codes).toContain('35051') // Cesson-Sévigné, its neighbour
  })

  it('draws Paris, not its arrondissements (they share its outline)', async () => {
    const layers = decodeTile(await communeTile(...tileOf(2.3488, 48.8534, 12)))
    const codes = layers.contours?.map((f) => String(f.code)) ?? []
    expect(codes).toContain('75056')
    expect(codes.filter((c) => c.startsWith('751'))).toEqual([])
  })
})
