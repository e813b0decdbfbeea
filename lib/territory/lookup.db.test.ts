// Autocomplete over the reference data loaded in the test database, on both engines.
import { afterAll, describe, expect, it } from 'vitest'
import { closePool } from '../db/pool'
import { engineSkipped, testEngine } from '../testing/engine'
import { communesOfPostcode, lookupCommunes, lookupNaf, lookupZones } from './lookup'
import { zoneId } from './zone-id'

afterAll(() => closePool())

describe.skipIf(engineSkipped)(`territory lookup on ${testEngine}`, () => {
  it('finds communes by name, accent- and case-insensitive, the most populated first', async () => {
    const found = await lookupCommunes('saint etienne', 5)
    expect(found[0]).toMatchObject({ code: '42218', nom: 'Saint-Étienne', departement: '42' })
    expect(found).toHaveLength(5)
    const populations = found.filter((c) => c.nom.startsWith('Saint-Étienne')).map((c) => c.population)
    expect(populations).toEqual([...populations].sort((a, b) => b - a))
  })

  it('puts the exact name before names starting with it, and those before other matches', async () => {
    const found = await lookupCommunes('Rennes', 10)
    expect(found[0]).toMatchObject({ code: '35238', nom: 'Rennes' })
    const names = found.map((c) => c.nom)
    const firstContaining = names.findIndex((n) => !n.toUpperCase().startsWith('RENNES'))
    if (firstContaining >= 0)
      expect(names.slice(firstContaining).every((n) => !n.startsWith('Rennes'))).toBe(true)
  })

  it('finds a commune by its INSEE code, a code prefix or a postal code', async () => {
    expect((await lookupCommunes('35238'))[0]?.nom).toBe('Rennes')
    expect((await lookupCommunes('2a004'))[0]?.nom).toBe('Ajaccio')
    expect((await lookupCommunes('35000'))[0]?.nom).toBe('Rennes')
    const prefix = await lookupCommunes('3523', 20)
    expect(prefix.length).toBeGreaterThan(1)
    expect(prefix.every((c) => c.code.startsWith('3523'))).toBe(true)
  })

  it('writes out abbreviations and tolerates accents, case, hyphens and word order', async () => {
    expect((await lookupCommunes('St Malo'))[0]).toMatchObject({ code: '35288', nom: 'Saint-Malo' })
    expect((await lookupCommunes('ste-maxime'))[0]).toMatchObject({ code: '83115', nom: 'Sainte-Maxime' })
    expect((await lookupCommunes('saint etienne'))[0]).toMatchObject({ code: '42218' })
    expect((await lookupCommunes('ST ÉTIENNE'))[0]).toMatchObject({ code: '42218' })
    expect((await lookupCommunes('malo saint')).map((c) => c.code)).toContain('35288')
  })

  it('gives an arrondissement rather than its city for a postal code', async () => {
    expect((await lookupCommunes('75001'))[0]).toMatchObject({ code: '75101', type: 'arrondissement' })
    expect((await lookupCommunes('69003'))[0]).toMatchObject({ code: '69383' })
    expect((await communesOfPostcode('75001')).map((c) => c.code)).toEqual(['75101'])
  })

  it('gives every commune of a postal code', async () => {
    const found = await communesOfPostcode('01400')
    expect(found.length).toBeGreaterThan(5)
    expect(found.every((c) => c.codes_postaux.includes('01400'))).toBe(true)
    expect(found.map((c) => c.code)).toContain('01093')
    expect(await communesOfPostcode('Rennes')).toEqual([])
    expect(await communesOfPostcode('00000')).toEqual([])
  })

  it('returns nothing for no match and respects the limit', async () => {
    expect(await lookupCommunes('zzqqxx')).toEqual([])
    expect(await lookupCommunes('--')).toEqual([])
    expect(await lookupCommunes('sur', 3)).toHaveLength(3)
  })

  it('finds zones by name or code, regions before departments before EPCI', async () => {
    const bretagne = await lookupZones('bretagne', 10)
    expect(bretagne[0]).toMatchObject({ type: 'region', code: '53', nom: 'Bretagne' })
    const code35 = await lookupZones('35')
    expect(code35[0]).toMatchObject({ type: 'departement', code: '35', nom: 'Ille-et-Vilaine' })
    expect(code35[0]?.id).toBe(zoneId('departement', '35'))
    const metropole = await lookupZones('Rennes Métropole')
    expect(metropole[0]).toMatchObject({ type: 'epci', nom: 'Rennes Métropole' })
  })

  it('finds a zone by its id (to show a chosen zone again)', async () => {
    const id = zoneId('region', '53')
    expect(await lookupZones(id.toUpperCase())).toEqual([{ id, type: 'region', code: '53', nom: 'Bretagne' }])
  })

  it('finds NAF activities by code, with or without the dot, and by words of the label', async () => {
    expect((await lookupNaf('6201Z'))[0]).toMatchObject({ code: '62.01Z' })
    const prefix = await lookupNaf('62.0', 50)
    expect(prefix.length).toBeGreaterThan(1)
    expect(prefix.every((n) => n.code.startsWith('62.0'))).toBe(true)
    const boulangerie = await lookupNaf('boulangerie')
    expect(boulangerie.map((n) => n.code)).toContain('10.71C')
    expect((await lookupNaf('restaurant'))[0]).toMatchObject({
      code: '56.10A',
      libelle: 'Restauration traditionnelle',
    })
    expect((await lookupNaf('coiffeur'))[0]?.code).toBe('96.02A')
  })
})
