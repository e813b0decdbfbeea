// Contracts of the cadastre's endpoints (spec §1, since 0.5.0): parcels and owner accounts, lists and
// records. The geographic boxes are in lib/cadastre/geo-contracts.ts.
import { z } from 'zod'
import { defineContract } from '../http/contract'
import { listContract, recordResponses } from '../http/list-contract'
import { accountDetailWireSchema, accountSearchSchema, accountWireSchema } from './accounts'
import { accountIdSchema, parcelIdSchema } from './identifiers'
import {
  parcelDetailWireSchema,
  parcelFeatureCollectionSchema,
  parcelDetailFeatureSchema,
  parcelSearchSchema,
  parcelWireSchema,
} from './parcels'

/**
 * Records of the synthetic data whatever its size (seed 1): the first parcel of Rennes' first
 * section and the first legal-person account of Rennes.
 */
export const EXAMPLE_PARCEL_ID = '352380000A0001'
export const EXAMPLE_ACCOUNT_ID = '35238+00001'

const fiscal = {
  tags: ['Données fiscales'],
  since: '0.5.0',
  auth: { kind: 'scopes', requirement: { allOf: ['fiscal'] } },
} as const

export const parcelListContract = listContract({
  ...fiscal,
  operationId: 'searchParcelles',
  path: '/v0/ca/parcelles',
  summary: 'Recherche de parcelles cadastrales (JSON paginé ou contours GeoJSON)',
  description: [
    'search texte : identifiant de parcelle (14 caractères), de section (10) ou de compte communal (11), SIREN,',
    'ou mots de l’adresse ou du nom du titulaire. search objet : codcom, section, zone_id, proprietaire (compte ou nom),',
    'contenance_min, contenance_max (m²), q ; critères combinés par ET, une liste valant « l’un de ».',
    'Résultats dans l’ordre des identifiants ; au-delà du 10 000e, créer un jeu de données (modèle parcelle).',
    'GeoJSON : un objet Polygon ou MultiPolygon par parcelle (WGS 84), propriétés de l’enregistrement JSON.',
  ].join(' '),
  scopesLabel: 'fiscal',
  search: parcelSearchSchema,
  itemsKey: 'parcelles',
  itemSchema: parcelWireSchema,
  geojson: parcelFeatureCollectionSchema,
  example: { path: '/v0/ca/parcelles', body: { search: { codcom: '35238', section: '0A' }, size: 10 } },
})

export const parcelContract = defineContract({
  ...fiscal,
  operationId: 'getParcelle',
  method: 'GET',
  path: '/v0/ca/parcelles/{id}',
  summary: 'Une parcelle',
  description:
    'La parcelle par son identifiant national (14 caractères), avec ses locaux et les comptes communaux de la parcelle et de ses locaux ; en GeoJSON, la Feature de son contour.',
  params: z.object({ id: parcelIdSchema }),
  formats: ['json', 'geojson'],
  example: { path: `/v0/ca/parcelles/${EXAMPLE_PARCEL_ID}` },
  responses: recordResponses('fiscal', {
    description: 'La parcelle',
    content: { json: parcelDetailWireSchema, geojson: parcelDetailFeatureSchema },
    notFound: 'Aucune parcelle avec cet identifiant',
  }),
})

export const accountListContract = listContract({
  ...fiscal,
  operationId: 'searchProps',
  path: '/v0/ca/props',
  summary: 'Recherche de comptes communaux (propriétaires)',
  description: [
    'search texte : identifiant de compte communal (11 caractères), SIREN, ou mots du nom d’un titulaire.',
    'search objet : codcom, zone_id, personne (physique, morale), siren, droit (code MAJIC du droit : P, U, N, …), q ;',
    'critères combinés par ET, une liste valant « l’un de ». Résultats dans l’ordre des identifiants ;',
    'au-delà du 10 000e, créer un jeu de données (modèle prop).',
  ].join(' '),
  scopesLabel: 'fiscal',
  search: accountSearchSchema,
  itemsKey: 'props',
  itemSchema: accountWireSchema,
  example: { path: '/v0/ca/props', body: { search: { codcom: '35238', personne: 'morale' }, size: 10 } },
})

export const accountContract = defineContract({
  ...fiscal,
  operationId: 'getProp',
  method: 'GET',
  path: '/v0/ca/props/{id}',
  summary: 'Un compte communal',
  description:
    'Le compte communal (code commune et numéro de compte), ses titulaires et leurs droits, ses parcelles et ses locaux.',
  params: z.object({ id: accountIdSchema }),
  formats: ['json'],
  example: { path: `/v0/ca/props/${EXAMPLE_ACCOUNT_ID}` },
  responses: recordResponses('fiscal', {
    description: 'Le compte communal',
    content: { json: accountDetailWireSchema },
    notFound: 'Aucun compte communal avec cet identifiant',
  }),
})
