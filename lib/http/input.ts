// The input of a route, parsed once against its contract by both route wrappers (apiRoute and
// bffRoute): path parameters, query string (bracketed keys nested, lib/http/query) and body, each
// by its zod schema. Every issue of every part is collected into one 400.
import type { z } from 'zod'
import { findUnstorableText, UNSTORABLE_MESSAGES } from '../text/storable'
import { badRequest, unprocessable, type FieldIssue } from './api-error'
import type { ParsedBody } from './body'
import { jsonNestingDepth, keyNestingDepth, MAX_NESTING, TOO_DEEP_MESSAGE } from './nesting'
import { queryToObject } from './query'
import { zodIssues } from './render-problem'

export interface InputSchemas {
  params?: z.ZodType | undefined
  query?: z.ZodType | undefined
  body?: z.ZodType | undefined
}

export interface RawInput {
  params: Record<string, string | string[] | undefined>
  searchParams: URLSearchParams
  body: ParsedBody
}

export interface InputRules {
  /**
   * A part the contract declares no schema for: refused when not empty (the public API says so),
   * or ignored (the browser app's BFF).
   */
  undeclared: 'refuse' | 'ignore'
  /** Without a body: nothing to validate (body stays undefined), or `{}` (the schema's defaults). */
  absentBody: 'skip' | 'empty-object'
  /**
   * How a body that was read but breaks its schema is answered when it is the only problem: 400
   * (default), or 422 for resources created from their data (POST /eco/immo/offres).
   */
  invalidBody?: 'bad-request' | 'unprocessable'
}

export interface ParsedInput {
  params: unknown
  query: unknown
  body: unknown
}

const UNEXPECTED: Record<'params' | 'query' | 'body', string> = {
  params: 'Cette adresse n’accepte pas de paramètres de chemin.',
  query: 'Cette adresse n’accepte pas de paramètres de requête.',
  body: 'Cette adresse n’accepte pas de corps de requête.',
}

/**
 * Issues for every string (key or value) that no text column can store: U+0000, or a lone UTF-16
 * surrogate (lib/text/storable.ts, the one check of text entering the service).
 */
function unstorableIssues(location: FieldIssue['location'], value: unknown): FieldIssue[] {
  return findUnstorableText(value).map(({ path, reason }) => ({
    location,
    path: path.join('.'),
    message: UNSTORABLE_MESSAGES[reason],
    code: reason,
  }))
}

/**
 * Query parameters nested deeper than MAX_NESTING: bracketed keys, or values holding JSON (`search`
 * may be a JSON object, parsed later by its schema). Measured before anything parses them.
 */
function tooDeepQueryIssues(searchParams: URLSearchParams): FieldIssue[] {
  const issues: FieldIssue[] = []
  for (const [key, value] of searchParams) {
    const json = /^\s*[[{]/.test(value)
    if (keyNestingDepth(key) > MAX_NESTING || (json && jsonNestingDepth(value) > MAX_NESTING)) {
      issues.push({ location: 'query', path: key.slice(0, 64), message: TOO_DEEP_MESSAGE, code: 'too_deep' })
    }
  }
  return issues
}

/** Parses every part of the input; throws one 400 listing every issue. */
export function parseInput(schemas: InputSchemas, raw: RawInput, rules: InputRules): ParsedInput {
  const refused = [
    ...unstorableIssues('params', raw.params),
    ...unstorableIssues(
      'query',
      Object.fromEntries([...raw.searchParams].map(([key, value]) => [key, value])),
    ),
    ...tooDeepQueryIssues(raw.searchParams),
    ...(raw.body.present ? unstorableIssues('body', raw.body.value) : []),
  ]
  if (refused.length > 0) throw badRequest('La requête contient des valeurs invalides.', refused)
  const issues: FieldIssue[] = []
  const part = (
    location: keyof typeof UNEXPECTED,
    schema: z.ZodType | undefined,
    value: unknown,
    isEmpty: boolean,
  ): unknown => {
    if (!schema) {
      if (!isEmpty && (rules.undeclared === 'refuse' || location === 'body')) {
        issues.push({ location, path: '', message: UNEXPECTED[location], code: 'unexpected' })
      }
      return undefined
    }
    const result = schema.safeParse(value)
    if (result.success) return result.data
    issues.push(...zodIssues(result.error, location))
    return undefined
  }
  const params = part('params', schemas.params, raw.params, Object.keys(raw.params).length === 0)
  const query = queryToObject(raw.searchParams)
  const parsedQuery = part('query', schemas.query, query, Object.keys(query).length === 0)
  const body = raw.body.present
    ? part('body', schemas.body, raw.body.value, false)
    : rules.absentBody === 'empty-object' && schemas.body
      ? part('body', schemas.body, {}, false)
      : undefined
  // What the schemas built from text (e.g. a JSON `search` given in the query string) is checked too.
  issues.push(...unstorableIssues('query', parsedQuery), ...unstorableIssues('body', body))
  if (issues.length === 0) return { params, query: parsedQuery, body }
  if (
    rules.invalidBody === 'unprocessable' &&
    issues.every((i) => i.location === 'body' && i.code !== 'unexpected')
  ) {
    throw unprocessable('Les données envoyées sont invalides.', issues)
  }
  throw badRequest('La requête contient des valeurs invalides.', issues)
}
