// Test support: checks HTTP responses against an OpenAPI 3.1 document with a third-party JSON Schema
// validator (Ajv, draft 2020-12, ajv-formats), as an external integrator would: the operation the
// request addressed (its /v0 prefix optional, a .json/.geojson/.csv extension standing for Accept),
// the status declared for it, the content type declared for that status, and the body against the
// schema of that content type. The end-to-end suite runs it on every response it receives.
import zlib from 'node:zlib'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'

type JsonSchema = Record<string, unknown>

interface OpenApiOperation {
  operationId: string
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>
}

export interface CheckedResponse {
  method: string
  /** The request's path and query, as sent. */
  url: string
  status: number
  headers: Record<string, string | string[] | undefined>
  /** The body's bytes as received (compressed bodies are inflated here). */
  body: Buffer
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020
/** A path extension standing for Accept, after a segment's name (not a bare /.csv or a dot-segment). */
const EXTENSIONS = /(\/[^/]*[^/.][^/]*)\.(json|geojson|csv)$/i

interface Route {
  method: string
  template: string
  pattern: RegExp
  /** Literal segments: a route with more of them wins (/v0/eco/sirets/clusters over {id}). */
  literals: number
  operation: OpenApiOperation
}

export class OpenApiContract {
  private readonly ajv: Ajv2020
  private readonly routes: Route[]
  private readonly validators = new Map<string, ValidateFunction>()

  constructor(document: OpenApiDocument) {
    // strict: false lets the document's annotations (example, x-…) pass; validation is unchanged.
    this.ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, validateFormats: true }))
    this.routes = []
    for (const [template, operations] of Object.entries(document.paths)) {
      const segments = template.split('/').filter(Boolean)
      const pattern = new RegExp(
        `^/${segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`,
      )
      const literals = segments.filter((s) => !/^\{.+\}$/.test(s)).length
      for (const [method, operation] of Object.entries(operations))
        this.routes.push({ method: method.toUpperCase(), template, pattern, literals, operation })
    }
    this.routes.sort((a, b) => b.literals - a.literals)
  }

  /** The operation a request addresses, or null when the document describes none (pages, OAuth…). */
  operationFor(method: string, url: string): Route | null {
    const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()
    let path = url.split('?')[0]!
    try {
      path = decodeURI(path)
    } catch {
      return null
    }
    // The status resource is / (and /v0); an extension counts below a first segment (server.ts's
    // router: /v0.csv is no operation), then every path is the /v0 one, its prefix optional.
    if (path === '/' || path === '/v0') path = '/'
    else {
      if (path.split('/').length > (path.startsWith('/v0/') ? 2 : 1)) path = path.replace(EXTENSIONS, '$1')
      if (!path.startsWith('/v0/')) path = `/v0${path}`
    }
    const candidate = path
    for (const route of this.routes) if (route.method === verb && route.pattern.test(candidate)) return route
    return null
  }

  /** Every way the response departs from the document (empty when it matches, or is not an operation's). */
  check(response: CheckedResponse): string[] {
    const route = this.operationFor(response.method, response.url)
    if (!route) return []
    const where = `${response.method} ${response.url} → ${response.status} (${route.operation.operationId})`
    const declared = route.operation.responses[String(response.status)]
    if (!declared) {
      return [
        `${where}: status ${response.status} not declared (declared: ${Object.keys(route.operation.responses).join(', ')})`,
      ]
    }
    const contentType = header(response.headers, 'content-type')
    const mediaType = contentType?.split(';')[0]!.trim().toLowerCase()
    const bodyless = response.method.toUpperCase() === 'HEAD' || response.status === 304
    const content = declared.content ?? {}
    if (!mediaType) {
      if (bodyless || response.body.length === 0) return []
      return [`${where}: a body without Content-Type`]
    }
    const media = content[mediaType]
    if (!media) {
      if (Object.keys(content).length === 0 && (bodyless || response.body.length === 0)) return []
      return [
        `${where}: content type ${mediaType} not declared for ${response.status} (declared: ${Object.keys(content).join(', ') || 'none'})`,
      ]
    }
    if (bodyless || !media.schema) return []
    if (!mediaType.endsWith('json')) return []
    let body: unknown
    try {
      body = JSON.parse(inflate(response.body, header(response.headers, 'content-encoding')).toString('utf8'))
    } catch (error) {
      return [`${where}: ${mediaType} body is not JSON (${(error as Error).message})`]
    }
    const validate = this.validator(
      `${route.method} ${route.template} ${response.status} ${mediaType}`,
      media.schema,
    )
    if (validate(body)) return []
    return (validate.errors ?? [])
      .slice(0, 10)
      .map((e) => `${where}: body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`)
  }

  private validator(key: string, schema: JsonSchema): ValidateFunction {
    let validate = this.validators.get(key)
    if (!validate) {
      validate = this.ajv.compile(schema)
      this.validators.set(key, validate)
    }
    return validate
  }
}

function header(headers: CheckedResponse['headers'], name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

function inflate(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'br':
      return zlib.brotliDecompressSync(body)
    case 'gzip':
    case 'x-gzip':
      return zlib.gunzipSync(body)
    case 'deflate':
      return zlib.inflateSync(body)
    default:
      return body
  }
}
