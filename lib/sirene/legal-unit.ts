// One row of StockUniteLegale → what establishments take from their legal unit: the company name
// (denomination, or the person's names for a sole proprietor), its usual name, legal category and
// main activity. Hidden fields ([ND]) of partially diffusible units are never used.
import { SIREN_PATTERN } from '../establishments/identifiers'
import { field, type ColumnIndex } from './layout'

export interface LegalUnitRow {
  siren: string
  entreprise: string
  denominationUsuelle: string | null
  categorieJuridique: string | null
  /** NAF rév. 2 code, used when an establishment's own activity is missing or outdated. */
  codeNaf: string | null
}

/** Name shown for a unit whose name is not published (partial diffusion) or not known. */
export const NOM_NON_DIFFUSIBLE = 'Nom non diffusible'
export const NOM_NON_RENSEIGNE = 'Nom non renseigné'

export const NAF_REV2_CODE = /^\d\d\.\d\d[A-Z]$/

/** "JEAN-PIERRE" → "Jean-Pierre"; "D'ARTAGNAN" → "D'Artagnan". */
export function capitaliseFirstName(value: string): string {
  return value
    .toLowerCase()
    .replace(/(^|[\s\-'’])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase())
}

/**
 * The name of a natural person as French registers write it: first name, then the name in use in
 * capitals, with the birth name in brackets when the name in use differs ("Marie MARTIN (DUPONT)").
 */
export function personName(parts: {
  prenomUsuel: string
  prenom1: string
  nom: string
  nomUsage: string
}): string | null {
  const nom = parts.nom.toUpperCase()
  const usage = parts.nomUsage.toUpperCase()
  const shown = usage || nom
  if (!shown) return null
  const prenom = capitaliseFirstName(parts.prenomUsuel || parts.prenom1)
  const birth = usage && nom && usage !== nom ? ` (${nom})` : ''
  return `${prenom ? `${prenom} ` : ''}${shown}${birth}`
}

export function mapLegalUnitRow(
  row: readonly string[],
  at: ColumnIndex<'unitesLegales'>,
): LegalUnitRow | 'identifiant invalide' {
  const siren = field(row, at.siren)
  if (!SIREN_PATTERN.test(siren)) return 'identifiant invalide'
  const partial = field(row, at.statutDiffusionUniteLegale) !== 'O'
  const denomination = field(row, at.denominationUniteLegale)
  const person = personName({
    prenomUsuel: field(row, at.prenomUsuelUniteLegale),
    prenom1: field(row, at.prenom1UniteLegale),
    nom: field(row, at.nomUniteLegale),
    nomUsage: field(row, at.nomUsageUniteLegale),
  })
  const entreprise = denomination || person || (partial ? NOM_NON_DIFFUSIBLE : NOM_NON_RENSEIGNE)
  const naf = field(row, at.activitePrincipaleUniteLegale)
  const categorie = field(row, at.categorieJuridiqueUniteLegale)
  return {
    siren,
    entreprise,
    denominationUsuelle: field(row, at.denominationUsuelle1UniteLegale) || null,
    categorieJuridique: /^\d{4}$/.test(categorie) ? categorie : null,
    codeNaf:
      field(row, at.nomenclatureActivitePrincipaleUniteLegale) === 'NAFRev2' && NAF_REV2_CODE.test(naf)
        ? naf
        : null,
  }
}
