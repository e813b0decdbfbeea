import { describe, expect, it } from 'vitest'
import { fromWgs84, PROJECTIONS, toWgs84 } from './geolocation'

describe('toWgs84', () => {
  it('puts the Lambert-93 origin at 3°E 46.5°N', () => {
    expect(toWgs84('700000', '6600000', '2154')).toEqual([3, 46.5])
  })
  it('uses the southern UTM zones of La Réunion and Mayotte', () => {
    // Central meridian of zone 40 is 57°E; 38 is 45°E; the equator is at northing 10,000 km.
    expect(toWgs84('500000', '10000000', '2975')).toEqual([57, 0])
    expect(toWgs84('500000', '10000000', '4471')).toEqual([45, 0])
  })
  it('converts real positions of every projection INSEE uses, to within a metre', () => {
    const places: Array<[string, [number, number]]> = [
      ['2154', [-1.67412, 48.10301]], // Rennes
      ['5490', [-61.0625, 14.62959]], // Fort-de-France
      ['2972', [-52.31773, 4.92752]], // Cayenne
      ['2975', [55.447, -20.93306]], // Saint-Denis
      ['4471', [45.19395, -12.78978]], // Mamoudzou
      ['4467', [-56.1773, 46.7811]], // Saint-Pierre
    ]
    for (const [epsg, lonLat] of places) {
      const [x, y] = fromWgs84(lonLat, epsg)
      const back = toWgs84(String(x), String(y), epsg)
      expect(Array.isArray(back)).toBe(true)
      const [lon, lat] = back as [number, number]
      expect(Math.abs(lon - lonLat[0])).toBeLessThan(1e-5)
      expect(Math.abs(lat - lonLat[1])).toBeLessThan(1e-5)
    }
    expect(Object.keys(PROJECTIONS).sort()).toEqual(['2154', '2972', '2975', '4467', '4471', '5490'])
  })
  it('says why a position cannot be used', () => {
    expect(toWgs84('', '6600000', '2154')).toBe('coordonnées absentes')
    expect(toWgs84('abc', '6600000', '2154')).toBe('coordonnées illisibles')
    expect(toWgs84('700000', '6600000', '9999')).toBe('projection inconnue')
    expect(toWgs84('700000', '6600000', 'EPSG:2154')).toEqual([3, 46.5])
  })
})
