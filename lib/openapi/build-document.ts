// Generates the OpenAPI 3.1 document from the route contracts, so the published description cannot
// drift from what the routes validate.
import { z } from 'zod'
import type { RouteContract } from '../http/contract'
import { MEDIA_TYPES, type Format } from '../http/negotiate'
import { SCOPE_LABELS } from '../auth/scopes'
import { problemSchema } from '../http/problem-schema'

type JsonSchema = Record<string, unknown>

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema
  delete json.$schema
  return json
}

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

function operation(contract: RouteContract): JsonSchema {
  const parameters = [
    ...objectProperties(contract.params).map(([name, schema]) => ({
      name,
      in: 'path',
      required: true,
      schema,
    })),
    ...objectProperties(contract.query).map(([name, schema, required]) => ({
      name,
      in: 'query',
      required,
      schema,
      ...(schema.type === 'object' ? { style: 'deepObject', explode: true } : {}),
    })),
  ]
  const responses: Record<string, JsonSchema> = {}
  for (const [status, spec] of Object.entries(contract.responses)) {
    const content: Record<string, JsonSchema> = {}
    for (const [format, schema] of Object.entries(spec.content ?? {})) {
      if (schema) content[mediaType(format as Format | 'problem')] = { schema: toSchema(schema, 'output') }
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
  if (contract.method === 'GET') {
    return {
      description:
        'Paramètres en JSON dans le corps de la requête GET (équivalents aux paramètres de requête).',
      required: false,
      content: { 'application/json': { schema } },
    }
  }
  return {
    required: true,
    content: Object.fromEntries(
      (contract.bodyTypes ?? ['json']).map((type) => [BODY_MEDIA_TYPES[type], { schema }]),
    ),
  }
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
  return {
    openapi: '3.1.0',
    info: {
      title: 'Territorial Data API',
      version: info.version,
      description:
        'Données fiscales et économiques sur les territoires français. Les chemins sont donnés avec le préfixe /v0, facultatif.',
    },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
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
