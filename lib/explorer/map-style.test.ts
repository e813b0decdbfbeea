import { describe, expect, it } from 'vitest'
import { offlineMapStyle, OUTLINES_ATTRIBUTION, pointsBounds, resultsBounds } from './map-style'

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

  it('fits metropolitan France when results are there, overseas results otherwise', () => {
    const rennes = point(-1.68, 48.11)
    const ajaccio = point(8.74, 41.93)
    const guadeloupe = point(-61.55, 16.25)
    const reunion = point(55.45, -20.88)
    expect(resultsBounds([rennes, guadeloupe, ajaccio, reunion])).toEqual([
      [-1.68, 41.93],
      [8.74, 48.11],
    ])
    expect(resultsBounds([guadeloupe])).toEqual([
      [-61.55, 16.25],
      [-61.55, 16.25],
    ])
    expect(resultsBounds([])).toBeNull()
  })
})
