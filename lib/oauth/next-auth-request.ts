// What the staff sign-in endpoints (next-auth, /api/auth/*) accept, checked before next-auth sees
// the request: next-auth answers an unknown action with a 500 « server configuration » page, and
// would pass a NUL character on to the database, and a body that is not the JSON it announces makes
// it throw (500). Unknown action or method → 404/405 problem; a NUL in the query string or a form
// field, malformed JSON → 400; a body neither form nor JSON → 415.
import {
  badRequest,
  methodNotAllowed,
  notFound,
  unsupportedMediaType,
  type ApiError,
} from '../http/api-error'
import { FORM_MEDIA_TYPE, JSON_MEDIA_TYPE } from '../http/body'
import { formTooDeep, jsonNestingDepth, MAX_NESTING, TOO_DEEP_MESSAGE } from '../http/nesting'
import { findUnstorableText, UNSTORABLE_MESSAGES, unstorableReason } from '../text/storable'

const ACTIONS: Record<string, readonly string[]> = {
  providers: ['GET'],
  session: ['GET', 'POST'],
  csrf: ['GET'],
  signin: ['GET', 'POST'],
  signout: ['GET', 'POST'],
  callback: ['GET', 'POST'],
  'verify-request': ['GET'],
  error: ['GET'],
  _log: ['POST'],
}

/**
 * Whether a callbackUrl is one next-auth can put in its cookie and redirect to: a path of this site
 * or an address on its public origin, in printable ASCII (anything else made next-auth throw).
 */
export function isAcceptableCallbackUrl(value: string, publicOrigin: string): boolean {
  if (!/^[\x21-\x7e]*$/.test(value)) return false
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\')
  try {
    return new URL(value).origin === publicOrigin
  } catch {
    return false
  }
}

/** The refusal of a request to /api/auth/<segments>, or null when next-auth may handle it. */
export function nextAuthRequestProblem(
  method: string,
  segments: readonly string[],
  searchParams: URLSearchParams,
  body: { contentType: string | null; text: string },
  publicOrigin = 'http://localhost',
): ApiError | null {
  const allowed = ACTIONS[segments[0] ?? '']
  if (!allowed || segments.length > 2) return notFound('Aucune fonction de connexion à cette adresse.')
  const verb = method === 'HEAD' ? 'GET' : method
  if (!allowed.includes(verb)) return methodNotAllowed(allowed)
  let form: URLSearchParams | null = null
  const contentType = body.contentType ?? ''
  // next-auth parses a body announced as JSON even when empty.
  if (body.text !== '' || (verb === 'POST' && JSON_MEDIA_TYPE.test(contentType))) {
    if (FORM_MEDIA_TYPE.test(contentType)) {
      form = new URLSearchParams(body.text)
      if (formTooDeep(form)) return badRequest(TOO_DEEP_MESSAGE)
    } else if (JSON_MEDIA_TYPE.test(contentType)) {
      if (jsonNestingDepth(body.text) > MAX_NESTING) return badRequest(TOO_DEEP_MESSAGE)
      let parsed: unknown
      try {
        parsed = JSON.parse(body.text)
      } catch {
        return badRequest('Le corps de la requête n’est pas du JSON valide.')
      }
      const unstorable = findUnstorableText(parsed)[0]
      if (unstorable) return badRequest(UNSTORABLE_MESSAGES[unstorable.reason])
    } else {
      return unsupportedMediaType(
        'Le corps de la requête doit être un formulaire (application/x-www-form-urlencoded) ou du JSON.',
      )
    }
  }
  if (formTooDeep(searchParams)) return badRequest(TOO_DEEP_MESSAGE)
  for (const params of [searchParams, form]) {
    for (const [key, value] of params ?? []) {
      const reason = unstorableReason(key) ?? unstorableReason(value)
      if (reason) return badRequest(UNSTORABLE_MESSAGES[reason])
      if (key === 'callbackUrl' && !isAcceptableCallbackUrl(value, publicOrigin))
        return badRequest('callbackUrl doit être une adresse de ce site.')
    }
  }
  return null
}
