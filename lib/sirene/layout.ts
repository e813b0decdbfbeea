// Column layouts of INSEE's open SIRENE stock files (« description des fichiers » of the Sirene
// stock, 2025-12 vintage): StockEtablissement, StockUniteLegale and
// GeolocalisationEtablissement_Sirene_pour_etudes_statistiques. Columns are found by name in the
// header, so INSEE adding a column (as activitePrincipaleNAF25… in December 2025) changes nothing;
// a required column missing stops the import before anything is loaded.

/** Every column of StockEtablissement_utf8.csv, in file order. */
export const ETABLISSEMENT_HEADER = [
  'siren',
  'nic',
  'siret',
  'statutDiffusionEtablissement',
  'dateCreationEtablissement',
  'trancheEffectifsEtablissement',
  'anneeEffectifsEtablissement',
  'activitePrincipaleRegistreMetiersEtablissement',
  'dateDernierTraitementEtablissement',
  'etablissementSiege',
  'nombrePeriodesEtablissement',
  'complementAdresseEtablissement',
  'numeroVoieEtablissement',
  'indiceRepetitionEtablissement',
  'dernierNumeroVoieEtablissement',
  'indiceRepetitionDernierNumeroVoieEtablissement',
  'typeVoieEtablissement',
  'libelleVoieEtablissement',
  'codePostalEtablissement',
  'libelleCommuneEtablissement',
  'libelleCommuneEtrangerEtablissement',
  'distributionSpecialeEtablissement',
  'codeCommuneEtablissement',
  'codeCedexEtablissement',
  'libelleCedexEtablissement',
  'codePaysEtrangerEtablissement',
  'libellePaysEtrangerEtablissement',
  'identifiantAdresseEtablissement',
  'coordonneeLambertAbscisseEtablissement',
  'coordonneeLambertOrdonneeEtablissement',
  'complementAdresse2Etablissement',
  'numeroVoie2Etablissement',
  'indiceRepetition2Etablissement',
  'typeVoie2Etablissement',
  'libelleVoie2Etablissement',
  'codePostal2Etablissement',
  'libelleCommune2Etablissement',
  'libelleCommuneEtranger2Etablissement',
  'distributionSpeciale2Etablissement',
  'codeCommune2Etablissement',
  'codeCedex2Etablissement',
  'libelleCedex2Etablissement',
  'codePaysEtranger2Etablissement',
  'libellePaysEtranger2Etablissement',
  'dateDebut',
  'etatAdministratifEtablissement',
  'enseigne1Etablissement',
  'enseigne2Etablissement',
  'enseigne3Etablissement',
  'denominationUsuelleEtablissement',
  'activitePrincipaleEtablissement',
  'nomenclatureActivitePrincipaleEtablissement',
  'caractereEmployeurEtablissement',
  'activitePrincipaleNAF25Etablissement',
] as const

/** Every column of StockUniteLegale_utf8.csv, in file order. */
export const UNITE_LEGALE_HEADER = [
  'siren',
  'statutDiffusionUniteLegale',
  'unitePurgeeUniteLegale',
  'dateCreationUniteLegale',
  'sigleUniteLegale',
  'sexeUniteLegale',
  'prenom1UniteLegale',
  'prenom2UniteLegale',
  'prenom3UniteLegale',
  'prenom4UniteLegale',
  'prenomUsuelUniteLegale',
  'pseudonymeUniteLegale',
  'identifiantAssociationUniteLegale',
  'trancheEffectifsUniteLegale',
  'anneeEffectifsUniteLegale',
  'dateDernierTraitementUniteLegale',
  'nombrePeriodesUniteLegale',
  'categorieEntreprise',
  'anneeCategorieEntreprise',
  'dateDebut',
  'etatAdministratifUniteLegale',
  'nomUniteLegale',
  'nomUsageUniteLegale',
  'denominationUniteLegale',
  'denominationUsuelle1UniteLegale',
  'denominationUsuelle2UniteLegale',
  'denominationUsuelle3UniteLegale',
  'categorieJuridiqueUniteLegale',
  'activitePrincipaleUniteLegale',
  'nomenclatureActivitePrincipaleUniteLegale',
  'nicSiegeUniteLegale',
  'economieSocialeSolidaireUniteLegale',
  'societeMissionUniteLegale',
  'caractereEmployeurUniteLegale',
  'activitePrincipaleNAF25UniteLegale',
] as const

