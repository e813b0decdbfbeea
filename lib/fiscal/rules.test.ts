// The tax rules on figures worked by hand, and their sums on any figures (fast-check).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  amountCents,
  builtBase,
  communeRates,
  divideRounded,
  housingTaxBase,
  housingTaxLines,
  managementFees,
  propertyTaxBases,
  propertyTaxLines,
  rentalValueOfYear,
  totalOf,
  unbuiltBase,
  type CommuneRates,
} from './rules'

const rates: CommuneRates = {
  tfpb: { commune: 41_070, intercommunalite: 2_500, tse: 250, gemapi: 120, teom: 9_800 },
  tfnb: { commune: 52_000, intercommunalite: 4_000, tse: 1_000, gemapi: 500 },
  th: { commune: 21_500, intercommunalite: 6_300, tse: 200, gemapi: 100 },
  majorationResidencesSecondaires: 60,
  thlv: true,
}

describe('bases', () => {
  it('takes 50 % off built rental values and 20 % off unbuilt ones, rounded half up to the euro', () => {
    expect(builtBase(4001)).toBe(2001)
    expect(builtBase(4000)).toBe(2000)
    expect(unbuiltBase(101)).toBe(81) // 80.8
    expect(unbuiltBase(102)).toBe(82) // 81.6
    expect(unbuiltBase(0)).toBe(0)
  })

  it('goes back from the 2025 rental value by the yearly revaluations (+1.7 % in 2025, +3.9 % in 2024)', () => {
    expect(rentalValueOfYear(10_170, 2025)).toBe(10_170)
    expect(rentalValueOfYear(10_170, 2024)).toBe(10_000)
    expect(rentalValueOfYear(10_567, 2023)).toBe(10_000) // 10 000 × 1.039 × 1.017 = 10 566.6
    expect(() => rentalValueOfYear(100, 2019)).toThrow()
  })

  it('sums the PEVs (public services exempt) and the SUFs of an account, each rounded', () => {
    const pevs = [
      { affectation: 'H', valeur_locative: 3001 },
      { affectation: 'P', valeur_locative: 9000 },
      { affectation: 'S', valeur_locative: 5000 },
    ]
    const sufs = [{ valeur_locative: 101 }, { valeur_locative: 0 }, { valeur_locative: 51 }]
    expect(propertyTaxBases(pevs, sufs, 2025)).toEqual({ bati: 1501 + 4500, nonBati: 81 + 41 })
    // Housing tax: the gross value of the dwelling's PEVs only.
    expect(housingTaxBase(pevs, 2025)).toBe(3001)
    expect(housingTaxBase(pevs, 2024)).toBe(rentalValueOfYear(3001, 2024))
  })
})

describe('property-tax lines', () => {
  it('applies each rate to its base, rounds each line to the cent, adds the fees last', () => {
    const lines = propertyTaxLines({ bati: 2000, nonBati: 38 }, rates)
    expect(lines.map((l) => [l.taxe, l.beneficiaire, l.base, l.taux, l.montant])).toEqual([
      ['TFPB', 'commune', 2000, 41_070, 82_140],
      ['TFPB', 'intercommunalite', 2000, 2_500, 5_000],
      ['TFPB', 'tse', 2000, 250, 500],
      ['TFPB', 'gemapi', 2000, 120, 240],
      ['TEOM', 'intercommunalite', 2000, 9_800, 19_600],
      ['TFNB', 'commune', 38, 52_000, 1_976],
      ['TFNB', 'intercommunalite', 38, 4_000, 152],
      ['TFNB', 'tse', 38, 1_000, 38],
      ['TFNB', 'gemapi', 38, 500, 19],
      // 3 % of 82 140 + 5 000 + 1 976 + 152 = 2 678.04 → 2 678; 8 % of 19 600 = 1 568;
      // 9 % of 500 + 240 + 38 + 19 = 71.73 → 72.
      ['FRAIS', 'etat', null, null, 2_678 + 1_568 + 72],
    ])
    expect(totalOf(lines)).toBe(82_140 + 5_000 + 500 + 240 + 19_600 + 1_976 + 152 + 38 + 19 + 4_318)
  })

  it('leaves out the taxes a commune does not levy and gives no line without a base', () => {
    const bare: CommuneRates = {
      ...rates,
      tfpb: { ...rates.tfpb, intercommunalite: 0, tse: 0, gemapi: 0, teom: 0 },
    }
    expect(propertyTaxLines({ bati: 100, nonBati: 0 }, bare).map((l) => l.taxe)).toEqual(['TFPB', 'FRAIS'])
    expect(propertyTaxLines({ bati: 0, nonBati: 0 }, rates)).toEqual([])
  })

  it('rounds half up: 1 € at 0.05 % is 0.05 cents → 0, at 0.5 % 0.5 → 1 cent', () => {
    expect(amountCents(1, 50)).toBe(0)
    expect(amountCents(1, 500)).toBe(1)
    expect(divideRounded(5, 10)).toBe(1)
    expect(divideRounded(4, 10)).toBe(0)
  })

  it('has a total equal to the sum of its lines, each line base × rate within half a cent (any figures)', () => {
    const rate = fc.integer({ min: 0, max: 90_000 })
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.record({ commune: rate, intercommunalite: rate, tse: rate, gemapi: rate, teom: rate }),
        (bati, nonBati, r) => {
          const lines = propertyTaxLines(
            { bati, nonBati },
            { ...rates, tfpb: { ...r, commune: r.commune + 1 }, tfnb: { ...r, commune: r.commune + 1 } },
          )
          for (const l of lines) {
            expect(Number.isInteger(l.montant)).toBe(true)
            if (l.base !== null)
              expect(Math.abs(l.montant - (l.base * l.taux!) / 1000)).toBeLessThanOrEqual(0.5)
          }
          const fees = lines.at(-1)
          if (lines.length) expect(fees).toEqual(managementFees(lines.slice(0, -1)))
          expect(totalOf(lines)).toBe(lines.reduce((s, l) => s + l.montant, 0))
        },
      ),
    )
  })
})

