import { z } from 'zod'
import { defineContract } from '../http/contract'
import { problemSchema } from '../http/problem-schema'
import { VERSION } from '../version'
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
  example: {
    path: '/',
    response: {
      version: VERSION,
      donnees: {
        source: 'synthetic',
        mise_a_jour: '2026-11-28T06:00:00.000Z',
        etablissements: 50_000,
        locaux: 5_000,
      },
    },
  },
  responses: {
    200: {
      description:
        'Service disponible : sa version (JSON) ; à un navigateur, la page de l’application (HTML)',
      content: { json: statusSchema, html: z.string().describe('La page d’accueil de l’application') },
    },
    307: {
      description:
        'À un navigateur (Accept: text/html, ou requête du routeur de l’application) : redirection de la page, vers la connexion par exemple',
      headers: { Location: 'Adresse de la page' },
      content: { html: z.string().describe('Page de redirection') },
    },
    400: {
      description:
        'Corps de requête illisible : JSON mal formé, imbriqué sur plus de 32 niveaux, ou interrompu',
      content: { problem: problemSchema },
    },
    406: { description: 'Accept: */* seul', content: { problem: problemSchema } },
    503: { description: 'Base de données indisponible', content: { problem: problemSchema } },
  },
})
