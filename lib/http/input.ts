// The input of a route, parsed once against its contract by both route wrappers (apiRoute and
// bffRoute): path parameters, query string (bracketed keys nested, lib/http/query) and body, each
// by its zod schema. Every issue of every part is collected into one 400.
import type { z } from 'zod'
import { hasNul } from '../text/email'
import { badRequest, unprocessable, type FieldIssue } from './api-error'
import type { ParsedBody } from './body'
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

const NUL_MESSAGE = 'Le caractère nul (U+0000) n’est pas accepté.'

/** Issues for every string (key or value) holding U+0000, which no text column can store. */
function nulIssues(location: FieldIssue['location'], value: unknown, path: string[] = []): FieldIssue[] {
  const issue = (at: string[]) => ({
    location,
    path: at.join('.'),
    message: NUL_MESSAGE,
    code: 'nul_character',
  })
  if (typeof value === 'string') return hasNul(value) ? [issue(path)] : []
  if (Array.isArray(value))
    return value.flatMap((item, index) => nulIssues(location, item, [...path, String(index)]))
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      hasNul(key) ? [issue([...path, key])] : nulIssues(location, item, [...path, key]),
    )
  }
  return []
}

/** Parses every part of the input; throws one 400 listing every issue. */
export function parseInput(schemas: InputSchemas, raw: RawInput, rules: InputRules): ParsedInput {
  const nul = [
    ...nulIssues('params', raw.params),
    ...nulIssues('query', Object.fromEntries([...raw.searchParams].map(([key, value]) => [key, value]))),
    ...(raw.body.present ? nulIssues('body', raw.body.value) : []),
  ]
  if (nul.length > 0) throw badRequest('La requête contient des valeurs invalides.', nul)
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
  if (issues.length === 0) return { params, query: parsedQuery, body }
  if (
    rules.invalidBody === 'unprocessable' &&
    issues.every((i) => i.location === 'body' && i.code !== 'unexpected')
  ) {
    throw unprocessable('Les données envoyées sont invalides.', issues)
  }
  throw badRequest('La requête contient des valeurs invalides.', issues)
}
