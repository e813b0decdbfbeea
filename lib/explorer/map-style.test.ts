import { describe, expect, it } from 'vitest'
import { offlineMapStyle, OUTLINES_ATTRIBUTION, pointsBounds } from './map-style'

const point = (lon: number, lat: number) => ({ geometry: { coordinates: [lon, lat] } })

describe('offline map style', () => {
  it('draws the outlines (public/geo, served under /carte) with their attribution, and no text layer', () => {
    const style = offlineMapStyle('http://localhost:3000')
    expect(style.sources.departements).toMatchObject({
      type: 'geojson',
      data: 'http://localhost:3000/carte/departements.geojson',
      attribution: OUTLINES_ATTRIBUTION,
    })
    expect(style.glyphs).toBeUndefined()
    expect(style.layers.every((l) => l.type !== 'symbol')).toBe(true)
  })

  it('bounds points, or says there is none', () => {
    expect(pointsBounds([])).toBeNull()
    expect(pointsBounds([point(-1.68, 48.11), point(2.35, 48.85), point(5.37, 43.3)])).toEqual([
      [-1.68, 43.3],
      [5.37, 48.85],
    ])
  })
})
