// One row of StockEtablissement → the establishment's own fields, or the reason it is not imported.
// Company name and legal category come later from the legal-unit file (joined in SQL on SIREN),
// the position from the geolocation file (on SIRET) or, without one, from the row's own Lambert
// columns.
import { formatAddress } from '../establishments/address'
import { SIREN_PATTERN, SIRET_PATTERN } from '../establishments/identifiers'
import { TRANCHE_CODES } from '../territory/effectif'
import type { CommuneResolver } from './commune-codes'
import { projectionOfDepartement, toWgs84, type LonLat } from './geolocation'
import { field, type ColumnIndex } from './layout'
import { NAF_REV2_CODE } from './legal-unit'

export interface EstablishmentRow {
  siret: string
  siren: string
  /** Partially diffusible ('P'): address reduced to the commune, never placed on the map. */
  diffusionPartielle: boolean
  enseigne: string
  denominationUsuelle: string | null
  adresse: string
  codePostal: string | null
  codeCommune: string
  libelleCommune: string
  /** NAF rév. 2 code of the establishment; null when missing or in an older nomenclature. */
  codeNaf: string | null
  trancheEffectif: string
  dateCreation: string | null
  etatAdministratif: 'A' | 'F'
  /** SIRENE's commune code was a former one, mapped to the current commune. */
  communeChanged: boolean
  /**
   * The position of the row's own coordonneeLambert* columns, when asked for (no geolocation file)
   * and readable; never for a partially diffusible establishment.
   */
  position: LonLat | null
}

export type EstablishmentSkip =
  | 'identifiant invalide'
  | 'non diffusible'
  | 'adresse à l’étranger'
  | 'commune absente'
  | 'commune inconnue'
  | 'état administratif invalide'
  | 'fermé (--only-active)'
  | 'hors départements demandés'

export interface EstablishmentFilter {
  onlyActive: boolean
  /** Department codes to keep; null keeps all. */
  departements: ReadonlySet<string> | null
  /** Read the position from the row's Lambert columns (when no geolocation file is given). */
  ownPositions?: boolean
}

const TRANCHES = new Set(TRANCHE_CODES)
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** Sign lines (enseigne1..3) are the lines of one sign: joined with spaces, repeats dropped. */
export function joinEnseignes(lines: readonly string[]): string {
  const seen: string[] = []
  for (const line of lines) if (line && !seen.includes(line)) seen.push(line)
  return seen.join(' ')
}

export function mapEstablishmentRow(
  row: readonly string[],
  at: ColumnIndex<'etablissements'>,
  communes: CommuneResolver,
  filter: EstablishmentFilter,
): EstablishmentRow | EstablishmentSkip {
  const siren = field(row, at.siren)
  const siret = field(row, at.siret)
  if (!SIREN_PATTERN.test(siren) || !SIRET_PATTERN.test(siret) || !siret.startsWith(siren))
    return 'identifiant invalide'
  const diffusion = field(row, at.statutDiffusionEtablissement)
  if (diffusion !== 'O' && diffusion !== 'P') return 'non diffusible'
  const etat = field(row, at.etatAdministratifEtablissement)
  if (etat !== 'A' && etat !== 'F') return 'état administratif invalide'
  if (filter.onlyActive && etat === 'F') return 'fermé (--only-active)'

  const sireneCode = field(row, at.codeCommuneEtablissement)
  if (!sireneCode)
    return field(row, at.codePaysEtrangerEtablissement) ? 'adresse à l’étranger' : 'commune absente'
  const commune = communes.resolve(sireneCode)
  if (!commune) return 'commune inconnue'
  if (filter.departements && !filter.departements.has(commune.departement))
    return 'hors départements demandés'

  const partial = diffusion === 'P'
  const codePostal = field(row, at.codePostalEtablissement)
  const libelleCommuneAdresse = field(row, at.libelleCommuneEtablissement) || commune.nom
  const adresse = partial
    ? formatAddress({ codePostal, commune: libelleCommuneAdresse })
    : formatAddress({
        complement: field(row, at.complementAdresseEtablissement),
        numero: field(row, at.numeroVoieEtablissement),
        indiceRepetition: field(row, at.indiceRepetitionEtablissement),
        typeVoie: field(row, at.typeVoieEtablissement),
        libelleVoie: field(row, at.libelleVoieEtablissement),
        codePostal,
        commune: libelleCommuneAdresse,
      })
  const naf = field(row, at.activitePrincipaleEtablissement)
  const tranche = field(row, at.trancheEffectifsEtablissement)
  const date = field(row, at.dateCreationEtablissement)
  return {
    siret,
    siren,
    diffusionPartielle: partial,
    enseigne: joinEnseignes([
      field(row, at.enseigne1Etablissement),
      field(row, at.enseigne2Etablissement),
      field(row, at.enseigne3Etablissement),
    ]),
    denominationUsuelle: field(row, at.denominationUsuelleEtablissement) || null,
    adresse,
    codePostal: /^\d{5}$/.test(codePostal) ? codePostal : null,
    codeCommune: commune.code,
    libelleCommune: commune.nom,
    codeNaf:
      field(row, at.nomenclatureActivitePrincipaleEtablissement) === 'NAFRev2' && NAF_REV2_CODE.test(naf)
        ? naf
        : null,
    trancheEffectif: TRANCHES.has(tranche) ? tranche : 'NN',
    dateCreation: DATE.test(date) ? date : null,
    etatAdministratif: etat,
    communeChanged: commune.changed,
    position: filter.ownPositions && !partial ? ownPosition(row, at, commune.departement) : null,
  }
}

function ownPosition(
  row: readonly string[],
  at: ColumnIndex<'etablissements'>,
  departement: string,
): LonLat | null {
  const position = toWgs84(
    field(row, at.coordonneeLambertAbscisseEtablissement),
    field(row, at.coordonneeLambertOrdonneeEtablissement),
    projectionOfDepartement(departement),
  )
  return typeof position === 'string' ? null : position
}
