import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { isBareWildcard, negotiate, parseAccept } from './negotiate'

describe('parseAccept', () => {
  it('reads ranges with their quality', () => {
    expect(parseAccept('text/html;q=0.9, application/json')).toEqual([
      { type: 'text', subtype: 'html', q: 0.9, order: 0 },
      { type: 'application', subtype: 'json', q: 1, order: 1 },
    ])
  })
  it('ignores malformed ranges and clamps quality', () => {
    expect(parseAccept('nonsense, a/b;q=7, c/d;q=x').map((r) => r.q)).toEqual([1, 0])
  })
})

describe('isBareWildcard', () => {
  it.each([
    ['*/*', true],
    ['*/*;q=0.5', true],
    [' */* ', true],
    ['application/json', false],
    ['application/json, */*;q=0.8', false],
    ['', false],
  ])('%j → %s', (header, expected) => {
    expect(isBareWildcard(header)).toBe(expected)
  })
})

describe('negotiate', () => {
  const offered = ['json', 'geojson'] as const

  it('defaults to the first offered format without an Accept header', () => {
    expect(negotiate(undefined, offered)).toBe('json')
    expect(negotiate('', offered)).toBe('json')
  })

  it('picks the requested format', () => {
    expect(negotiate('application/geo+json', offered)).toBe('geojson')
    expect(negotiate('application/json', offered)).toBe('json')
  })

  it('honours quality values', () => {
    expect(negotiate('application/json;q=0.5, application/geo+json', offered)).toBe('geojson')
  })

  it('lets the first offered format win a browser-style wildcard', () => {
    expect(negotiate('text/html,application/xhtml+xml,*/*;q=0.8', offered)).toBe('json')
  })

  it('answers 406 to a bare */* (spec §7)', () => {
    expect(() => negotiate('*/*', offered)).toThrowError(ApiError)
    try {
      negotiate('*/*', offered)
    } catch (error) {
      expect((error as ApiError).status).toBe(406)
      expect((error as ApiError).toProblem().available).toEqual(['application/json', 'application/geo+json'])
    }
  })

  it('answers 406 when nothing offered is acceptable', () => {
    expect(() => negotiate('text/csv', offered)).toThrow(/Formats proposés/)
  })

  it('treats q=0 as a refusal', () => {
    expect(negotiate('application/json;q=0, application/*', offered)).toBe('geojson')
  })
})