/** Every column of GeolocalisationEtablissement_Sirene_pour_etudes_statistiques_utf8.csv (";"). */
export const GEOLOCALISATION_HEADER = [
  'siret',
  'x',
  'y',
  'qualite_xy',
  'epsg',
  'plg_qp24',
  'plg_iris',
  'plg_zus',
  'plg_qp15',
  'plg_qva',
  'plg_code_commune',
  'distance_precision',
  'qualite_qp24',
  'qualite_iris',
  'qualite_zus',
  'qualite_qp15',
  'qualite_qva',
  'y_latitude',
  'x_longitude',
] as const

/** Columns the importer reads from each file. */
export const REQUIRED_COLUMNS = {
  etablissements: [
    'siren',
    'siret',
    'statutDiffusionEtablissement',
    'dateCreationEtablissement',
    'trancheEffectifsEtablissement',
    'complementAdresseEtablissement',
    'numeroVoieEtablissement',
    'indiceRepetitionEtablissement',
    'typeVoieEtablissement',
    'libelleVoieEtablissement',
    'codePostalEtablissement',
    'libelleCommuneEtablissement',
    'codeCommuneEtablissement',
    'codePaysEtrangerEtablissement',
    'coordonneeLambertAbscisseEtablissement',
    'coordonneeLambertOrdonneeEtablissement',
    'etatAdministratifEtablissement',
    'enseigne1Etablissement',
    'enseigne2Etablissement',
    'enseigne3Etablissement',
    'denominationUsuelleEtablissement',
    'activitePrincipaleEtablissement',
    'nomenclatureActivitePrincipaleEtablissement',
  ],
  unitesLegales: [
    'siren',
    'statutDiffusionUniteLegale',
    'prenom1UniteLegale',
    'prenomUsuelUniteLegale',
    'nomUniteLegale',
    'nomUsageUniteLegale',
    'denominationUniteLegale',
    'denominationUsuelle1UniteLegale',
    'categorieJuridiqueUniteLegale',
    'activitePrincipaleUniteLegale',
    'nomenclatureActivitePrincipaleUniteLegale',
  ],
  geolocalisation: ['siret', 'x', 'y', 'epsg'],
} as const

export type SireneFileKind = keyof typeof REQUIRED_COLUMNS
export type RequiredColumn<K extends SireneFileKind> = (typeof REQUIRED_COLUMNS)[K][number]

/** Position of each required column in a file's header. */
export type ColumnIndex<K extends SireneFileKind> = Readonly<Record<RequiredColumn<K>, number>>

export class SireneLayoutError extends Error {
  override name = 'SireneLayoutError'
}

/** Maps the required columns to their positions, or explains which are missing. */
export function indexColumns<K extends SireneFileKind>(
  kind: K,
  header: readonly string[],
  file: string,
): ColumnIndex<K> {
  const positions = new Map(header.map((name, i) => [name.replace(/^\uFEFF/, '').trim(), i]))
  const missing: string[] = []
  const index: Record<string, number> = {}
  for (const column of REQUIRED_COLUMNS[kind]) {
    const at = positions.get(column)
    if (at === undefined) missing.push(column)
    else index[column] = at
  }
  if (missing.length > 0) {
    throw new SireneLayoutError(
      `${file}: not the ${FILE_LABELS[kind]} layout (missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')})`,
    )
  }
  return index as ColumnIndex<K>
}

const FILE_LABELS: Readonly<Record<SireneFileKind, string>> = {
  etablissements: 'StockEtablissement',
  unitesLegales: 'StockUniteLegale',
  geolocalisation: 'GeolocalisationEtablissement_Sirene_pour_etudes_statistiques',
}

/** The value INSEE writes in place of a field a partially diffusible unit does not publish. */
const NOT_DIFFUSED = '[ND]'

/** A field as published: trimmed, and empty when hidden ([ND]) or absent. */
export function field(row: readonly string[], at: number): string {
  const value = row[at]
  if (value === undefined || value === '') return ''
  const trimmed = value.trim()
  return trimmed === NOT_DIFFUSED ? '' : trimmed
}
