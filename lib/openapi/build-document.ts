// Generates the OpenAPI 3.1 document from the route contracts, so the published description cannot
// drift from what the routes validate: parameters and bodies are the zod schemas the routes parse
// with (their patterns, enums and bounds included), responses the schemas the serialisers are
// tested against, examples the contracts' example requests, which run against the seeded data.
import type { z } from 'zod'
import type { ResponseSpec, RouteContract } from '../http/contract'
import { jsonSchemaOf, type JsonSchema } from '../http/json-schema'
import { MAX_BODY_BYTES } from '../http/body'
import { MEDIA_TYPES, type Format } from '../http/negotiate'
import { problemSchema } from '../http/problem-schema'
import { SCOPE_LABELS } from '../auth/scopes'

const toSchema = jsonSchemaOf

function objectProperties(schema: z.ZodType | undefined): Array<[string, JsonSchema, boolean]> {
  if (!schema) return []
  const json = toSchema(schema, 'input')
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((json.required ?? []) as string[])
  return Object.entries(properties).map(([name, s]) => [name, s, required.has(name)])
}

function mediaType(format: Format | 'problem'): string {
  return format === 'problem' ? 'application/problem+json' : MEDIA_TYPES[format]
}

const problem = (description: string): ResponseSpec => ({ description, content: { problem: problemSchema } })

/**
 * What server.ts and the route wrapper may answer on any operation, whatever the route: added to
 * the contract's own responses where it does not declare the status itself.
 */
function serverResponses(contract: RouteContract): Record<number, ResponseSpec> {
  const retry = { 'Retry-After': 'Secondes à attendre avant de réessayer' }
  return {
    // A JSON body on a GET (server.ts reads it for every API path) or a query string the route
    // cannot read: a malformed body, an undeclared parameter, an address that does not decode.
    400: problem('Requête invalide : corps JSON illisible, paramètre inconnu ou mal formé'),
    406: problem('Format non proposé par l’opération (ou Accept: */* seul)'),
    413: problem(`Corps de requête de plus de ${MAX_BODY_BYTES / 1024} Kio`),
    415: problem(
      contract.method === 'GET'
        ? 'Corps de la requête GET dans un autre format que JSON'
        : 'Corps de requête dans un format non accepté',
    ),
    503: { ...problem('Base de données momentanément indisponible'), headers: retry },
    504: problem('Base de données trop lente à répondre'),
  }
}

/** The values of a path template's parameters in a concrete path, e.g. {id} in /v0/x/123. */
function pathValues(template: string, path: string): Record<string, string> {
  const names: string[] = []
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_, name) => {
    names.push(name as string)
    return '([^/]+)'
  })
  const match = new RegExp(`^${pattern}$`).exec(path.split('?')[0]!)
  if (!match) return {}
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]))
}

/** Bracketed query keys nested as lib/http/query reads them: search[code_commune] → {search: {…}}. */
function nestedQuery(query: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(query)) {
    const [head, ...rest] = key.replace(/\]/g, '').split('[')
    let node = out
    const path = [head!, ...rest]
    for (const segment of path.slice(0, -1)) node = (node[segment] ??= {}) as Record<string, unknown>
    node[path[path.length - 1]!] = value
  }
  return out
}

/** Example values per parameter name: the path's, then the query's or the GET body's. */
function exampleValues(contract: RouteContract): Record<string, unknown> {
  const example = contract.example
  if (!example) return {}
  const body =
    contract.method === 'GET' && example.body && typeof example.body === 'object'
      ? (example.body as Record<string, unknown>)
      : {}
  return {
    ...pathValues(contract.path, example.path),
    ...body,
    ...(example.query ? nestedQuery(example.query) : {}),
  }
}

