import { describe, expect, it } from 'vitest'
import {
  MAP_COLOURS,
  MAP_FONTS,
  offlineMapStyle,
  OUTLINES_ATTRIBUTION,
  pointsBounds,
  resultsBounds,
  withAppFonts,
} from './map-style'

const point = (lon: number, lat: number) => ({ geometry: { coordinates: [lon, lat] } })

describe('offline map style', () => {
  it('needs nothing but the app: outlines, commune tiles and font files under /carte', () => {
    const style = offlineMapStyle('http://localhost:3000')
    expect(style.sources.departements).toMatchObject({
      type: 'geojson',
      data: 'http://localhost:3000/carte/departements.geojson',
      attribution: OUTLINES_ATTRIBUTION,
    })
    expect(style.sources.communes).toMatchObject({
      type: 'vector',
      tiles: ['http://localhost:3000/carte/communes/{z}/{x}/{y}'],
    })
    // No glyph server: text is drawn from the app's font files.
    expect(style.glyphs).toBeUndefined()
    const fonts = style['font-faces']!
    for (const layer of style.layers) {
      if (layer.type !== 'symbol') continue
      for (const font of layer.layout!['text-font'] as string[]) expect(fonts[font]).toBeDefined()
    }
    expect(JSON.stringify(fonts)).toMatch(
      /^[^]*http:\/\/localhost:3000\/carte\/polices\/noto-sans-latin-400-normal\.woff2/,
    )
  })

  it('names communes at city zooms only', () => {
    const names = offlineMapStyle().layers.find((l) => l.id === 'communes-noms')!
    expect(names.minzoom).toBeGreaterThanOrEqual(10)
  })

  it('adds the app fonts to an external style, keeping its own', () => {
    const external = withAppFonts(
      {
        version: 8,
        sources: {},
        layers: [],
        glyphs: 'https://x.example/{fontstack}/{range}.pbf',
        'font-faces': { A: 'https://x.example/a.ttf' },
      },
      'https://app.example',
    )
    expect(external.glyphs).toBe('https://x.example/{fontstack}/{range}.pbf')
    expect(Object.keys(external['font-faces']!)).toEqual(['A', MAP_FONTS.regular, MAP_FONTS.bold])
  })

  it('has no alarm colour for many', () => {
    for (const colour of [MAP_COLOURS.clusterSmall, MAP_COLOURS.clusterMedium, MAP_COLOURS.clusterLarge]) {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as [number, number, number]
      // Shades of blue: blue dominates, red never does.
      expect(b).toBeGreaterThan(r)
      expect(b).toBeGreaterThanOrEqual(g)
    }
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
