// The contracts of the business real-estate offers (spec §1, since 0.7.0; search parameters 0.11.0,
// website and divisible_at 0.13.0, zones 0.14.0): the search of published offers, an
// application's own offers and their statuses, the tags in use, one offer, and the creation.
import { z } from 'zod'
import { defineContract } from '../http/contract'
import { listContract, protectedErrors, recordResponses } from '../http/list-contract'
import { MAX_FEATURES } from '../http/list-limits'
import { problemSchema } from '../http/problem-schema'
import { oneOrMany } from '../http/schemas'
import { createOfferBodySchema } from './fields'
import { offerSearchSchema } from './offer-search'
import { OFFER_STATUS_VALUES, OFFER_STATUSES } from './offer-store'
import {
  offerFeatureCollectionSchema,
  offerRecordWireSchema,
  offerStatusWireSchema,
  offerSummaryWireSchema,
} from './serialise'

/** A published offer of the synthetic data (the first one the seed writes). */
export const EXAMPLE_OFFER_REFERENCE = '2019-09-00001'

export const offerReferenceSchema = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{5,19}$/,
    'Une référence d’offre s’écrit AAAA-MM-NNNNN (cinq chiffres ou plus), ex. 2019-09-00067.',
  )

const tags = ['Offres immobilières']
const read = { auth: { kind: 'scopes', requirement: { allOf: ['eco'] } }, scopesLabel: 'eco' } as const

export const offerSearchContract = listContract({
  operationId: 'searchOffers',
  path: '/v0/eco/immo/offres',
  summary: 'Offres immobilières publiées (JSON paginé ou points GeoJSON)',
  description: [
    'search texte : mots cherchés dans le libellé, la voie, les descriptions et les mots-clés, sans accents ni casse.',
    'search objet : critères combinés par ET, une liste valant « l’un de » ; code_commune comprend les arrondissements',
    'de Paris, Lyon et Marseille. Offres publiées seulement, la plus récemment publiée d’abord.',
    `GeoJSON : un point par position distincte (celle de l’offre, à défaut le centre de sa commune) portant ses offres, ${MAX_FEATURES.toLocaleString('fr-FR')} offres au plus.`,
  ].join(' '),
  tags,
  since: '0.7.0',
  ...read,
  search: offerSearchSchema,
  extra: {},
  itemsKey: 'offres',
  itemSchema: offerSummaryWireSchema,
  geojson: offerFeatureCollectionSchema,
  example: { path: '/v0/eco/immo/offres', body: { search: { transaction_type: 'louer' }, size: 5 } },
})
export const offerSearchRequestSchema = offerSearchContract.requestSchema
export type OfferSearchRequestInput = z.output<typeof offerSearchRequestSchema>
export const offerSearchResultSchema = offerSearchContract.resultSchema

