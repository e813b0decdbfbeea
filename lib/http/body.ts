// Request bodies, read and parsed in one place for every entry point: the JSON body of API GET
// requests (buffered by server.ts, which Next.js would drop), the bodies of the browser app's BFF
// routes and of API routes taking POST, the token requests and sign-in forms of the authorization
// server. A body is read whole up to a limit, then parsed as one of the media types the endpoint
// accepts: JSON, or an HTML form (application/x-www-form-urlencoded, whose bracketed keys nest like
// a query string's, and whose indexed keys `a[0][b]` make lists).
import { Readable } from 'node:stream'
import { badRequest, payloadTooLarge, unsupportedMediaType } from './api-error'
import { formTooDeep, jsonNestingDepth, MAX_NESTING, TOO_DEEP_MESSAGE } from './nesting'
import { indexedObjectsToLists, queryToObject } from './query'

/** Largest body the API and the BFF read (64 KiB): larger → 413. */
export const MAX_BODY_BYTES = 64 * 1024

export const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i
export const FORM_MEDIA_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i

export type BodyMediaType = 'json' | 'form'

const MEDIA_TYPE_NAMES: Record<BodyMediaType, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
}

/**
 * A body that ended before its end: the client closed the connection mid-body, sent a malformed
 * chunk or was timed out (408). A 400 the client will rarely see, and never a server error, nor a
 * sign of anything wrong on the server's side (lib/db/availability.ts counts database errors only).
 */
export const incompleteBody = () =>
  badRequest('Le corps de la requête est incomplet : la connexion a été interrompue pendant son envoi.')

/**
 * Reads a whole body of at most `limit` bytes; resolves null, without buffering more, when it is
 * larger (declared so, or found so while reading). A Node stream (an incoming request) is then
 * drained so that the connection can still carry the answer; a web stream is cancelled. A body
 * cut short rejects with incompleteBody().
 */
export async function readBody(
  source: Readable | AsyncIterable<Uint8Array> | null,
  limit: number,
  declaredLength?: number,
): Promise<Buffer | null> {
  if (declaredLength !== undefined && declaredLength > limit) {
    if (source instanceof Readable) source.resume()
    return null
  }
  if (source === null) return Buffer.alloc(0)
  if (source instanceof Readable) return readNodeStream(source, limit)
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for await (const chunk of source) {
      size += chunk.length
      if (size > limit) return null
      chunks.push(chunk)
    }
  } catch {
    throw incompleteBody()
  }
  return Buffer.concat(chunks)
}

function readNodeStream(stream: Readable, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        stream.off('data', onData)
        stream.off('end', onEnd)
        stream.resume()
        resolve(null)
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => resolve(Buffer.concat(chunks))
    const onAborted = () => reject(incompleteBody())
    stream.on('data', onData)
    stream.once('end', onEnd)
    stream.once('error', onAborted)
    stream.once('aborted', onAborted)
    stream.once('close', () => {
      if (!stream.readableEnded) onAborted()
    })
    if (stream.errored || (stream.destroyed && !stream.readableEnded)) onAborted()
  })
}

export type ParsedBody = { present: false } | { present: true; value: unknown }

export interface BodyRules {
  /** Media types the endpoint accepts, in order of preference. */
  accepted: readonly BodyMediaType[]
  /** A body without Content-Type is read as JSON (GET bodies: curl users forget the header). */
  untypedIsJson?: boolean
}

function mediaTypeOf(contentType: string | null | undefined, rules: BodyRules): BodyMediaType | null {
  if (!contentType) return rules.untypedIsJson && rules.accepted.includes('json') ? 'json' : null
  if (JSON_MEDIA_TYPE.test(contentType) && rules.accepted.includes('json')) return 'json'
  if (FORM_MEDIA_TYPE.test(contentType) && rules.accepted.includes('form')) return 'form'
  return null
}

/**
 * Parses a body read by readBody. An empty body is no body; a body of another media type than the
 * accepted ones is 415, malformed JSON 400, input nested deeper than MAX_NESTING levels 400 (measured
 * on the text, before parsing: lib/http/nesting.ts).
 */
export function parseBody(raw: Buffer, contentType: string | null | undefined, rules: BodyRules): ParsedBody {
  const text = raw.toString('utf8')
  if (text.trim() === '') return { present: false }
  const mediaType = mediaTypeOf(contentType, rules)
  if (mediaType === null) {
    const expected = rules.accepted.map((type) => MEDIA_TYPE_NAMES[type]).join(' ou ')
    throw unsupportedMediaType(
      contentType
        ? `Le corps de la requête doit être de type ${expected}, reçu « ${contentType.split(';')[0]} ».`
        : `Le corps de la requête doit être de type ${expected} : précisez-le par l’en-tête Content-Type.`,
    )
  }
  if (mediaType === 'form') {
    const params = new URLSearchParams(text)
    if (formTooDeep(params)) throw badRequest(TOO_DEEP_MESSAGE)
    return { present: true, value: indexedObjectsToLists(queryToObject(params)) }
  }
  if (jsonNestingDepth(text) > MAX_NESTING) throw badRequest(TOO_DEEP_MESSAGE)
  try {
    return { present: true, value: JSON.parse(text) as unknown }
  } catch (error) {
    throw badRequest(`Le corps de la requête n’est pas du JSON valide : ${(error as Error).message}`)
  }
}

/** Reads and parses the body of a request (BFF routes, API routes taking POST): 413, 415, 400. */
export async function requestBody(request: Request, rules: BodyRules): Promise<ParsedBody> {
  const declared = request.headers.get('content-length')
  const raw = await readBody(request.body, MAX_BODY_BYTES, declared === null ? undefined : Number(declared))
  if (raw === null) throw payloadTooLarge(MAX_BODY_BYTES)
  return parseBody(raw, request.headers.get('content-type'), rules)
}
