import { describe, expect, it } from 'vitest'
import {
  clusterLabel,
  clustersBounds,
  describeView,
  isOnePlace,
  normaliseView,
  viewQuery,
  type ClusterFeature,
} from './map-view'

const single = (lon: number, lat: number): ClusterFeature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lon, lat] },
  properties: { count: 1, id: '12345678900011', url: '/v0/eco/sirets/12345678900011' },
})
const group = (
  lon: number,
  lat: number,
  bbox: [number, number, number, number],
  count = 5,
): ClusterFeature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lon, lat] },
  properties: { count, bbox },
})

describe('map view', () => {
  it('asks for a view rounded to a metre and a hundredth of zoom, within the world', () => {
    const view = normaliseView({ west: -1.7123456789, south: 48.0812345, east: -1.6, north: 48.2 }, 11.23456)
    expect(view).toEqual({ bbox: [-1.71235, 48.08123, -1.6, 48.2], zoom: 11.23 })
    expect(viewQuery(view)).toBe('bbox=-1.71235,48.08123,-1.6,48.2&zoom=11.23')
    // A view wider than the world (zoomed out, wrapped) asks for the whole of it.
    expect(normaliseView({ west: -400, south: -95, east: 300, north: 95 }, -1)).toEqual({
      bbox: [-180, -90, 180, 90],
      zoom: 0,
    })
  })

  it('fits the extents of the groups in metropolitan France, overseas ones otherwise', () => {
    const rennes = group(-1.68, 48.11, [-1.75, 48.05, -1.6, 48.15])
    const ajaccio = single(8.74, 41.93)
    const guadeloupe = group(-61.55, 16.25, [-61.8, 15.9, -61.2, 16.5])
    expect(clustersBounds([rennes, guadeloupe, ajaccio])).toEqual([
      [-1.75, 41.93],
      [8.74, 48.15],
    ])
    expect(clustersBounds([guadeloupe])).toEqual([
      [-61.8, 15.9],
      [-61.2, 16.5],
    ])
    expect(clustersBounds([])).toBeNull()
  })

  it('labels groups with their count, shortened from 10,000', () => {
    expect(clusterLabel(2)).toBe('2')
    expect(clusterLabel(9999).replace(/\s/g, ' ')).toBe('9 999')
    expect(clusterLabel(12_345).replace(/\s/g, ' ')).toBe('12,3 k')
    expect(clusterLabel(1_234_567).replace(/\s/g, ' ')).toBe('1,2 M')
  })

  it('lists a group rather than zooming when its establishments share one place', () => {
    expect(isOnePlace([2.35, 48.85, 2.35, 48.85])).toBe(true)
    expect(isOnePlace([2.35, 48.85, 2.36, 48.85])).toBe(false)
  })

  it('says what the view holds against the located and all establishments of the search', () => {
    const nbsp = (s: string) => s.replace(/\s/g, ' ')
    expect(nbsp(describeView({ inView: 867, groups: 40, located: 900, total: 912 }))).toBe(
      'Cette vue montre 867 des 900 établissements situés de la recherche (40 groupes : le nombre dit combien) ; ' +
        'déplacez ou dézoomez la carte pour voir les autres. 12 établissements de la recherche n’ont pas de position connue.',
    )
    expect(nbsp(describeView({ inView: 900, groups: 0, located: 900, total: 900 }))).toBe(
      'La vue montre les 900 établissements situés de la recherche.',
    )
    expect(describeView({ inView: 1, groups: 0, located: 1, total: 1 })).toBe(
      'La vue montre l’établissement situé de la recherche.',
    )
    expect(nbsp(describeView({ inView: 0, groups: 0, located: 30, total: 31 }))).toBe(
      'Aucun des 30 établissements situés de la recherche n’est dans cette vue : déplacez ou dézoomez la carte. ' +
        '1 établissement de la recherche n’a pas de position connue.',
    )
    expect(describeView({ inView: 0, groups: 0, located: 0, total: 2 })).toBe(
      'Aucun des 2 établissements de la recherche n’a de position connue.',
    )
    expect(describeView({ inView: 0, groups: 0, located: 0, total: 0 })).toBe('')
  })
})