/** An example written as in a query string ("11", "w,s,e,n") as the value its schema describes. */
function typed(value: unknown, schema: JsonSchema): unknown {
  if (typeof value !== 'string') return value
  if (schema.type === 'number' || schema.type === 'integer') return Number(value)
  if (schema.type === 'array') {
    const items = (schema.prefixItems as JsonSchema[] | undefined) ?? []
    return value.split(',').map((v, i) => typed(v, items[i] ?? ((schema.items as JsonSchema) || {})))
  }
  return value
}

function operation(contract: RouteContract): JsonSchema {
  const examples = exampleValues(contract)
  const withExample = (name: string, schema: JsonSchema = {}) =>
    name in examples ? { example: typed(examples[name], schema) } : {}
  const required = new Set(contract.requiredParameters ?? [])
  const parameters = [
    ...objectProperties(contract.params).map(([name, schema]) => ({
      name,
      in: 'path',
      required: true,
      schema,
      ...withExample(name),
    })),
    ...objectProperties(contract.query).map(([name, schema, isRequired]) => ({
      name,
      in: 'query',
      required: isRequired || required.has(name),
      schema,
      // Objects (search criteria) as search[key]=value (lib/http/query nests them, a repeated key
      // or key[] making a list), lists of numbers such as bbox comma-separated.
      ...(name === 'search' || schema.type === 'object'
        ? { style: 'deepObject', explode: true }
        : { style: 'form', explode: schema.type !== 'array' }),
      ...withExample(name, schema),
    })),
  ]
  const responses: Record<string, JsonSchema> = {}
  const declared = { ...serverResponses(contract), ...contract.responses }
  for (const [status, spec] of Object.entries(declared).sort(([a], [b]) => Number(a) - Number(b))) {
    const content: Record<string, JsonSchema> = {}
    const example = status === '200' ? contract.example?.response : undefined
    for (const [format, schema] of Object.entries(spec.content ?? {})) {
      if (schema)
        content[mediaType(format as Format | 'problem')] = {
          schema: toSchema(schema, 'output'),
          ...(format === 'json' && example !== undefined ? { example } : {}),
        }
    }
    responses[status] = {
      description: spec.description,
      ...(Object.keys(content).length ? { content } : {}),
      ...(spec.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(spec.headers).map(([h, d]) => [
                h,
                { description: d, schema: { type: 'string' } },
              ]),
            ),
          }
        : {}),
    }
  }
  const auth = contract.auth
  if (auth.kind !== 'public') declareQuota(responses)
  return {
    operationId: contract.operationId,
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    tags: contract.tags,
    ...(contract.since ? { 'x-since': contract.since } : {}),
    parameters,
    ...(contract.body ? { requestBody: requestBody(contract, contract.body) } : {}),
    responses,
    security:
      auth.kind === 'public'
        ? []
        : auth.kind === 'dynamic'
          ? [{ oauth2: [] }]
          : 'allOf' in auth.requirement
            ? [{ oauth2: [...auth.requirement.allOf] }]
            : auth.requirement.anyOf.map((s) => ({ oauth2: [s] })),
    ...(auth.kind === 'dynamic' ? { 'x-scope': auth.description } : {}),
  }
}

const QUOTA_HEADERS = {
  'RateLimit-Policy': {
    description:
      'Quotas de l’application (brouillon IETF « RateLimit header fields for HTTP ») : `"minute";q=<requêtes>;w=60, "day";q=<requêtes>;w=86400`.',
    schema: { type: 'string', examples: ['"minute";q=1200;w=60, "day";q=500000;w=86400'] },
  },
  RateLimit: {
    description: 'Ce qui reste de chaque quota (`r`) et les secondes avant qu’il ne se renouvelle (`t`).',
    schema: { type: 'string', examples: ['"minute";r=1187;t=42, "day";r=499120;t=61234'] },
  },
} as const

/**
 * Requests authenticated by an application count against its quotas: every answer but 401 carries
 * the RateLimit fields, and 429 answers past a quota.
 */