const statusSearchSchema = z
  .strictObject(
    {
      status: oneOrMany(
        z
          .string()
          .trim()
          .pipe(
            z.enum(OFFER_STATUS_VALUES, {
              error: `Statut inconnu ; valeurs acceptées : ${OFFER_STATUS_VALUES.join(', ')}.`,
            }),
          ),
        4,
      )
        .optional()
        .describe(
          `Statut : ${OFFER_STATUS_VALUES.map((s) => `${s} (${OFFER_STATUSES[s].toLowerCase()})`).join(', ')}`,
        ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Critère inconnu : ${issue.keys.join(', ')}. Critère accepté : status.`
          : 'search est un objet de critères : {"status": …}.',
    },
  )
  .describe('Critères : status (un statut ou une liste)')

export const offerStatusesContract = listContract({
  operationId: 'listOfferStatuses',
  path: '/v0/eco/immo/offres/statuts',
  summary: 'Statut des offres créées par l’application',
  description:
    'Les offres que l’application appelante a créées, quel que soit leur statut, la plus récente d’abord ; une offre refusée porte le motif du refus (rejection_reason).',
  tags,
  since: '0.7.0',
  ...read,
  search: statusSearchSchema,
  extra: {},
  itemsKey: 'offres',
  itemSchema: offerStatusWireSchema,
  example: { path: '/v0/eco/immo/offres/statuts', query: { 'search[status]': 'published', size: '10' } },
})
export const offerStatusesResultSchema = offerStatusesContract.resultSchema

export const offerTagsResultSchema = z.strictObject({
  tags: z.array(z.strictObject({ tag: z.string(), count: z.int() })),
})

export const offerTagsContract = defineContract({
  operationId: 'listOfferTags',
  method: 'GET',
  path: '/v0/eco/immo/offres/tags',
  summary: 'Mots-clés des offres publiées',
  description:
    'Les mots-clés des offres publiées et le nombre d’offres qui portent chacun, le plus fréquent d’abord.',
  tags,
  since: '0.11.0',
  auth: read.auth,
  formats: ['json'],
  example: {
    path: '/v0/eco/immo/offres/tags',
    // The three most used tags of the seeded published offers.
    response: {
      tags: [
        { tag: 'Parking', count: 24 },
        { tag: 'Quai de chargement', count: 18 },
        { tag: 'PMR (Personne à Mobilité Réduite)', count: 17 },
      ],
    },
  },
  responses: {
    200: {
      description: 'Les mots-clés et leur nombre d’offres',
      content: { json: offerTagsResultSchema },
      headers: { ETag: 'Version des offres' },
    },
    304: { description: 'Inchangé depuis l’ETag donné dans If-None-Match' },
    ...protectedErrors('eco'),
  },
})

export const offerContract = defineContract({
  operationId: 'getOffer',
  method: 'GET',
  path: '/v0/eco/immo/offres/{id}',
  summary: 'Une offre immobilière',
  description:
    'Une offre publiée, par sa référence ; l’application qui a créé une offre la lit aussi avant sa publication (statut, motif d’un refus). Les autres offres non publiées répondent 404.',
  tags,
  since: '0.7.0',
  auth: read.auth,
  params: z.object({ id: offerReferenceSchema }),
  formats: ['json'],
  example: { path: `/v0/eco/immo/offres/${EXAMPLE_OFFER_REFERENCE}` },
  responses: recordResponses('eco', {
    description: 'L’offre',
    content: { json: offerRecordWireSchema },
    notFound: 'Aucune offre publiée (ou créée par l’application) avec cette référence',
  }),
})

export const createdOfferSchema = z.strictObject({
  offre: z.strictObject({
    reference: z.string(),
    status: z.literal('pending_validation'),
  }),
})

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'

const problem = (description: string) => ({ description, content: { problem: problemSchema } })

export const createOfferContract = defineContract({
  operationId: 'createOffer',
  method: 'POST',
  path: '/v0/eco/immo/offres',
  summary: 'Créer une offre immobilière',
  description: [
    'Corps {"offre": {…}} en JSON, ou les mêmes champs en formulaire (offre[champ]=…, offre[tags][]=…,',
    'offre[contact_offers_attributes][0][name]=…). L’offre est créée en cours de validation : elle n’est publique',
    'qu’une fois validée et publiée dans l’atelier. Réponse 202 avec sa référence et l’en-tête Location.',
    'En-tête Idempotency-Key (facultatif, 255 caractères au plus) : la même clé et le même corps rendent la même',
    'réponse sans créer de doublon ; la même clé avec un autre corps répond 409.',
    'Une application crée au plus RATE_LIMIT_OFFERS_PER_CLIENT offres par minute (120 par défaut) : au-delà, 429',
    'avec Retry-After.',
  ].join(' '),
  tags,
  since: '0.7.0',
  auth: { kind: 'scopes', requirement: { allOf: ['eco:write'] } },
  body: createOfferBodySchema,
  bodyTypes: ['json', 'form'],
  invalidBody: 'unprocessable',
  formats: ['json'],
  example: {
    path: '/v0/eco/immo/offres',
    body: {
      offre: { local_type: 'bureaux', transaction_types: ['louer'], surface: 120, code_commune: '35238' },
    },
  },
  responses: {
    202: {
      description: 'Offre créée, en cours de validation',
      content: { json: createdOfferSchema },
      headers: {
        Location: 'Adresse de l’offre (/v0/eco/immo/offres/{reference})',
        'Idempotent-Replayed': 'true quand la réponse répète celle d’une requête de même Idempotency-Key',
      },
    },
    400: problem('Corps illisible (JSON mal formé) ou Idempotency-Key mal formée'),
    409: problem('Idempotency-Key déjà utilisée avec un autre corps'),
    413: problem('Corps de plus de 64 Kio'),
    415: problem('Corps ni JSON ni formulaire'),
    422: problem('Champs invalides : errors liste chacun, avec les valeurs acceptées des listes de valeurs'),
    429: {
      ...problem(
        'Trop d’offres créées par l’application dans la dernière minute (RATE_LIMIT_OFFERS_PER_CLIENT)',
      ),
      headers: { 'Retry-After': 'Secondes avant de réessayer' },
    },
    ...protectedErrors('eco:write'),
  },
})
