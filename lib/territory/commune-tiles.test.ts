import { describe, expect, it } from 'vitest'
import { decodeTile } from '../testing/vector-tile'
import { encodeCommuneTile, isCommuneTile, tileBounds } from './commune-tiles'

describe('commune tiles', () => {
  it('knows the degrees of a Web Mercator tile', () => {
    const [west, south, east, north] = tileBounds(0, 0, 0)
    expect([west, east]).toEqual([-180, 180])
    expect(north).toBeCloseTo(85.0511, 3)
    expect(south).toBeCloseTo(-85.0511, 3)
    // Rennes (-1.68, 48.11) is in tile 10/507/355.
    const [w, s, e, n] = tileBounds(10, 507, 355)
    expect(w).toBeLessThan(-1.68)
    expect(e).toBeGreaterThan(-1.68)
    expect(s).toBeLessThan(48.11)
    expect(n).toBeGreaterThan(48.11)
  })

  it('serves city zooms only, inside the world', () => {
    expect(isCommuneTile(10, 507, 355)).toBe(true)
    expect(isCommuneTile(7, 63, 44)).toBe(false)
    expect(isCommuneTile(13, 0, 0)).toBe(false)
    expect(isCommuneTile(8, 256, 0)).toBe(false)
    expect(isCommuneTile(8, -1, 0)).toBe(false)
    expect(isCommuneTile(8.5, 1, 1)).toBe(false)
  })

  it('encodes outlines and names, a name only in the tile holding its point', () => {
    const [w, s, e, n] = tileBounds(10, 507, 355)
    const square = (x0: number, y0: number, x1: number, y1: number) =>
      JSON.stringify({
        type: 'Polygon',
        coordinates: [
          [
            [x0, y0],
            [x1, y0],
            [x1, y1],
            [x0, y1],
            [x0, y0],
          ],
        ],
      })
    const midLon = (w + e) / 2
    const midLat = (s + n) / 2
    const rows = [
      {
        code: '35238',
        nom: 'Rennes',
        population: 220000,
        lon: midLon,
        lat: midLat,
        geometry: square(midLon - 0.05, midLat - 0.05, midLon + 0.05, midLat + 0.05),
      },
      // Its outline reaches into the tile, its point lies outside.
      {
        code: '35281',
        nom: 'Saint-Jacques-de-la-Lande',
        population: 13000,
        lon: e + 0.1,
        lat: midLat,
        geometry: square(e - 0.01, midLat - 0.05, e + 0.2, midLat + 0.05),
      },
    ]
    const layers = decodeTile(encodeCommuneTile(rows, 10, 507, 355))
    expect(layers.contours?.map((f) => f.code).sort()).toEqual(['35238', '35281'])
    expect(layers.noms).toEqual([{ code: '35238', nom: 'Rennes', population: 220000 }])
    expect(decodeTile(encodeCommuneTile([], 10, 507, 355))).toEqual({})
  })
})
