// Contracts of the fiscal detail's endpoints (spec §1): evaluation parts, fiscal subdivisions,
// property-tax and housing-tax notices, lists and records.
import { z } from 'zod'
import { defineContract } from '../http/contract'
import { listContract, recordResponses } from '../http/list-contract'
import { pevIdSchema, sufIdSchema, tfIdSchema, thIdSchema } from './identifiers'
import { pevWireSchema } from './pev'
import { sufWireSchema } from './suf'
import { tfDetailWireSchema, tfSearchSchema, tfWireSchema } from './tf'
import { thDetailWireSchema, thSearchSchema, thWireSchema } from './th'

/**
 * Records of the synthetic data of seed 1, at the default size and the end-to-end tests' size: the
 * first PEV of the first premises, the first SUF of Rennes' first parcel, the 2025 notices of Rennes'
 * first legal-person account and of a second home in Rennes (the scope matrix requests them all).
 */
export const EXAMPLE_PEV_ID = '641023458908544001'
export const EXAMPLE_SUF_ID = '352380000A0001A'
export const EXAMPLE_TF_ID = '35238+00001-2025'
export const EXAMPLE_TH_ID = '352382345573531-2025'

const fiscal = {
  tags: ['Données fiscales'],
  auth: { kind: 'scopes', requirement: { allOf: ['fiscal'] } },
} as const

export const pevContract = defineContract({
  ...fiscal,
  since: '0.5.0',
  operationId: 'getPev',
  method: 'GET',
  path: '/v0/ca/pev/{id}',
  summary: 'Une partie d’évaluation (PEV) d’un local',
  description:
    'La partie d’évaluation par son identifiant (identifiant du local et numéro sur 3 chiffres) : affectation, catégorie, surface, valeur locative et revenu cadastral, avec le lien vers son local.',
  params: z.object({ id: pevIdSchema }),
  formats: ['json'],
  example: { path: `/v0/ca/pev/${EXAMPLE_PEV_ID}` },
  responses: recordResponses('fiscal', {
    description: 'La partie d’évaluation',
    content: { json: pevWireSchema },
    notFound: 'Aucune partie d’évaluation avec cet identifiant',
  }),
})

export const sufContract = defineContract({
  ...fiscal,
  since: '0.5.0',
  operationId: 'getSuf',
  method: 'GET',
  path: '/v0/ca/suf/{id}',
  summary: 'Une subdivision fiscale (SUF) d’une parcelle',
  description:
    'La subdivision fiscale par son identifiant (identifiant de la parcelle et lettre) : groupe de nature de culture, contenance, valeur locative et revenu cadastral, avec le lien vers sa parcelle.',
  params: z.object({ id: sufIdSchema }),
  formats: ['json'],
  example: { path: `/v0/ca/suf/${EXAMPLE_SUF_ID}` },
  responses: recordResponses('fiscal', {
    description: 'La subdivision fiscale',
    content: { json: sufWireSchema },
    notFound: 'Aucune subdivision fiscale avec cet identifiant',
  }),
})

export const tfListContract = listContract({
  ...fiscal,
  since: '0.5.1',
  operationId: 'searchTf',
  path: '/v0/tf',
  summary: 'Recherche d’avis de taxe foncière',
  description: [
    'Un avis par compte communal et par année (2023 à 2025), avec ses bases bâtie et non bâtie et son montant total.',
    'search texte : identifiant d’avis, compte communal (11 caractères) ou mots du nom du titulaire.',
    'search objet : codcom, proprietaire (compte ou nom), annee, zone_id ; critères combinés par ET, une liste valant « l’un de ».',
    'Résultats dans l’ordre des identifiants ; au-delà du 10 000e, créer un jeu de données (modèle tf).',
  ].join(' '),
  scopesLabel: 'fiscal',
  search: tfSearchSchema,
  itemsKey: 'tf',
  itemSchema: tfWireSchema,
  example: { path: '/v0/tf', body: { search: { codcom: '35238', annee: 2025 }, size: 10 } },
})

export const tfContract = defineContract({
  ...fiscal,
  since: '0.5.1',
  operationId: 'getTf',
  method: 'GET',
  path: '/v0/tf/{id}',
  summary: 'Un avis de taxe foncière',
  description:
    'L’avis par son identifiant (compte communal, tiret, année) : ses lignes par taxe et bénéficiaire (taux, base, cotisation), les frais de gestion, le total égal à la somme des lignes, et les parties d’évaluation et subdivisions fiscales dont viennent ses bases.',
  params: z.object({ id: tfIdSchema }),
  formats: ['json'],
  example: { path: `/v0/tf/${EXAMPLE_TF_ID}` },
  responses: recordResponses('fiscal', {
    description: 'L’avis de taxe foncière',
    content: { json: tfDetailWireSchema },
    notFound: 'Aucun avis de taxe foncière avec cet identifiant',
  }),
})

export const thListContract = listContract({
  ...fiscal,
  since: '0.5.1',
  operationId: 'searchTh',
  path: '/v0/th',
  summary: 'Recherche d’avis de taxe d’habitation (résidences secondaires, logements vacants)',
  description: [
    'Depuis 2023, la taxe d’habitation ne vise que les résidences secondaires et, là où la commune l’a votée, les logements vacants :',
    'un avis par local concerné et par année (2023 à 2025). search texte : identifiant d’avis ou de local, ou mots du nom de l’occupant.',
    'search objet : codcom, local, annee, zone_id ; critères combinés par ET, une liste valant « l’un de ».',
    'Résultats dans l’ordre des identifiants ; au-delà du 10 000e, créer un jeu de données (modèle th).',
  ].join(' '),
  scopesLabel: 'fiscal',
  search: thSearchSchema,
  itemsKey: 'th',
  itemSchema: thWireSchema,
  example: { path: '/v0/th', body: { search: { codcom: '35238', annee: 2025 }, size: 10 } },
})

export const thContract = defineContract({
  ...fiscal,
  since: '0.5.1',
  operationId: 'getTh',
  method: 'GET',
  path: '/v0/th/{id}',
  summary: 'Un avis de taxe d’habitation',
  description:
    'L’avis par son identifiant (identifiant du local, tiret, année) : nature (résidence secondaire ou logement vacant), occupant redevable, base, taux, lignes par bénéficiaire et total égal à la somme des lignes.',
  params: z.object({ id: thIdSchema }),
  formats: ['json'],
  example: { path: `/v0/th/${EXAMPLE_TH_ID}` },
  responses: recordResponses('fiscal', {
    description: 'L’avis de taxe d’habitation',
    content: { json: thDetailWireSchema },
    notFound: 'Aucun avis de taxe d’habitation avec cet identifiant',
  }),
})
