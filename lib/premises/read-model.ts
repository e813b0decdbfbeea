// Reading local premises (table `local`, spec §2.2): the SELECT list and the row → domain mapper.

/** Columns for `FROM local l`. */
export const PREMISES_SELECT =
  'l.id, l.annee, l.commune, l.codcom, l.invariant, l.parcelle, l.proprietaire, l.adresse'

export interface PremisesRow {
  id: string
  annee: number
  commune: string
  codcom: string
  invariant: string
  parcelle: string
  proprietaire: string
  adresse: string
}

export interface Premises {
  id: string
  annee: number
  commune: string
  codeCommune: string
  invariant: string
  parcelle: string
  proprietaire: string
  adresse: string
}

export function rowToPremises(row: PremisesRow): Premises {
  return {
    id: row.id,
    annee: row.annee,
    commune: row.commune,
    codeCommune: row.codcom,
    invariant: row.invariant,
    parcelle: row.parcelle,
    proprietaire: row.proprietaire,
    adresse: row.adresse,
  }
}
