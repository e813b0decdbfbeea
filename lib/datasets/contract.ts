// Contracts of the public dataset routes (spec §4.2): GET /v0/datasets/:id and GET /v0/datasets.
import { z } from 'zod'
import { parcelFeatureCollectionSchema } from '../cadastre/parcels'
import { featureCollectionSchema } from '../establishments/serialise'
import { defineContract } from '../http/contract'
import { problemSchema } from '../http/problem-schema'
import { offerFeatureCollectionSchema } from '../offers/serialise'
import { encodingSchema } from './encoding'
import { SEED_DATASETS } from './seed-datasets'
import { datasetCsvViewSchema, datasetJsonViewSchema, datasetListSchema } from './serialise'

/** Longest validity of a download address: seven days (also the limit of S3 presigned addresses). */
export const MAX_EXPIRES_SECONDS = 604_800
export const DEFAULT_EXPIRES_SECONDS = 3600
const DEFAULT_PAGE_SIZE = 100
const MAX_PAGE_SIZE = 1000

const page = z.coerce
  .number({ error: 'page est un entier.' })
  .int('page est un entier.')
  .min(1, 'La première page est la page 1.')
  .default(1)
  .describe('Numéro de page, à partir de 1 (JSON seulement)')
const size = z.coerce
  .number({ error: 'size est un entier.' })
  .int('size est un entier.')
  .min(1, 'size vaut au moins 1.')
  .max(MAX_PAGE_SIZE, `size vaut au plus ${MAX_PAGE_SIZE}.`)
  .default(DEFAULT_PAGE_SIZE)
  .describe(
    `Enregistrements par page (JSON seulement) ; ${DEFAULT_PAGE_SIZE} par défaut, ${MAX_PAGE_SIZE} au plus`,
  )

/** `?csv` (no value), `csv=true|1`, or `csv=false|0`. */
const csvFlag = z
  .enum(['', 'true', '1', 'false', '0'], { error: 'csv est un drapeau sans valeur : ?csv.' })
  .transform((v) => v === '' || v === 'true' || v === '1')
  .describe('Drapeau sans valeur : avec Accept: application/json, répond l’adresse du fichier CSV')

export const datasetQuerySchema = z.strictObject(
  {
    page,
    size,
    csv: csvFlag.optional(),
    expires: z.coerce
      .number({ error: 'expires est un nombre entier de secondes.' })
      .int('expires est un nombre entier de secondes.')
      .min(1, 'expires vaut au moins 1 seconde.')
      .max(MAX_EXPIRES_SECONDS, `expires vaut au plus ${MAX_EXPIRES_SECONDS} secondes (7 jours).`)
      .default(DEFAULT_EXPIRES_SECONDS)
      .describe('Validité de l’adresse du fichier CSV, en secondes (3600 par défaut)'),
    encoding: encodingSchema
      .optional()
      .describe(
        'Ancien paramètre, accepté sans effet : le fichier délivré est dans l’encodage du jeu de données (champ encoding)',
      ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Paramètre inconnu : ${issue.keys.join(', ')}. Paramètres acceptés : page, size, csv, expires, encoding.`
        : undefined,
  },
)

const datasetIdSchema = z.object({
  id: z.uuid('Un identifiant de jeu de données est un UUID.'),
})

export const datasetContract = defineContract({
  operationId: 'getDataset',
  method: 'GET',
  path: '/v0/datasets/{id}',
  summary: 'Un jeu de données : enregistrements (JSON), points ou contours (GeoJSON) ou fichier CSV',
  description: [
    'La représentation se choisit par l’en-tête Accept et le drapeau csv :',
    'application/json → page d’enregistrements ; application/geo+json → points des établissements ou contours des parcelles (modèles localisés seulement, sinon 406) ;',
    'text/csv → 302 vers l’adresse signée et temporaire du fichier ; application/json avec ?csv → cette adresse en JSON.',
    'Le fichier est généré à l’avance dans l’encodage du jeu de données ; tant que le premier ne l’est pas, 503 avec Retry-After.',
    'Demande la portée du modèle du jeu : eco (établissements, offres) ou fiscal (locaux, parcelles, comptes communaux).',
  ].join(' '),
  tags: ['Jeux de données'],
  since: '0.5.2',
  auth: {
    kind: 'dynamic',
    description: 'Portée du modèle du jeu de données : eco (siret, offre) ou fiscal (local, parcelle, prop)',
  },
  params: datasetIdSchema,
  query: datasetQuerySchema,
  formats: ['json', 'geojson', 'csv'],
  example: { path: `/v0/datasets/${SEED_DATASETS.siret.id}`, scope: 'eco' },
  responses: {
    200: {
      description: 'Page d’enregistrements, adresse du fichier CSV (?csv), points ou contours GeoJSON',
      content: {
        json: z.union([datasetJsonViewSchema, datasetCsvViewSchema]),
        // The model's own: establishments' points, offers' points or parcels' outlines.
        geojson: z.union([
          featureCollectionSchema,
          offerFeatureCollectionSchema,
          parcelFeatureCollectionSchema,
        ]),
      },
    },
    302: {
      description: 'Accept: text/csv : adresse signée et temporaire du fichier CSV',
      headers: { Location: 'Adresse signée du fichier, valable expires secondes' },
    },
    400: {
      description: 'Identifiant ou paramètres invalides, page hors limites',
      content: { problem: problemSchema },
    },
    401: { description: 'Jeton absent ou invalide', content: { problem: problemSchema } },
    403: { description: 'Portée du modèle absente', content: { problem: problemSchema } },
    404: { description: 'Aucun jeu de données avec cet identifiant', content: { problem: problemSchema } },
    406: {
      description: 'Format non proposé pour ce jeu de données (ou Accept: */* seul)',
      content: { problem: problemSchema },
    },
    503: {
      description: 'Fichier CSV pas encore généré',
      content: { problem: problemSchema },
      headers: { 'Retry-After': 'Secondes avant de réessayer' },
    },
  },
})

export const datasetListContract = defineContract({
  operationId: 'listDatasets',
  method: 'GET',
  path: '/v0/datasets',
  summary: 'Les jeux de données accessibles au jeton',
  description:
    'Les jeux de données des modèles dont le jeton porte la portée (eco : établissements, fiscal : locaux), du plus récent au plus ancien.',
  tags: ['Jeux de données'],
  since: '0.5.2',
  auth: { kind: 'scopes', requirement: { anyOf: ['eco', 'fiscal'] } },
  query: z.strictObject({ page, size }),
  formats: ['json'],
  example: { path: '/v0/datasets', query: { page: '1', size: '10' } },
  responses: {
    200: { description: 'Une page de jeux de données', content: { json: datasetListSchema } },
    400: { description: 'Paramètres invalides', content: { problem: problemSchema } },
    401: { description: 'Jeton absent ou invalide', content: { problem: problemSchema } },
    403: { description: 'Ni la portée eco ni la portée fiscal', content: { problem: problemSchema } },
  },
})
