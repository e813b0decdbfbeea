// The parameters of an establishment search (spec §4.3: `search`, `page`, `size`, plus `bbox` for
// map viewports), read the same way from the JSON body of the GET request and from the query string,
// and the contracts of GET /v0/eco/sirets and GET /v0/eco/sirets/:id.
import { z } from 'zod'
import { badRequest, type FieldIssue } from '../http/api-error'
import { defineContract } from '../http/contract'
import type { Format } from '../http/negotiate'
import { problemSchema } from '../http/problem-schema'
import type { BBox } from '../territory/geometry'
import { EXAMPLE_SIRET } from './examples'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, RESULT_CAP, assertWithinCap } from './search'
import { searchFromQuery, searchSchema, toCriteria, type SearchCriteria } from './search-criteria'
import { establishmentDetailWireSchema, establishmentWireSchema, featureCollectionSchema } from './serialise'

export const SEARCH_PARAMETERS = ['search', 'page', 'size', 'bbox'] as const

/** An integer given as a JSON number or, in a query string, as its digits. */
const integerParam = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*[+-]?\d{1,15}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: `${name} est un nombre entier.` }).int(`${name} est un nombre entier.`),
  )

const longitude = z
  .number({ error: 'Longitude attendue (nombre).' })
  .min(-180, 'Longitude entre -180 et 180.')
  .max(180, 'Longitude entre -180 et 180.')
const latitude = z
  .number({ error: 'Latitude attendue (nombre).' })
  .min(-90, 'Latitude entre -90 et 90.')
  .max(90, 'Latitude entre -90 et 90.')

const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v)

/** `bbox`: "west,south,east,north" (query string) or [west, south, east, north] (JSON). */
export const bboxSchema = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map(toNumber) : Array.isArray(v) ? v.map(toNumber) : v),
    z
      .tuple([longitude, latitude, longitude, latitude], {
        error: 'bbox s’écrit ouest,sud,est,nord (4 nombres, WGS 84).',
      })
      .refine(([w, s, e, n]) => w <= e && s <= n, 'bbox : ouest ≤ est et sud ≤ nord.'),
  )
  .describe('Emprise ouest,sud,est,nord (WGS 84) : seuls les établissements situés dedans')

/**
 * The search parameters, as a JSON body or as a query string (where `search` may be JSON,
 * bracketed keys `search[code_commune]=…`, or a free text, and numbers are digits). Values are
 * optional here; `resolveSearchRequest` applies the defaults and the rules between them.
 */
