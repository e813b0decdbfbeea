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
