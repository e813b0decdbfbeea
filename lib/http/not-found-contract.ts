import { z } from 'zod'
import { defineContract } from './contract'
import { problemSchema } from './problem-schema'

/** Any path under /v0 that no route serves: a problem body instead of an HTML page. */
export const notFoundContract = defineContract({
  operationId: 'unknownPath',
  method: 'GET',
  path: '/v0/{path}',
  summary: 'Adresse inconnue',
  tags: ['Statut'],
  auth: { kind: 'public' },
  params: z.object({ path: z.array(z.string()) }),
  query: z.record(z.string(), z.unknown()),
  formats: ['json', 'geojson', 'csv'],
  responses: {
    404: { description: 'Aucune ressource à cette adresse', content: { problem: problemSchema } },
  },
})
