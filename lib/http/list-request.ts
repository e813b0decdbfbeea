// The parameters every search endpoint of the API takes, after GET /eco/sirets (spec §4.3): `search`
// (a free text or an object of criteria, the endpoint's own schema), `page` and `size` (JSON only),
// plus the endpoint's extra parameters (e.g. `bbox`). They come as a JSON body on the GET request or,
// identically, as query parameters, where `search` may also be JSON or bracketed keys
// (`search[codcom]=35238`, nested by lib/http/query) and numbers are digits.
import { z } from 'zod'
import { badRequest, type FieldIssue } from './api-error'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, RESULT_CAP } from './list-limits'
import type { Format } from './negotiate'

/** An integer given as a JSON number or, in a query string, as its digits. */
const integerParam = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*[+-]?\d{1,15}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: `${name} est un nombre entier.` }).int(`${name} est un nombre entier.`),
  )

/**
 * `search` as it arrives in a query string: a JSON object (`search={"codcom":"35238"}`) or a JSON
 * string, a bracketed object (already nested by lib/http/query) or a free text.
 */
export function searchFromQuery(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const trimmed = value.trim()
  if (trimmed.startsWith('{') || trimmed.startsWith('"')) {
    try {
      return JSON.parse(trimmed) as unknown
    } catch {
      return value
    }
  }
  return value
}

const pageSchema = integerParam('page')
  .pipe(z.number().min(1, 'La première page est la page 1.'))
  .optional()
  .describe(
    `Numéro de page, à partir de 1 (JSON seulement). Les pages s’arrêtent au ${RESULT_CAP.toLocaleString('fr-FR')}e résultat : ` +
      `page × size ≤ ${RESULT_CAP.toLocaleString('fr-FR')}, au-delà 400 (créer un jeu de données pour la liste entière)`,
  )
  .meta({ maximum: RESULT_CAP })

const sizeSchema = integerParam('size')
  .pipe(z.number().min(1, 'size vaut au moins 1.').max(MAX_PAGE_SIZE, `size vaut au plus ${MAX_PAGE_SIZE}.`))
  .optional()
  .describe(`Résultats par page (JSON seulement) ; ${DEFAULT_PAGE_SIZE} par défaut, ${MAX_PAGE_SIZE} au plus`)

type Optionals<E extends Record<string, z.ZodType>> = { [K in keyof E]: z.ZodOptional<E[K]> }

/**
 * The request schema of a search endpoint: `search` validated by the endpoint's schema, `page`,
 * `size`, and the endpoint's `extra` parameters (each optional). Unknown parameters are refused with
 * the list of accepted ones.
 */
export function listRequestSchema<
  S extends z.ZodType,
  E extends Record<string, z.ZodType> = Record<never, never>,
>(search: S, extra: E = {} as E) {
  const optionalExtra = Object.fromEntries(
    Object.entries(extra).map(([key, schema]) => [key, schema.optional()]),
  ) as Optionals<E>
  const accepted = ['search', 'page', 'size', ...Object.keys(extra)]
  return z.strictObject(
    {
      search: z.preprocess(searchFromQuery, search).optional(),
      page: pageSchema,
      size: sizeSchema,
      ...optionalExtra,
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Paramètre inconnu : ${issue.keys.join(', ')}. Paramètres acceptés : ${accepted.join(', ')}.`
          : undefined,
    },
  )
}

/** A search request once resolved: the parameters given, with `page` and `size` defaulted. */
export type ListRequest<I> = Omit<I, 'page' | 'size'> & {
  page: number
  size: number
  /** Whether page or size was given. */
  paginated: boolean
}

/** 400 when the page reaches past the RESULT_CAP-th result, whatever the number of matches. */
function assertWithinCap(page: number, size: number, datasetModel?: string): void {
  if (page * size <= RESULT_CAP) return
  const last = Math.floor(RESULT_CAP / size)
  throw badRequest(
    `La recherche donne accès aux ${RESULT_CAP.toLocaleString('fr-FR')} premiers résultats au plus : ` +
      `à ${size} par page, la dernière page accessible est la page ${last}. ` +
      (datasetModel
        ? `Pour obtenir la liste complète, créez un jeu de données de cette recherche (modèle ${datasetModel}) ` +
          'et lisez-le par GET /v0/datasets/{id} (pages JSON sans limite ou fichier CSV).'
        : 'Affinez la recherche pour obtenir les suivants.'),
    [
      {
        location: 'query',
        path: 'page',
        message: `Au plus ${RESULT_CAP} résultats : page ${last} au plus pour size=${size}.`,
        code: 'too_big',
      },
    ],
    { max_results: RESULT_CAP, ...(datasetModel ? { datasets: '/v0/datasets' } : {}) },
  )
}

/**
 * Combines the parameters of the query string and of the body (a parameter may come from one of
 * them, not both), applies the defaults and the rules: pages only in JSON, and they stop at the
 * RESULT_CAP-th result. Every page and size check of a search happens here, once.
 */
export function resolveListRequest<
  I extends { page?: number | undefined; size?: number | undefined },
>(input: {
  query?: I | undefined
  body?: I | undefined
  format: Format
  /** The dataset model that gives the whole list, named in the error past the cap. */
  datasetModel?: string
}): ListRequest<I> {
  const query: Partial<I> = input.query ?? {}
  const body: Partial<I> = input.body ?? {}
  const issues: FieldIssue[] = []
  for (const key of Object.keys(query) as Array<keyof I & string>) {
    if (query[key] !== undefined && body[key] !== undefined) {
      issues.push({
        location: 'query',
        path: key,
        message: `${key} est donné à la fois dans l’adresse et dans le corps : choisissez l’un des deux.`,
        code: 'duplicate',
      })
    }
  }
  const merged = { ...query, ...body } as I
  if (input.format !== 'json') {
    for (const key of ['page', 'size'] as const) {
      if (merged[key] !== undefined) {
        issues.push({
          location: query[key] !== undefined ? 'query' : 'body',
          path: key,
          message: `${key} ne s’applique qu’au JSON : la réponse GeoJSON n’est pas paginée (${RESULT_CAP.toLocaleString('fr-FR')} objets au plus).`,
          code: 'unexpected',
        })
      }
    }
  }
  if (issues.length > 0) throw badRequest('La requête contient des valeurs invalides.', issues)
  const { page: givenPage, size: givenSize, ...rest } = merged
  const page = givenPage ?? 1
  const size = givenSize ?? DEFAULT_PAGE_SIZE
  if (input.format === 'json') assertWithinCap(page, size, input.datasetModel)
  return { ...rest, page, size, paginated: givenPage !== undefined || givenSize !== undefined }
}
