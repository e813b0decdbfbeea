// Properties of the generated cadastre, over seeds and communes drawn by fast-check: closed simple
// rings, parcels inside their section and sections inside their commune, parcels of a section
// tiling it without overlaps (beyond rounding), contenance equal to the area within 1 %, national
// identifiers, owner accounts shaped like MAJIC's, premises on parcels of their commune.
import fc from 'fast-check'
import polygonClipping, { type Geom } from 'polygon-clipping'
import { describe, expect, it } from 'vitest'
import { extentOf, extentsMeet, polygonsOf } from '../cadastre/geometry'
import { ACCOUNT_ID_PATTERN, PARCEL_ID_PATTERN, SECTION_ID_PATTERN } from '../cadastre/identifiers'
import { RIGHTS } from '../cadastre/rights'
import type { AreaGeometry, Position, Ring } from '../territory/geometry'
import { communeOutlines, referenceData } from '../territory/reference-data'
import { cadastralTerritory, generateCommuneCadastre } from './generate-cadastre'
import { generatePremises } from './generate-premises'

const ref = referenceData()
const outlines = communeOutlines()
const territory = cadastralTerritory({ communes: ref.communes, outlines, seed: 1 })

/** Area (m²) in a local equirectangular projection: an estimate independent of the generator's. */
function projectedArea(geometry: AreaGeometry): number {
  const [west, south, east, north] = extentOf(geometry)
  const lat0 = ((south + north) / 2) * (Math.PI / 180)
  // Metres per degree on the sphere of the generator's radius.
  const ky = (6_371_008.8 * Math.PI) / 180
  const kx = ky * Math.cos(lat0)
  const shoelace = (ring: Ring) => {
    let sum = 0
    for (let i = 0; i < ring.length - 1; i++) {
      const [x1, y1] = ring[i]!
      const [x2, y2] = ring[i + 1]!
      sum += (x1 - west) * kx * ((y2 - south) * ky) - (x2 - west) * kx * ((y1 - south) * ky)
    }
    return Math.abs(sum) / 2
  }
  void east
  return polygonsOf(geometry).reduce(
    (total, [outer, ...holes]) => total + shoelace(outer!) - holes.reduce((h, r) => h + shoelace(r), 0),
    0,
  )
}

/** Length (m) of a geometry's rings, in the same local projection. */
function perimeter(geometry: AreaGeometry): number {
  const [, south, , north] = extentOf(geometry)
  const ky = (6_371_008.8 * Math.PI) / 180
  const kx = ky * Math.cos(((south + north) / 2) * (Math.PI / 180))
  let length = 0
  for (const ring of polygonsOf(geometry).flat()) {
    for (let i = 0; i < ring.length - 1; i++) {
      length += Math.hypot((ring[i + 1]![0] - ring[i]![0]) * kx, (ring[i + 1]![1] - ring[i]![1]) * ky)
    }
  }
  return length
}

const asGeom = (g: AreaGeometry) => polygonsOf(g) as unknown as Geom
const clipArea = (polygons: Position[][][]) =>
  polygons.reduce((sum, p) => sum + projectedArea({ type: 'Polygon', coordinates: p }), 0)

function crosses(a: Position, b: Position, c: Position, d: Position): boolean {
  const o = (p: Position, q: Position, r: Position) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]))
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0
}

function expectValidRings(geometry: AreaGeometry): void {
  for (const polygon of polygonsOf(geometry)) {
    for (const ring of polygon) {
      expect(ring.length).toBeGreaterThanOrEqual(4)
      expect(ring[0]).toEqual(ring[ring.length - 1])
      for (let i = 0; i < ring.length - 1; i++) {
        for (let k = i + 2; k < ring.length - 1; k++) {
          if (i === 0 && k === ring.length - 2) continue
          expect(crosses(ring[i]!, ring[i + 1]!, ring[k]!, ring[k + 1]!)).toBe(false)
        }
      }
    }
  }
}

