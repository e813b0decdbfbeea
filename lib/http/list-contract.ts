// Contracts of the API's read endpoints, declared the same way everywhere: a search endpoint (JSON
// pages `{total, page, <items>}` after GET /eco/sirets, GeoJSON where offered) and the standard
// error and caching responses of every protected route.
import { z } from 'zod'
import type { Auth, ResponseSpec, RouteContract, RouteExample } from './contract'
import { defineContract } from './contract'
import { DEFAULT_PAGE_SIZE, MAX_FEATURES, MAX_PAGE_SIZE, RESULT_CAP } from './list-limits'
import { listRequestSchema } from './list-request'
import type { Format } from './negotiate'
import { problemSchema } from './problem-schema'

const problem = (description: string): ResponseSpec => ({ description, content: { problem: problemSchema } })

/** 401, 403 (naming `scopes`) and 406 of a protected route. */
export function protectedErrors(scopes: string): Record<number, ResponseSpec> {
  return {
    401: problem('Jeton absent ou invalide'),
    403: problem(`Portée ${scopes} absente`),
    406: problem('Format non proposé (ou Accept: */* seul)'),
  }
}

const NOT_MODIFIED: ResponseSpec = { description: 'Inchangé depuis l’ETag donné dans If-None-Match' }

/** The responses of a record read by id: 200 (tagged), 304, 400, 404 and the protected errors. */
export function recordResponses(
  scopes: string,
  record: { description: string; content: ResponseSpec['content']; notFound: string },
): Record<number, ResponseSpec> {
  return {
    200: {
      description: record.description,
      content: record.content,
      headers: { ETag: 'Version des données' },
    },
    304: NOT_MODIFIED,
    400: problem('Identifiant mal formé'),
    404: problem(record.notFound),
    ...protectedErrors(scopes),
  }
}

export interface ListContractSpec<
  S extends z.ZodType,
  E extends Record<string, z.ZodType>,
  K extends string,
  I extends z.ZodType,
> {
  operationId: string
  /** OpenAPI path, with the /v0 prefix. */
  path: string
  summary: string
  /** What `search` takes, the order of results, and anything particular to the endpoint. */
  description: string
  tags: readonly string[]
  since?: string
  auth: Auth & { kind: 'scopes' }
  /** The scopes named in the 403 description. */
  scopesLabel: string
  search: S
  extra?: E
  itemsKey: K
  itemSchema: I
  /** FeatureCollection schema when the endpoint offers GeoJSON. */
  geojson?: z.ZodType
  example: RouteExample
}

/** The contract of a search endpoint, its request schema (for the BFF) and its JSON result schema. */
export function listContract<
  S extends z.ZodType,
  E extends Record<string, z.ZodType>,
  K extends string,
  I extends z.ZodType,
>(spec: ListContractSpec<S, E, K, I>) {
  const requestSchema = listRequestSchema(spec.search, spec.extra)
  const shape = {
    total: z.int().describe('Nombre de résultats sur toutes les pages (exact, même au-delà de 10 000)'),
    page: z.int(),
    [spec.itemsKey]: z.array(spec.itemSchema),
  } as { total: z.ZodInt; page: z.ZodInt } & { [P in K]: z.ZodArray<I> }
  const resultSchema = z.strictObject(shape)
  const formats: readonly Format[] = spec.geojson ? ['json', 'geojson'] : ['json']
  const contract = defineContract({
    operationId: spec.operationId,
    method: 'GET',
    path: spec.path,
    summary: spec.summary,
    description: [
      'Paramètres en corps JSON de la requête GET (Content-Type: application/json) ou, à l’identique, dans l’adresse',
      '(search en JSON, search[clé]=valeur ou texte libre ; un même paramètre ne peut venir des deux).',
      spec.description,
      `JSON : pages de ${DEFAULT_PAGE_SIZE} (size ≤ ${MAX_PAGE_SIZE}) jusqu’au ${RESULT_CAP.toLocaleString('fr-FR')}e résultat ;`,
      'total reste exact ; en-tête Link (first, prev, next, last) ; ETag et If-None-Match (304).',
      spec.geojson
        ? `GeoJSON (Accept: application/geo+json ou extension .geojson) : ${MAX_FEATURES.toLocaleString('fr-FR')} objets au plus, sans pagination.`
        : '',
    ]
      .filter(Boolean)
      .join(' '),
    tags: spec.tags,
    ...(spec.since ? { since: spec.since } : {}),
    auth: spec.auth,
    query: requestSchema,
    body: requestSchema,
    formats,
    example: spec.example,
    responses: {
      200: {
        description:
          'Une page de résultats (JSON)' + (spec.geojson ? ' ou leurs objets géographiques (GeoJSON)' : ''),
        content: { json: resultSchema, ...(spec.geojson ? { geojson: spec.geojson } : {}) },
        headers: {
          Link: 'Pages first, prev, next, last (RFC 8288), JSON seulement',
          ETag: 'Version des données et de la requête',
        },
      },
      304: NOT_MODIFIED,
      400: problem('Paramètres invalides (liste de chaque problème), page au-delà du 10 000e résultat'),
      ...protectedErrors(spec.scopesLabel),
    },
  })
  return Object.assign(contract as RouteContract<z.ZodType, typeof requestSchema, typeof requestSchema>, {
    requestSchema,
    resultSchema,
  })
}
