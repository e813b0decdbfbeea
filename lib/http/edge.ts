// What server.ts decides before Next.js routes a request (DESIGN §1): which requests are API
// requests, the optional /v0 prefix, path extensions standing for Accept, "/" as status JSON or
// app page, and whether to read the JSON body of a GET request (lib/http/body reads it). Pure
// functions, unit-tested.
import { badRequest, methodNotAllowed, type ApiError } from './api-error'
import { EXTENSION_FORMATS, MEDIA_TYPES, negotiate } from './negotiate'

const API_PREFIX = '/v0'
/** First path segments of the API (spec §1); the same resources answer with and without /v0. */
const API_ROOTS: ReadonlySet<string> = new Set([
  'datasets',
  'decoupages',
  'zones',
  'geo',
  'ca',
  'tf',
  'th',
  'eco',
])
const API_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const
/** API paths that also take POST (the route reads the body itself): the service's one write API. */
const POST_PATHS: ReadonlySet<string> = new Set(['/v0/eco/immo/offres'])

export type EdgeDecision =
  | { kind: 'app' }
  | { kind: 'api'; url: string; accept?: string; readBody: boolean }
  /** Refused before routing: a problem on API paths, a page (`page`) elsewhere. */
  | { kind: 'reject'; error: ApiError; page?: boolean }

function splitUrl(rawUrl: string): { path: string; search: string } {
  const index = rawUrl.indexOf('?')
  return index === -1
    ? { path: rawUrl, search: '' }
    : { path: rawUrl.slice(0, index), search: rawUrl.slice(index) }
}

function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return false
  try {
    return negotiate(accept, ['json', 'html']) === 'html'
  } catch {
    return false
  }
}

export interface EdgeRequest {
  method: string
  url: string
  accept?: string | undefined
  /** Whether the request announces a body (Content-Length > 0 or Transfer-Encoding). */
  hasBody: boolean
  /**
   * Whether it is a request of the app's client router (the `RSC: 1` header of navigations and
   * link prefetches, which accept any media type): "/" is then the home page, not the status JSON.
   */
  rsc?: boolean
}

/** Why a path cannot be decoded (malformed percent-encoding, invalid UTF-8, U+0000), or null. */
export function undecodablePath(path: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return 'Le chemin de la requête contient un encodage-pourcent mal formé (%XX) ou un UTF-8 invalide.'
  }
  return decoded.includes('\u0000') ? 'Le chemin de la requête contient le caractère nul (U+0000).' : null
}

function isApiPath(path: string): boolean {
  const first = path.split('/')[1] ?? ''
  return path === '/' || first === 'v0' || API_ROOTS.has(stripExtension(first).base)
}

export function routeRequest(request: EdgeRequest): EdgeDecision {
  const { path, search } = splitUrl(request.url)
  const method = request.method.toUpperCase()
  const undecodable = undecodablePath(path)
  if (undecodable) return { kind: 'reject', error: badRequest(undecodable), page: !isApiPath(path) }
  if (path === '/') {
    if ((method === 'GET' || method === 'HEAD') && (request.rsc === true || wantsHtml(request.accept))) {
      return { kind: 'app' }
    }
    return apiDecision(API_PREFIX, search, request, method)
  }
  const segments = path.split('/')
  const first = segments[1] ?? ''
  const isPrefixed = first === 'v0'
  if (!isPrefixed && !API_ROOTS.has(stripExtension(first).base)) return appDecision(path, method)

  let accept: string | undefined
  const last = segments[segments.length - 1] ?? ''
  const { base, format } = stripExtension(last)
  if (format && segments.length > (isPrefixed ? 2 : 1)) {
    segments[segments.length - 1] = base
    accept = MEDIA_TYPES[format]
  }
  const normalised = segments.join('/')
  const prefixed = isPrefixed ? normalised : API_PREFIX + normalised
  return apiDecision(prefixed, search, request, method, accept)
}

/**
 * Paths of the app that take writes: the browser's same-origin endpoints, next-auth's, and the
 * authorization server's (mounted in server.ts; its discovery documents under /.well-known are read
 * only). Pages only read: the app has no server actions, and a POST to a page would otherwise reach
 * Next.js's action handling (an error logged per request).
 */
const WRITABLE_APP_PREFIXES = ['/bff/', '/api/auth/', '/oauth/'] as const
const PAGE_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const

function appDecision(path: string, method: string): EdgeDecision {
  if ((PAGE_METHODS as readonly string[]).includes(method)) return { kind: 'app' }
  if (path === '/oauth' || WRITABLE_APP_PREFIXES.some((prefix) => path.startsWith(prefix))) {
    return { kind: 'app' }
  }
  return { kind: 'reject', error: methodNotAllowed(['GET', 'HEAD']), page: true }
}

function apiDecision(
  path: string,
  search: string,
  request: EdgeRequest,
  method: string,
  accept?: string,
): EdgeDecision {
  const takesPost = POST_PATHS.has(path)
  if (!(API_METHODS as readonly string[]).includes(method) && !(takesPost && method === 'POST')) {
    return { kind: 'reject', error: methodNotAllowed(takesPost ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD']) }
  }
  return {
    kind: 'api',
    url: path + search,
    ...(accept ? { accept } : {}),
    readBody: method === 'GET' && request.hasBody,
  }
}

/**
 * Headers of the app's client router (React Server Components requests). The API is no page: a route
 * handler reached with them would be answered a redirect to a cache-busting address (307), so
 * server.ts removes them from API requests.
 */
export const CLIENT_ROUTER_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
] as const

function stripExtension(segment: string): { base: string; format?: (typeof EXTENSION_FORMATS)[string] } {
  const dot = segment.lastIndexOf('.')
  // A name is needed before the extension: "..json" is not the resource "." (a dot-segment, which
  // the framework would redirect) in JSON, but a name of its own.
  if (dot <= 0 || /^\.+$/.test(segment.slice(0, dot))) return { base: segment }
  const format = EXTENSION_FORMATS[segment.slice(dot).toLowerCase()]
  return format ? { base: segment.slice(0, dot), format } : { base: segment }
}
