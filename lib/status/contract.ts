import { z } from 'zod'
import { defineContract } from '../http/contract'
import { problemSchema } from '../http/problem-schema'
import { statusSchema } from './get-status'

export const statusContract = defineContract({
  operationId: 'getStatus',
  method: 'GET',
  path: '/',
  summary: 'Disponibilité et version du service',
  description:
    'Répond la version déployée. Sans authentification. Un navigateur (Accept: text/html) reçoit l’application ; « Accept: */* » seul reçoit 406. Les paramètres de requête sont ignorés (le « ?_=123 » anti-cache d’une sonde de disponibilité, par exemple).',
  tags: ['Statut'],
  since: '0.0.0',
  auth: { kind: 'public' },
  // Any query string is ignored: uptime monitors add cache-busters.
  query: z.object({}),
  formats: ['json'],
  example: { path: '/' },
  responses: {
    200: { description: 'Service disponible', content: { json: statusSchema } },
    400: {
      description:
        'Corps de requête illisible : JSON mal formé, imbriqué sur plus de 32 niveaux, ou interrompu',
      content: { problem: problemSchema },
    },
    406: { description: 'Accept: */* seul', content: { problem: problemSchema } },
    503: { description: 'Base de données indisponible', content: { problem: problemSchema } },
  },
})
