import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError } from './api-error'
import { parseInput, type InputRules, type RawInput } from './input'

const schemas = {
  params: z.object({ id: z.string().regex(/^\d+$/) }),
  query: z.object({ page: z.coerce.number().int().min(1).default(1) }).strict(),
  body: z.object({ names: z.array(z.string()).default([]) }).strict(),
}
const api: InputRules = { undeclared: 'refuse', absentBody: 'skip' }
const bff: InputRules = { undeclared: 'ignore', absentBody: 'empty-object' }
const raw = (input: Partial<RawInput> & { query?: string }): RawInput => ({
  params: input.params ?? {},
  searchParams: new URLSearchParams(input.query ?? ''),
  body: input.body ?? { present: false },
})

function issues(run: () => unknown): string[] {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return ((error as ApiError).toProblem().errors ?? []).map((e) => `${e.location}:${e.path}`)
  }
  throw new Error('no error')
}

describe('parseInput', () => {
  it('parses each part with its schema', () => {
    expect(
      parseInput(
        schemas,
        raw({ params: { id: '7' }, query: 'page=3', body: { present: true, value: { names: ['a'] } } }),
        api,
      ),
    ).toEqual({ params: { id: '7' }, query: { page: 3 }, body: { names: ['a'] } })
  })

  it('leaves an absent body undefined, or validates {} for the schema defaults', () => {
    expect(parseInput(schemas, raw({ params: { id: '7' } }), api).body).toBeUndefined()
    expect(parseInput(schemas, raw({ params: { id: '7' } }), bff).body).toEqual({ names: [] })
  })

  it('lists every issue of every part in one 400', () => {
    expect(
      issues(() =>
        parseInput(
          schemas,
          raw({ params: { id: 'x' }, query: 'page=0&other=1', body: { present: true, value: { names: 3 } } }),
          api,
        ),
      ),
    ).toEqual(['params:id', 'query:page', 'query:', 'body:names'])
  })

  it('refuses undeclared input on the API and ignores it on the BFF, but never a body', () => {
    const none = {}
    const input = raw({ params: { id: '7' }, query: 'x=1', body: { present: true, value: {} } })
    expect(issues(() => parseInput(none, input, api))).toEqual(['params:', 'query:', 'body:'])
    expect(issues(() => parseInput(none, input, bff))).toEqual(['body:'])
    expect(parseInput(none, raw({ params: { id: '7' }, query: 'x=1' }), bff)).toEqual({
      params: undefined,
      query: undefined,
      body: undefined,
    })
  })
})

describe('parseInput and U+0000', () => {
  it('refuses a NUL in any part, key or value, before any schema runs', () => {
    const loose = { params: z.any(), query: z.any(), body: z.any() }
    expect(issues(() => parseInput(loose, raw({ params: { id: 'a\u0000' } }), api))).toEqual(['params:id'])
    expect(issues(() => parseInput(loose, raw({ query: 'q=a%00b' }), bff))).toEqual(['query:q'])
    expect(issues(() => parseInput(loose, raw({ query: 'a%00=1' }), bff))).toEqual(['query:a\u0000'])
    expect(
      issues(() =>
        parseInput(loose, raw({ body: { present: true, value: { names: ['ok', 'x\u0000'] } } }), api),
      ),
    ).toEqual(['body:names.1'])
  })
})

describe('parseInput and text that cannot be stored', () => {
  const loose = { params: z.any(), query: z.any(), body: z.any() }
  const codes = (run: () => unknown): string[] => {
    try {
      run()
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).status).toBe(400)
      return ((error as ApiError).toProblem().errors ?? []).map((e) => `${e.location}:${e.path}:${e.code}`)
    }
    throw new Error('no error')
  }

  it('refuses a lone UTF-16 surrogate in any key or value of a body, before any schema runs', () => {
    expect(
      codes(() =>
        parseInput(
          loose,
          raw({ body: { present: true, value: JSON.parse('{"offre":{"label":"a\\ud800b"}}') as unknown } }),
          api,
        ),
      ),
    ).toEqual(['body:offre.label:lone_surrogate'])
    expect(
      codes(() => parseInput(loose, raw({ body: { present: true, value: { ['\udc00k']: 'v' } } }), bff)),
    ).toEqual(['body:\udc00k:lone_surrogate'])
    // A well-formed pair is text.
    expect(parseInput(loose, raw({ body: { present: true, value: { t: '💥' } } }), api).body).toEqual({
      t: '💥',
    })
  })

  it('refuses what a schema builds from text, such as a JSON search given in the query string', () => {
    const search = { query: z.object({ search: z.string().transform((t) => JSON.parse(t) as unknown) }) }
    expect(codes(() => parseInput(search, raw({ query: 'search={"q":"\\ud800"}' }), bff))).toEqual([
      'query:search.q:lone_surrogate',
    ])
    expect(codes(() => parseInput(search, raw({ query: 'search={"q":"\\u0000"}' }), bff))).toEqual([
      'query:search.q:nul_character',
    ])
  })

  it('refuses query parameters nested deeper than 32 levels, as keys or as JSON', () => {
    expect(codes(() => parseInput(loose, raw({ query: `a${'[b]'.repeat(3000)}=1` }), bff))).toEqual([
      `query:a${'[b]'.repeat(21)}:too_deep`,
    ])
    expect(codes(() => parseInput(loose, raw({ query: `search=${'['.repeat(5000)}` }), bff))).toEqual([
      'query:search:too_deep',
    ])
    expect(parseInput(loose, raw({ query: `a${'[b]'.repeat(31)}=1` }), bff).query).toBeDefined()
  })
})
