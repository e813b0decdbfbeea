// Reading local premises (table `local`, spec §2.2): the SELECT list and the row → domain mapper.

/** Columns for `FROM local l`. */
export const PREMISES_SELECT =
  'l.id, l.annee, l.commune, l.codcom, l.invariant, l.parcelle, l.proprietaire, l.compte, l.adresse'

export interface PremisesRow {
  id: string
  annee: number
  commune: string
  codcom: string
  invariant: string
  parcelle: string
  proprietaire: string
  compte: string | null
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
  /** Owner account (compte communal) id. */
  compte: string | null
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
    compte: row.compte,
    adresse: row.adresse,
  }
}
