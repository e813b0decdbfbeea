// INSEE headcount bands ("tranches d'effectif salarié") with their French labels and the integer
// median used when no headcount was entered (spec §2.4 effectif_details). The medians are the
// middle of each band rounded up; the open band 53 takes its lower bound.

export interface TrancheEffectif {
  code: string
  libelle: string
  mediane: number
  minimum: number | null
  maximum: number | null
}

export const TRANCHES_EFFECTIF: readonly TrancheEffectif[] = [
  { code: 'NN', libelle: 'Unité non employeuse', mediane: 0, minimum: null, maximum: null },
  { code: '00', libelle: '0 salarié', mediane: 0, minimum: 0, maximum: 0 },
  { code: '01', libelle: '1 ou 2 salariés', mediane: 2, minimum: 1, maximum: 2 },
  { code: '02', libelle: '3 à 5 salariés', mediane: 4, minimum: 3, maximum: 5 },
  { code: '03', libelle: '6 à 9 salariés', mediane: 8, minimum: 6, maximum: 9 },
  { code: '11', libelle: '10 à 19 salariés', mediane: 15, minimum: 10, maximum: 19 },
  { code: '12', libelle: '20 à 49 salariés', mediane: 35, minimum: 20, maximum: 49 },
  { code: '21', libelle: '50 à 99 salariés', mediane: 75, minimum: 50, maximum: 99 },
  { code: '22', libelle: '100 à 199 salariés', mediane: 150, minimum: 100, maximum: 199 },
  { code: '31', libelle: '200 à 249 salariés', mediane: 225, minimum: 200, maximum: 249 },
  { code: '32', libelle: '250 à 499 salariés', mediane: 375, minimum: 250, maximum: 499 },
  { code: '41', libelle: '500 à 999 salariés', mediane: 750, minimum: 500, maximum: 999 },
  { code: '42', libelle: '1 000 à 1 999 salariés', mediane: 1500, minimum: 1000, maximum: 1999 },
  { code: '51', libelle: '2 000 à 4 999 salariés', mediane: 3500, minimum: 2000, maximum: 4999 },
  { code: '52', libelle: '5 000 à 9 999 salariés', mediane: 7500, minimum: 5000, maximum: 9999 },
  { code: '53', libelle: '10 000 salariés et plus', mediane: 10000, minimum: 10000, maximum: null },
]

export const TRANCHE_CODES = TRANCHES_EFFECTIF.map((t) => t.code)

const BY_CODE = new Map(TRANCHES_EFFECTIF.map((t) => [t.code, t]))

export function trancheEffectif(code: string): TrancheEffectif | undefined {
  return BY_CODE.get(code)
}

/** The band a headcount falls in (for entered values); 0 → "00". */
export function trancheForHeadcount(headcount: number): TrancheEffectif {
  for (const t of TRANCHES_EFFECTIF) {
    if (t.minimum !== null && headcount >= t.minimum && (t.maximum === null || headcount <= t.maximum))
      return t
  }
  throw new RangeError(`Invalid headcount: ${headcount}`)
}
