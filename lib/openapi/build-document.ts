// Generates the OpenAPI 3.1 document from the route contracts, so the published description cannot
// drift from what the routes validate.
import { z } from 'zod'
import type { RouteContract } from '../http/contract'
import { MEDIA_TYPES, type Format } from '../http/negotiate'
import { SCOPE_LABELS } from '../auth/scopes'

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