export const searchRequestSchema = z.strictObject(
  {
    search: z.preprocess(searchFromQuery, searchSchema).optional(),
    page: integerParam('page')
      .pipe(z.number().min(1, 'La première page est la page 1.'))
      .optional()
      .describe('Numéro de page, à partir de 1 (JSON seulement)'),
    size: integerParam('size')
      .pipe(
        z.number().min(1, 'size vaut au moins 1.').max(MAX_PAGE_SIZE, `size vaut au plus ${MAX_PAGE_SIZE}.`),
      )
      .optional()
      .describe(
        `Résultats par page (JSON seulement) ; ${DEFAULT_PAGE_SIZE} par défaut, ${MAX_PAGE_SIZE} au plus`,
      ),
    bbox: bboxSchema.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Paramètre inconnu : ${issue.keys.join(', ')}. Paramètres acceptés : ${SEARCH_PARAMETERS.join(', ')}.`
        : undefined,
  },
)
export type SearchRequestInput = z.output<typeof searchRequestSchema>

export interface ResolvedSearch {
  criteria: SearchCriteria
  /** The `search` parameter as validated (re-sent as JSON in pagination links). */
  search: SearchRequestInput['search']
  page: number
  size: number
  bbox?: BBox
  /** Whether page or size was given (GeoJSON answers are not paginated). */
  paginated: boolean
}

/**
 * Combines the parameters of the query string and of the body (a parameter may come from one of
 * them, not both), applies the defaults and the rules: no pagination in GeoJSON, pages stop at the
 * RESULT_CAP-th result.
 */
export function resolveSearchRequest(input: {
  query?: SearchRequestInput | undefined
  body?: SearchRequestInput | undefined
  format: Format
}): ResolvedSearch {
  const query = input.query ?? {}
  const body = input.body ?? {}
  const issues: FieldIssue[] = []
  for (const key of SEARCH_PARAMETERS) {
    if (query[key] !== undefined && body[key] !== undefined) {
      issues.push({
        location: 'query',
        path: key,
        message: `${key} est donné à la fois dans l’adresse et dans le corps : choisissez l’un des deux.`,
        code: 'duplicate',
      })
    }
  }
  const merged = { ...query, ...body }
  if (input.format === 'geojson') {
    for (const key of ['page', 'size'] as const) {
      if (merged[key] !== undefined) {
        issues.push({
          location: query[key] !== undefined ? 'query' : 'body',
          path: key,
          message: `${key} ne s’applique qu’au JSON : la réponse GeoJSON n’est pas paginée (${RESULT_CAP.toLocaleString('fr-FR')} points au plus).`,
          code: 'unexpected',
        })
      }
    }
  }
  if (issues.length > 0) throw badRequest('La requête contient des valeurs invalides.', issues)
  const page = merged.page ?? 1
  const size = merged.size ?? DEFAULT_PAGE_SIZE
  if (input.format === 'json') assertWithinCap(page, size)
  return {
    criteria: toCriteria(merged.search),
    search: merged.search,
    page,
    size,
    ...(merged.bbox ? { bbox: merged.bbox as BBox } : {}),
    paginated: merged.page !== undefined || merged.size !== undefined,
  }
}

export const searchResultSchema = z
  .object({
    total: z
      .int()
      .describe('Nombre d’établissements trouvés sur toutes les pages (exact, même au-delà de 10 000)'),
    page: z.int(),
    etablissements: z.array(establishmentWireSchema),
  })
  .strict()

const searchResponses = {
  400: {
    description: 'Paramètres invalides (liste de chaque problème), page au-delà du 10 000e résultat',
    content: { problem: problemSchema },
  },
  401: { description: 'Jeton absent ou invalide', content: { problem: problemSchema } },
  403: { description: 'Portée eco absente', content: { problem: problemSchema } },
  406: { description: 'Format non proposé (ou Accept: */* seul)', content: { problem: problemSchema } },
} as const

export const searchContract = defineContract({
  operationId: 'searchEstablishments',
  method: 'GET',
  path: '/v0/eco/sirets',
  summary: 'Recherche d’établissements (JSON paginé ou points GeoJSON)',
  description: [
    'Paramètres en corps JSON de la requête GET (Content-Type: application/json) ou, à l’identique, dans l’adresse',
    '(search en JSON ou search[clé]=valeur, page, size, bbox ; un même paramètre ne peut venir des deux).',
    'search texte : SIRET (14 chiffres), SIREN (9 chiffres) ou recherche sur les noms (entreprise, enseigne, dénomination usuelle),',
    'sans accents ni casse, classée : nom exact, puis début du nom, puis similarité, puis SIRET.',
    'search objet : critères combinés par ET, une liste valant « l’un de ».',
    `JSON : pages de ${DEFAULT_PAGE_SIZE} (size ≤ ${MAX_PAGE_SIZE}) dans l’ordre des SIRET (ou du classement pour un texte),`,
    `jusqu’au ${RESULT_CAP.toLocaleString('fr-FR')}e résultat ; total reste exact ; en-tête Link (first, prev, next, last).`,
    'Au-delà, créer un jeu de données. GeoJSON : un point par position distincte portant ses établissements,',
    `${RESULT_CAP.toLocaleString('fr-FR')} établissements au plus, sans pagination ; bbox restreint à une emprise.`,
    'ETag et If-None-Match (304).',
  ].join(' '),
  tags: ['Établissements'],
  since: '0.6.0',
  auth: { kind: 'scopes', requirement: { allOf: ['eco'] } },
  query: searchRequestSchema,
  body: searchRequestSchema,
  formats: ['json', 'geojson'],
  example: { path: '/v0/eco/sirets', body: { search: { code_commune: '35238' }, size: 10 } },
  responses: {
    200: {
      description: 'Une page de résultats (JSON) ou les points des établissements (GeoJSON)',
      content: { json: searchResultSchema, geojson: featureCollectionSchema },
      headers: {
        Link: 'Pages first, prev, next, last (RFC 8288), JSON seulement',
        ETag: 'Version des données et de la requête',
      },
    },
    304: { description: 'Inchangé depuis l’ETag donné dans If-None-Match' },
    ...searchResponses,
  },
})

export const establishmentContract = defineContract({
  operationId: 'getEstablishment',
  method: 'GET',
  path: '/v0/eco/sirets/{id}',
  summary: 'Un établissement',
  description:
    'La fiche d’un établissement par son SIRET : champs de la recherche, coordonnées, date de création, nature juridique.',
  tags: ['Établissements'],
  since: '0.6.0',
  auth: { kind: 'scopes', requirement: { allOf: ['eco'] } },
  params: z.object({ id: z.string().regex(/^\d{14}$/, 'Un SIRET compte 14 chiffres.') }),
  formats: ['json'],
  example: { path: `/v0/eco/sirets/${EXAMPLE_SIRET}` },
  responses: {
    200: {
      description: 'L’établissement',
      content: { json: establishmentDetailWireSchema },
      headers: { ETag: 'Version des données et de la requête' },
    },
    304: { description: 'Inchangé depuis l’ETag donné dans If-None-Match' },
    400: { description: 'SIRET mal formé', content: { problem: problemSchema } },
    401: searchResponses[401],
    403: searchResponses[403],
    404: { description: 'Aucun établissement avec ce SIRET', content: { problem: problemSchema } },
    406: searchResponses[406],
  },
})
