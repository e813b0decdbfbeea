// The codes of the fiscal detail, as MAJIC (« fichiers fonciers » of the DGFiP, documented by the
// Cerema) writes them, with their French labels: affectation and category of an evaluation part
// (PEV), group of land use of a fiscal subdivision (SUF), beneficiaries of the local taxes.

/** Affectation of a PEV (ccoaff). */
export const AFFECTATIONS = {
  H: 'Habitation',
  P: 'Professionnel',
  S: 'Service public',
  B: 'Bâtiment industriel',
  A: 'Bâtiment agricole',
} as const
export type Affectation = keyof typeof AFFECTATIONS

/**
 * Category of a PEV (dcapec for dwellings, 1 to 8 in the 1970 scale; the sub-group and category of
 * the 2017 revision for professional premises). Industrial buildings are valued from their
 * accounts and have no category (code « IND »).
 */
export const CATEGORIES = {
  '1': 'Habitation de grand luxe',
  '2': 'Habitation de luxe',
  '3': 'Habitation très confortable',
  '4': 'Habitation confortable',
  '5': 'Habitation assez confortable',
  '6': 'Habitation ordinaire',
  '7': 'Habitation médiocre',
  '8': 'Habitation très médiocre',
  MAG1: 'Boutiques et magasins sur rue',
  MAG3: 'Magasins appartenant à un ensemble commercial',
  BUR1: 'Bureaux d’agencement ancien',
  BUR2: 'Bureaux à agencement moderne',
  DEP2: 'Lieux de dépôt couverts',
  ATE1: 'Ateliers artisanaux',
  HOT1: 'Hôtels',
  SPE1: 'Locaux de service public',
  AGR: 'Bâtiment agricole',
  IND: 'Établissement industriel (évalué selon la méthode comptable)',
} as const
export type Category = keyof typeof CATEGORIES

/** The 13 groups of land use of a SUF (cgrnum), with their labels. */
export const SUF_GROUPS = {
  '01': 'Terres',
  '02': 'Prés',
  '03': 'Vergers',
  '04': 'Vignes',
  '05': 'Bois',
  '06': 'Landes',
  '07': 'Carrières',
  '08': 'Eaux',
  '09': 'Jardins',
  '10': 'Terrains à bâtir',
  '11': 'Terrains d’agrément',
  '12': 'Chemins de fer',
  '13': 'Sols',
} as const
export type SufGroup = keyof typeof SUF_GROUPS

/** Group 13: the ground under buildings, valued with them (taxe foncière sur les propriétés bâties). */
export const BUILT_GROUND: SufGroup = '13'

/** Taxes of a notice line. */
export const TAXES = {
  TFPB: 'Taxe foncière sur les propriétés bâties',
  TFNB: 'Taxe foncière sur les propriétés non bâties',
  TEOM: 'Taxe d’enlèvement des ordures ménagères',
  THRS: 'Taxe d’habitation sur les résidences secondaires',
  THLV: 'Taxe d’habitation sur les logements vacants',
  FRAIS: 'Frais de gestion de la fiscalité directe locale',
} as const
export type Tax = keyof typeof TAXES

/** Beneficiaries of a notice line. */
export const BENEFICIARIES = {
  commune: 'Commune',
  intercommunalite: 'Intercommunalité',
  tse: 'Taxe spéciale d’équipement',
  gemapi: 'Taxe GEMAPI',
  majoration: 'Majoration résidences secondaires (commune)',
  etat: 'État',
} as const
export type Beneficiary = keyof typeof BENEFICIARIES

/** Kinds of dwellings taxed to the housing tax since 2023. */
export const TH_NATURES = {
  residence_secondaire: 'Résidence secondaire (taxe d’habitation sur les résidences secondaires)',
  logement_vacant: 'Logement vacant depuis plus de deux ans (taxe d’habitation sur les logements vacants)',
} as const
export type ThNature = keyof typeof TH_NATURES
