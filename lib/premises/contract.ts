import { z } from 'zod'
import { defineContract } from '../http/contract'
import { recordResponses } from '../http/list-contract'
import { premisesIdSchema } from './get-premises'
import { premisesWireSchema } from './serialise'

/** The first local premises of the synthetic data (seed 1, whatever the number generated). */
const EXAMPLE_PREMISES_ID = '675063458908544'

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
    description: 'Le local',
    content: { json: premisesWireSchema },
    notFound: 'Aucun local avec cet identifiant',
  }),
})
