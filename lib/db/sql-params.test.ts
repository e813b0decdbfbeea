import { describe, expect, it } from 'vitest'
import { SqlParams } from './sql-params'

describe('SqlParams', () => {
  it('numbers placeholders in the order values are added, with their casts', () => {
    const params = new SqlParams()
    expect(params.add(['35238'], '::text[]')).toBe('$1::text[]')
    expect(params.add('x')).toBe('$2')
    expect(params.values).toEqual([['35238'], 'x'])
    expect(params.next).toBe(3)
  })

  it('starts after the placeholders the caller binds itself', () => {
    const params = new SqlParams(1)
    expect(params.add(7, '::int')).toBe('$2::int')
    expect(params.values).toEqual([7])
    expect(params.next).toBe(3)
  })
})