describe('generated cadastre', () => {
  it('covers a territory of communes with outlines of their own, the examples’ commune among them', () => {
    expect(territory).toHaveLength(240)
    expect(territory.map((t) => t.commune.code)).toContain('35238')
    expect(
      territory.every((t) => t.commune.type === 'commune' && t.commune.outlineCode === t.commune.code),
    ).toBe(true)
    expect(cadastralTerritory({ communes: ref.communes, outlines, seed: 1 })).toEqual(territory)
  })

  it('tiles sections and parcels validly, with contenance equal to the area', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: territory.length - 1 }),
        fc.integer({ min: 1, max: 1000 }),
        (index, seed) => {
          const t = territory[index]!
          const premises = [...generatePremises({ count: 30, seed, communes: [t.commune] })]
          const cadastre = generateCommuneCadastre({ territory: t, parcelCount: 400, seed, premises })
          expect(cadastre.parcels.length).toBeGreaterThan(300)
          const outline = asGeom(t.outline)
          for (const section of cadastre.sections) {
            expect(section.id).toMatch(SECTION_ID_PATTERN)
            expectValidRings(section.geometry)
            const inside = clipArea(polygonClipping.intersection(asGeom(section.geometry), outline))
            expect(inside / projectedArea(section.geometry)).toBeGreaterThan(0.999)
            const parcels = cadastre.parcels.filter((p) => p.section === section.id)
            const sum = parcels.reduce((s, p) => s + projectedArea(p.geometry), 0)
            // The parcels cover the section (and, with the check below, without overlapping).
            expect(Math.abs(sum / projectedArea(section.geometry) - 1)).toBeLessThan(0.005)
            const boxes = parcels.map((p) => extentOf(p.geometry))
            for (let i = 0; i < parcels.length; i++) {
              const parcel = parcels[i]!
              expect(parcel.id).toMatch(PARCEL_ID_PATTERN)
              expect(parcel.id.startsWith(section.id)).toBe(true)
              expectValidRings(parcel.geometry)
              const area = projectedArea(parcel.geometry)
              // Within 1 % (contenance is whole square metres: ±0.5 m² for the smallest plots).
              expect(Math.abs(parcel.contenance - area)).toBeLessThanOrEqual(Math.max(0.01 * area, 0.5))
              const within = clipArea(
                polygonClipping.intersection(asGeom(parcel.geometry), asGeom(section.geometry)),
              )
              // Inside its section but for the rounding of its vertices (1e-7°, under 6 mm): the
              // part outside is at most a strip of that width along its outline.
              expect(area - within).toBeLessThan(Math.max(0.001 * area, perimeter(parcel.geometry) * 0.006))
              for (let k = i + 1; k < parcels.length; k++) {
                if (!extentsMeet(boxes[i]!, boxes[k]!)) continue
                const overlap = clipArea(
                  polygonClipping.intersection(asGeom(parcel.geometry), asGeom(parcels[k]!.geometry)),
                )
                expect(overlap).toBeLessThan(1)
              }
            }
          }
        },
      ),
      // Cambrin (62200), seed 3: slivers of a few m² along a section's edge.
      { numRuns: 8, examples: [[159, 3]] },
    )
  })

  it('gives every parcel and premises an account shaped like a MAJIC compte communal', () => {
    const t = territory.find((c) => c.commune.code === '35238')!
    const premises = [...generatePremises({ count: 200, seed: 3, communes: [t.commune] })]
    const companies = [{ siren: '123456782', entreprise: 'Boulangerie du Centre' }]
    const cadastre = generateCommuneCadastre({
      territory: t,
      parcelCount: 1500,
      seed: 3,
      premises,
      companies,
    })
    const accounts = new Map(cadastre.accounts.map((a) => [a.id, a]))
    expect(accounts.size).toBe(cadastre.accounts.length)
    for (const account of cadastre.accounts) {
      expect(account.id).toMatch(ACCOUNT_ID_PATTERN)
      expect(account.id).toBe(`35238${account.numero}`)
      expect(account.nom).toBe(account.titulaires[0]!.nom)
      for (const h of account.titulaires) expect(RIGHTS[h.code]).toBe(h.libelle)
      if (account.personne === 'physique') expect(account.numero).toMatch(/^[A-Z]\d{5}$/)
      else expect(account.numero).toMatch(/^[+*]\d{5}$/)
      if (account.siren) expect(account.nom).toBe('BOULANGERIE DU CENTRE')
    }
    expect(cadastre.accounts.some((a) => a.siren === '123456782')).toBe(true)
    expect(new Set(cadastre.accounts.flatMap((a) => a.titulaires.map((h) => h.code)))).toEqual(
      expect.objectContaining({ size: expect.any(Number) }),
    )
    for (const parcel of cadastre.parcels) expect(accounts.has(parcel.compte)).toBe(true)
    const parcelIds = new Set(cadastre.parcels.map((p) => p.id))
    expect(cadastre.premises).toHaveLength(200)
    for (const p of cadastre.premises) {
      expect(parcelIds.has(p.parcelle)).toBe(true)
      expect(accounts.get(p.compte)?.nom).toBe(p.proprietaire)
    }
    // Same seed, same cadastre.
    expect(
      generateCommuneCadastre({ territory: t, parcelCount: 1500, seed: 3, premises, companies }),
    ).toEqual(cadastre)
  })
})
