import { z } from 'zod'
import { defineContract } from '../http/contract'
import { listContract, recordResponses } from '../http/list-contract'
import { premisesIdSchema } from './get-premises'
import { premisesSearchSchema } from './search-criteria'
import { premisesDetailWireSchema, premisesWireSchema } from './serialise'

/** The first local premises of the synthetic data (seed 1, whatever the number generated). */
const EXAMPLE_PREMISES_ID = '641023458908544'

export const premisesContract = defineContract({
  operationId: 'getLocal',
  method: 'GET',
  path: '/v0/ca/locaux/{id}',
  summary: 'Un local',
  description:
    'Le local identifié par le code commune suivi de l’invariant ; adresse des champs url des jeux de données du modèle local.',
  tags: ['Données fiscales'],
  since: '0.5.0',
  auth: { kind: 'scopes', requirement: { allOf: ['fiscal'] } },
  params: z.object({ id: premisesIdSchema }),
  formats: ['json'],
  example: { path: `/v0/ca/locaux/${EXAMPLE_PREMISES_ID}` },
  responses: recordResponses('fiscal', {
    description: 'Le local et ses parties d’évaluation',
    content: { json: premisesDetailWireSchema },
    notFound: 'Aucun local avec cet identifiant',
  }),
})

export const premisesListContract = listContract({
  operationId: 'searchLocaux',
  path: '/v0/ca/locaux',
  summary: 'Recherche de locaux',
  description: [
    'search texte : identifiant de local, de parcelle ou de compte communal, invariant, ou mots du nom du propriétaire',
    'ou de l’adresse. search objet : codcom, zone_id, departement, annee, proprietaire (compte ou nom), parcelle,',
    'invariant, q ; critères combinés par ET, une liste valant « l’un de ». Résultats dans l’ordre des identifiants.',
    'Au-delà du 10 000e résultat, créer un jeu de données (modèle local).',
  ].join(' '),
  tags: ['Données fiscales'],
  since: '0.5.0',
  auth: { kind: 'scopes', requirement: { allOf: ['fiscal'] } },
  scopesLabel: 'fiscal',
  search: premisesSearchSchema,
  itemsKey: 'locaux',
  itemSchema: premisesWireSchema,
  example: { path: '/v0/ca/locaux', body: { search: { codcom: '35238' }, size: 10 } },
})