function declareQuota(responses: Record<string, JsonSchema>): void {
  responses['429'] ??= {
    description: 'Quota de l’application dépassé (par minute ou par jour) ; Retry-After donne le délai.',
    content: { 'application/problem+json': { schema: toSchema(problemSchema, 'output') } },
  }
  for (const [status, response] of Object.entries(responses)) {
    if (status === '401') continue
    const headers = (response.headers ?? {}) as Record<string, JsonSchema>
    response.headers = {
      ...headers,
      ...QUOTA_HEADERS,
      ...(status === '429'
        ? { 'Retry-After': { description: 'Secondes avant de réessayer.', schema: { type: 'string' } } }
        : {}),
    }
  }
}

const BODY_MEDIA_TYPES = { json: 'application/json', form: 'application/x-www-form-urlencoded' } as const

function requestBody(contract: RouteContract, body: NonNullable<RouteContract['body']>): JsonSchema {
  const schema = toSchema(body, 'input')
  const example = contract.example?.body
  if (contract.method === 'GET') {
    return {
      description:
        'Les mêmes paramètres en JSON dans le corps de la requête GET (Content-Type: application/json), ' +
        'forme de la spécification ; un paramètre vient de l’adresse ou du corps, pas des deux.',
      required: false,
      content: { 'application/json': { schema, ...(example !== undefined ? { example } : {}) } },
    }
  }
  return {
    required: true,
    content: Object.fromEntries(
      (contract.bodyTypes ?? ['json']).map((type) => [
        BODY_MEDIA_TYPES[type],
        { schema, ...(type === 'json' && example !== undefined ? { example } : {}) },
      ]),
    ),
  }
}

/** What each tag of the contracts groups, in the order the document lists them. */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Statut: 'Disponibilité et version du service (sans authentification).',
  'Jeux de données':
    'Résultats de recherche enregistrés, sans limite de taille : pages JSON, GeoJSON, fichiers CSV à adresse signée.',
  'Données fiscales':
    'Cadastre et fiscalité locale (portée fiscal) : locaux, parcelles, comptes communaux (propriétaires), PEV, subdivisions fiscales, avis de taxe foncière (tf) et d’habitation (th).',
  Géographie: 'Communes, sections et parcelles d’une emprise, en GeoJSON (portée fiscal).',
  Établissements:
    'Établissements (SIRET) : recherche, fiche avec contact, groupes pour la carte (portée eco).',
  'Découpages et zones': 'EPCI, départements et régions, et leurs contours (portée eco ou fiscal).',
  'Offres immobilières':
    'Offres de locaux d’entreprise : recherche des offres publiées (eco), création (eco:write) et suivi.',
}

export function buildOpenApiDocument(
  contracts: readonly RouteContract[],
  info: { version: string; serverUrl: string },
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const contract of contracts) {
    paths[contract.path] ??= {}
    paths[contract.path]![contract.method.toLowerCase()] = operation(contract)
  }
  const used = [...new Set(contracts.flatMap((c) => c.tags))]
  return {
    openapi: '3.1.0',
    info: {
      title: 'Territorial Data API',
      version: info.version,
      description:
        'Données fiscales et économiques sur les territoires français. Les chemins sont donnés avec le préfixe /v0, facultatif ; ' +
        'une extension .json, .geojson ou .csv tient lieu d’en-tête Accept. Toute autre adresse sous /v0 répond 404 ' +
        '(application/problem+json). Les erreurs sont des documents application/problem+json (RFC 9457).',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: info.serverUrl, description: 'Ce service' }],
    tags: used.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description:
            'OAuth 2.0 : Client Credentials, ou Authorization Code avec PKCE (S256) ; jeton dans Authorization: Bearer.',
          flows: {
            clientCredentials: { tokenUrl: '/oauth/token', scopes: SCOPE_LABELS },
            authorizationCode: {
              authorizationUrl: '/oauth/authorize',
              tokenUrl: '/oauth/token',
              scopes: SCOPE_LABELS,
            },
          },
        },
      },
    },
  }
}
