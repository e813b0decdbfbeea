import { describe, expect, it } from 'vitest'
import { containsPoint } from './geometry'
import { communeOutlines, referenceData } from './reference-data'
import { zoneId } from './zone-id'

describe('referenceData', () => {
  const ref = referenceData()
  const commune = (code: string) => ref.communes.find((c) => c.code === code)

  it('lists current communes and municipal districts', () => {
    expect(ref.communes.length).toBeGreaterThan(34_000)
    expect(commune('35238')).toMatchObject({
      nom: 'Rennes',
      departement: '35',
      region: '53',
      type: 'commune',
    })
    expect(commune('75056')?.type).toBe('commune')
    expect(commune('13201')).toMatchObject({ type: 'arrondissement', parentCode: '13055' })
  })

  it('places the 2018 geography on current codes through fallbacks', () => {
    expect(commune('35238')?.positionSource).toBe('commune')
    // Marseille's districts are missing from the 2018 points: they use the parent commune.
    expect(commune('13201')?.positionSource).toBe('parent')
    const located = ref.communes.filter((c) => c.point !== null)
    expect(located.length / ref.communes.length).toBeGreaterThan(0.99)
  })

  it('puts each point inside its outline', () => {
    const outlines = communeOutlines()
    const rennes = commune('35238')!
    expect(containsPoint(outlines.get(rennes.outlineCode!)!, rennes.point!)).toBe(true)
  })

  it('builds zones with stable ids and member communes', () => {
    const ille = ref.zones.find((z) => z.type === 'departement' && z.code === '35')!
    expect(ille.id).toBe(zoneId('departement', '35'))
    expect(ille.nom).toBe('Ille-et-Vilaine')
    expect(ille.communes).toContain('35238')
    const metropole = ref.zones.find((z) => z.type === 'epci' && z.communes.includes('35238'))!
    expect(metropole.nom).toMatch(/Rennes/)
    const bretagne = ref.zones.find((z) => z.type === 'region' && z.code === '53')!
    expect(bretagne.communes.length).toBeGreaterThan(1000)
    // Paris districts belong to the zones of Paris.
    const paris = ref.zones.find((z) => z.type === 'departement' && z.code === '75')!
    expect(paris.communes).toEqual(expect.arrayContaining(['75056', '75101']))
  })

  it('keeps NAF subclasses with their labels', () => {
    expect(ref.naf.find((n) => n.code === '62.01Z')?.libelle).toBe('Programmation informatique')
    expect(ref.naf.every((n) => /^\d\d\.\d\d[A-Z]$/.test(n.code))).toBe(true)
  })
})
