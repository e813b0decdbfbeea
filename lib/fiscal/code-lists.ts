// The codes and rules of the fiscal detail as the pages /modeles/tf and /modeles/th explain them.
import { AFFECTATIONS, BENEFICIARIES, CATEGORIES, SUF_GROUPS, TAXES, TH_NATURES } from './codes'

export interface CodeList {
  title: string
  /** The field holding the code. */
  field: string
  codes: ReadonlyArray<{ code: string; label: string }>
}

const list = (title: string, field: string, codes: Record<string, string>): CodeList => ({
  title,
  field,
  codes: Object.entries(codes).map(([code, label]) => ({ code, label })),
})

const SOURCES: CodeList[] = [
  list('Affectation d’une partie d’évaluation (PEV, /ca/pev/{id})', 'affectation', AFFECTATIONS),
  list(
    'Catégorie d’une partie d’évaluation : 1 à 8 pour l’habitation (classement de 1970), sous-groupe et catégorie de la révision de 2017 pour les locaux professionnels',
    'categorie',
    CATEGORIES,
  ),
  list('Groupe de nature de culture d’une subdivision fiscale (SUF, /ca/suf/{id})', 'groupe', SUF_GROUPS),
]

export const FISCAL_CODES = {
  tf: [
    list('Taxe d’une ligne d’avis', 'lignes.taxe', {
      TFPB: TAXES.TFPB,
      TFNB: TAXES.TFNB,
      TEOM: TAXES.TEOM,
      FRAIS: TAXES.FRAIS,
    }),
    list('Bénéficiaire d’une ligne d’avis', 'lignes.beneficiaire', {
      commune: BENEFICIARIES.commune,
      intercommunalite: BENEFICIARIES.intercommunalite,
      tse: BENEFICIARIES.tse,
      gemapi: BENEFICIARIES.gemapi,
      etat: 'État (frais de gestion)',
    }),
    ...SOURCES,
  ],
  th: [
    list('Nature du logement imposé', 'nature', TH_NATURES),
    list('Taxe d’une ligne d’avis', 'lignes.taxe', {
      THRS: TAXES.THRS,
      THLV: TAXES.THLV,
      FRAIS: TAXES.FRAIS,
    }),
    list('Bénéficiaire d’une ligne d’avis', 'lignes.beneficiaire', {
      commune: BENEFICIARIES.commune,
      intercommunalite: BENEFICIARIES.intercommunalite,
      tse: BENEFICIARIES.tse,
      gemapi: BENEFICIARIES.gemapi,
      majoration: BENEFICIARIES.majoration,
      etat: 'État (frais de gestion)',
    }),
    list(
      'Affectation d’une partie d’évaluation (seules les parties « H » forment la base)',
      'affectation',
      AFFECTATIONS,
    ),
  ],
} as const satisfies Record<string, readonly CodeList[]>

const COMMON_NOTES = [
  'Données synthétiques, calculées avec les règles réelles. Montants en centimes d’euro (entiers), bases et valeurs locatives en euros, taux en pourcentage à deux décimales.',
  'Les valeurs locatives des parties d’évaluation et des subdivisions fiscales sont celles de 2025 ; celles de 2024 et 2023 s’en déduisent par les coefficients de revalorisation forfaitaire votés en loi de finances (+1,7 % en 2025, +3,9 % en 2024), arrondies à l’euro.',
  'Chaque ligne vaut base × taux arrondi au centime ; les frais de gestion (article 1641 du CGI) valent 3 % des parts de la commune et de l’intercommunalité, 8 % de la TEOM et 9 % de la taxe spéciale d’équipement et de la taxe GEMAPI ; le total de l’avis est la somme exacte de ses lignes. Un avis inférieur à 12 € n’est pas émis.',
  'Les taux sont ceux votés par la commune, son intercommunalité (communs à ses communes) et l’établissement public foncier du département (TSE) ; ils sont les mêmes chaque année de 2023 à 2025.',
]

export const PROPERTY_TAX_NOTES = [
  'Un avis par compte communal (propriétaire) et par année, de 2023 à 2025. Les propriétés de la commune sur son territoire en sont exonérées, comme les locaux affectés à un service public.',
  'Base bâtie : pour chaque partie d’évaluation des locaux du compte, la valeur locative de l’année moins l’abattement de 50 % (article 1388 du CGI), arrondie à l’euro ; la TEOM a la même base.',
  'Base non bâtie : pour chaque subdivision fiscale des parcelles du compte, la valeur locative de l’année moins l’abattement de 20 % (revenu cadastral), arrondie à l’euro ; les sols des propriétés bâties (groupe 13) sont évalués avec les constructions et n’ont pas de base non bâtie.',
  ...COMMON_NOTES,
]

export const HOUSING_TAX_NOTES = [
  'Depuis 2023, la taxe d’habitation ne porte plus sur les résidences principales : un avis par année pour chaque résidence secondaire, et pour chaque logement vacant depuis plus de deux ans dans les communes qui ont voté la taxe d’habitation sur les logements vacants (les communes en zone tendue relèvent de la taxe sur les logements vacants, perçue par l’État, hors de ce modèle).',
  'Base : la valeur locative brute de l’année des parties d’évaluation « H » du logement, sans abattement. Taux (champ taux) : somme des taux de la commune et de l’intercommunalité.',
  'Dans les communes en zone tendue qui l’ont votée, la taxe sur les résidences secondaires est majorée de 5 % à 60 % de la part communale (article 1407 ter du CGI) : ligne « majoration », au taux communal multiplié par ce pourcentage.',
  'Redevable (occupant) : la personne qui dispose du logement au 1er janvier — ici le titulaire du compte communal, propriétaire du logement.',
  ...COMMON_NOTES,
]
