// What server.ts does to a token request before the authorization server sees it: a JSON body
// (the system this API reproduces documents `curl -d '{"grant_type":…}'`) becomes the standard form
// body; the client is identified for rate limiting; credentials in the URL and unknown scopes are
// refused with RFC 6749 errors. Pure functions, unit-tested.
import { SCOPES } from '../auth/scopes'
import { FORM_MEDIA_TYPE, JSON_MEDIA_TYPE } from '../http/body'
import { jsonNestingDepth, MAX_NESTING } from '../http/nesting'
import { unstorableReason } from '../text/storable'

export const MAX_TOKEN_REQUEST_BYTES = 16 * 1024

const KNOWN_SCOPES: ReadonlySet<string> = new Set([...SCOPES, 'openid', 'offline_access', 'profile', 'email'])

export interface OAuthErrorBody {
  error: string
  error_description: string
}

export class OAuthRequestError extends Error {
  override name = 'OAuthRequestError'
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description)
  }
  get body(): OAuthErrorBody {
    return { error: this.error, error_description: this.description }
  }
}

export interface NormalisedTokenRequest {
  /** The body to hand over: the original bytes, or the form translated from JSON. */
  body: Buffer
  contentType: string | undefined
  /** The parsed form parameters when the body is (or became) a form; null otherwise. */
  form: URLSearchParams | null
  /** The client the request claims to be (HTTP Basic or body), for rate limiting. */
  clientId: string | null
}

/** The client id of HTTP Basic credentials (RFC 6749 §2.3.1: form-encoded), or null. */
export function basicClientId(authorization: string | undefined): string | null {
  if (!authorization) return null
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization)
  if (!match) return null
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon <= 0) return null
  try {
    return decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, '%20'))
  } catch {
    return null
  }
}

/** JSON object → form parameters: strings as they are, numbers as text, arrays of strings repeated. */
export function jsonToForm(raw: string): URLSearchParams {
  if (jsonNestingDepth(raw) > MAX_NESTING)
    throw new OAuthRequestError(
      400,
      'invalid_request',
      `The JSON request body nests deeper than ${MAX_NESTING} levels.`,
    )
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw new OAuthRequestError(400, 'invalid_request', 'The request body is not valid JSON.')
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new OAuthRequestError(400, 'invalid_request', 'The JSON request body must be an object.')
  }
  const form = new URLSearchParams()
  for (const [key, member] of Object.entries(value)) {
    const items = Array.isArray(member) ? member : [member]
    for (const item of items) {
      // Checked here: URLSearchParams would silently turn a lone surrogate into U+FFFD.
      if (typeof item === 'string') assertStorableParameters([[key, item]])
      if (typeof item === 'string') form.append(key, item)
      else if (typeof item === 'number' && Number.isFinite(item)) form.append(key, String(item))
      else
        throw new OAuthRequestError(
          400,
          'invalid_request',
          `The member "${key}" of the JSON request body must be a string.`,
        )
    }
  }
  return form
}

/**
 * Refuses parameters no database can store (lib/text/storable.ts): U+0000 or a lone UTF-16
 * surrogate in a name or a value of the query string, the form body or the Basic client id. An
 * RFC 6749 error (400 invalid_request), before anything looks the client up.
 */
export function assertStorableParameters(params: Iterable<[string, string]> | null | undefined): void {
  const refuse = (what: string) =>
    new OAuthRequestError(
      400,
      'invalid_request',
      `${what} contains U+0000 or a lone UTF-16 surrogate, which is not accepted.`,
    )
  for (const [key, value] of params ?? []) {
    if (unstorableReason(key) !== null) throw refuse('A parameter name')
    if (unstorableReason(value) !== null) throw refuse(`The parameter "${key}"`)
  }
}

/** The query string of a request's address (empty without one). */
export function urlParameters(url: string): URLSearchParams {
  const index = url.indexOf('?')
  return new URLSearchParams(index === -1 ? '' : url.slice(index + 1))
}

const CREDENTIAL_PARAMS = ['client_secret', 'client_assertion', 'code', 'refresh_token', 'password']

/**
 * Refuses credentials in the query string of any authorization-server request (they would end up
 * in logs and browser history).
 */
export function assertNoCredentialsInUrl(url: string): void {
  const index = url.indexOf('?')
  if (index === -1) return
  const params = new URLSearchParams(url.slice(index + 1))
  const found = CREDENTIAL_PARAMS.find((p) => params.has(p))
  if (found) {
    throw new OAuthRequestError(
      400,
      'invalid_request',
      `The parameter "${found}" must not be sent in the URL.`,
    )
  }
}

export function normaliseTokenRequest(input: {
  url: string
  body: Buffer
  contentType: string | undefined
  authorization: string | undefined
}): NormalisedTokenRequest {
  assertNoCredentialsInUrl(input.url)
  let form: URLSearchParams | null = null
  let body = input.body
  let contentType = input.contentType
  if (contentType && JSON_MEDIA_TYPE.test(contentType)) {
    form = jsonToForm(input.body.toString('utf8'))
    body = Buffer.from(form.toString(), 'utf8')
    contentType = 'application/x-www-form-urlencoded'
  } else if (contentType && FORM_MEDIA_TYPE.test(contentType)) {
    form = new URLSearchParams(input.body.toString('utf8'))
  }
  if (form) {
    const unknown = (form.get('scope') ?? '').split(' ').filter((s) => s !== '' && !KNOWN_SCOPES.has(s))
    if (unknown.length > 0) {
      throw new OAuthRequestError(
        400,
        'invalid_scope',
        `Unknown scope: ${unknown.join(' ')}. Scopes of this API: ${SCOPES.join(' ')}.`,
      )
    }
  }
  const basic = basicClientId(input.authorization)
  assertStorableParameters(form)
  if (basic !== null) assertStorableParameters([['client_id', basic]])
  const clientId = basic ?? form?.get('client_id') ?? null
  return { body, contentType, form, clientId }
}

/**
 * A client credentials request without `scope` gets every scope the application holds (RFC 6749
 * §3.3 lets the server choose a default): the documented JSON call names no scope.
 */
export function withDefaultScope(form: URLSearchParams, heldScopes: readonly string[]): URLSearchParams {
  if (form.get('grant_type') !== 'client_credentials' || (form.get('scope') ?? '').trim() !== '') return form
  if (heldScopes.length === 0) return form
  const copy = new URLSearchParams(form)
  copy.set('scope', heldScopes.join(' '))
  return copy
}
