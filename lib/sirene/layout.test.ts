import { describe, expect, it } from 'vitest'
import {
  ETABLISSEMENT_HEADER,
  field,
  GEOLOCALISATION_HEADER,
  indexColumns,
  REQUIRED_COLUMNS,
  SireneLayoutError,
  UNITE_LEGALE_HEADER,
} from './layout'

describe('indexColumns', () => {
  it('finds every required column in the official headers', () => {
    const at = indexColumns('etablissements', [...ETABLISSEMENT_HEADER], 'f.csv')
    expect(at.siret).toBe(2)
    expect(at.codeCommuneEtablissement).toBe(ETABLISSEMENT_HEADER.indexOf('codeCommuneEtablissement'))
    expect(Object.keys(indexColumns('unitesLegales', [...UNITE_LEGALE_HEADER], 'f.csv'))).toHaveLength(
      REQUIRED_COLUMNS.unitesLegales.length,
    )
    expect(indexColumns('geolocalisation', [...GEOLOCALISATION_HEADER], 'f.csv').epsg).toBe(4)
  })
  it('accepts columns in another order, added columns and a byte-order mark', () => {
    const header = ['\uFEFFsiret', 'nouvelleColonne', ...GEOLOCALISATION_HEADER.filter((c) => c !== 'siret')]
    expect(indexColumns('geolocalisation', header, 'f.csv')).toMatchObject({ siret: 0, x: 2 })
  })
  it('names the missing columns and the expected file', () => {
    expect(() => indexColumns('unitesLegales', [...ETABLISSEMENT_HEADER], 'etab.csv')).toThrow(
      SireneLayoutError,
    )
    expect(() => indexColumns('geolocalisation', ['siret', 'x'], 'g.csv')).toThrow(
      /g\.csv: not the GeolocalisationEtablissement_Sirene_pour_etudes_statistiques layout \(missing columns y, epsg\)/,
    )
  })
})

describe('field', () => {
  it('trims values and hides what partially diffusible units do not publish', () => {
    expect(field([' RUE ', '[ND]', ''], 0)).toBe('RUE')
    expect(field([' RUE ', '[ND]', ''], 1)).toBe('')
    expect(field([' RUE ', '[ND]', ''], 2)).toBe('')
    expect(field([], 3)).toBe('')
  })
})
