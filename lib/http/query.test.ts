import { describe, expect, it } from 'vitest'
import { indexedObjectsToLists, queryToObject } from './query'

const parse = (qs: string) => JSON.parse(JSON.stringify(queryToObject(new URLSearchParams(qs)))) as unknown

describe('queryToObject', () => {
  it('keeps plain keys as strings', () => {
    expect(parse('page=2&size=10')).toEqual({ page: '2', size: '10' })
  })
  it('turns repeated keys and key[] into lists', () => {
    expect(parse('a=1&a=2')).toEqual({ a: ['1', '2'] })
    expect(parse('a[]=1')).toEqual({ a: ['1'] })
  })
  it('nests bracket keys', () => {
    expect(parse('search[code_commune]=35238&search[code_commune]=35047&search[q]=café')).toEqual({
      search: { code_commune: ['35238', '35047'], q: 'café' },
    })
  })
  it('never writes to the prototype', () => {
    const out = queryToObject(new URLSearchParams('__proto__[polluted]=1&a[__proto__]=2'))
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    // Keys with a dangerous segment never become paths; they stay verbatim for validation to reject.
    expect(Object.keys(out)).toEqual(['__proto__[polluted]', 'a[__proto__]'])
  })
  it('keeps malformed keys verbatim so validation can name them', () => {
    expect(parse('a[b=1')).toEqual({ 'a[b': '1' })
  })
})

describe('indexedObjectsToLists', () => {
  it('turns objects keyed by indices into lists, in index order, at any depth', () => {
    const nested = queryToObject(new URLSearchParams('o[c][1][n]=b&o[c][0][n]=a&o[c][10][n]=k&o[x]=1'))
    expect(JSON.parse(JSON.stringify(indexedObjectsToLists(nested)))).toEqual({
      o: { c: [{ n: 'a' }, { n: 'b' }, { n: 'k' }], x: '1' },
    })
  })
  it('keeps objects with other keys as objects', () => {
    const nested = queryToObject(new URLSearchParams('a[0]=x&a[b]=y'))
    expect(JSON.parse(JSON.stringify(indexedObjectsToLists(nested)))).toEqual({ a: { 0: 'x', b: 'y' } })
  })
})