describe('housing-tax lines', () => {
  it('taxes second homes at the commune and intercommunal rates plus the commune’s surcharge', () => {
    const lines = housingTaxLines(5000, 'residence_secondaire', rates)
    expect(lines.map((l) => [l.taxe, l.beneficiaire, l.taux, l.montant])).toEqual([
      ['THRS', 'commune', 21_500, 107_500],
      ['THRS', 'intercommunalite', 6_300, 31_500],
      ['THRS', 'tse', 200, 1_000],
      ['THRS', 'gemapi', 100, 500],
      ['THRS', 'majoration', 12_900, 64_500], // 60 % of 21.5 %
      ['FRAIS', 'etat', null, 3_225 + 1_935 + 945 + 135], // 3 % of 107 500 + 31 500 + 64 500, 9 % of 1 500
    ])
  })

  it('has no surcharge on vacant dwellings', () => {
    expect(housingTaxLines(5000, 'logement_vacant', rates).map((l) => l.beneficiaire)).toEqual([
      'commune',
      'intercommunalite',
      'tse',
      'gemapi',
      'etat',
    ])
    expect(housingTaxLines(0, 'logement_vacant', rates)).toEqual([])
  })
})

describe('rates of a commune', () => {
  it('are the same for every call (every year) and shared by the communes of an intercommunality', () => {
    const a = communeRates({ code: '35238', epci: '243500139', departement: '35', population: 220_000 })
    expect(
      communeRates({ code: '35238', epci: '243500139', departement: '35', population: 220_000 }),
    ).toEqual(a)
    const b = communeRates({ code: '35024', epci: '243500139', departement: '35', population: 10_000 })
    expect(b.tfpb.intercommunalite).toBe(a.tfpb.intercommunalite)
    expect(b.tfpb.teom).toBe(a.tfpb.teom)
    expect(b.tfpb.tse).toBe(a.tfpb.tse)
  })

  it('stay in plausible ranges', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{5}$/), fc.option(fc.stringMatching(/^\d{9}$/)), (code, epci) => {
        const r = communeRates({ code, epci, departement: code.slice(0, 2), population: 1000 })
        expect(r.tfpb.commune).toBeGreaterThanOrEqual(32_000)
        expect(r.tfpb.commune).toBeLessThanOrEqual(54_000)
        expect(r.tfpb.teom === 0 || (r.tfpb.teom >= 7_000 && r.tfpb.teom <= 14_000)).toBe(true)
        expect(r.th.commune).toBeGreaterThanOrEqual(12_000)
        expect(r.tfnb.commune).toBeLessThanOrEqual(75_000)
        if (epci === null)
          expect(r.tfpb.intercommunalite + r.tfnb.intercommunalite + r.th.intercommunalite).toBe(0)
        for (const v of [...Object.values(r.tfpb), ...Object.values(r.tfnb), ...Object.values(r.th)])
          expect(v % 10).toBe(0) // hundredths of a percent
      }),
    )
  })
})
