import { describe, expect, it } from 'vitest'
import { MAX_EXPIRES_SECONDS } from '../datasets/contract'
import { parseRedirectUris } from './applications'
import { isGenerating, LINK_VALIDITIES } from './datasets'

describe('parseRedirectUris', () => {
  it('takes one address per line, trimmed, blank lines ignored', () => {
    expect(parseRedirectUris(' https://a.example/cb \r\n\n  \nhttp://localhost:8123/cb\n')).toEqual([
      'https://a.example/cb',
      'http://localhost:8123/cb',
    ])
    expect(parseRedirectUris('')).toEqual([])
  })
})

describe('workshop', () => {
  it('polls while a generation is pending or running only', () => {
    expect(isGenerating({ status: 'pending' })).toBe(true)
    expect(isGenerating({ status: 'generating' })).toBe(true)
    expect(isGenerating({ status: 'ready' })).toBe(false)
    expect(isGenerating({ status: 'failed' })).toBe(false)
  })

  it('offers link validities the API accepts (7 days at most)', () => {
    expect(LINK_VALIDITIES.map((v) => v.seconds)).toEqual([900, 3600, 86_400, 604_800])
    expect(Math.max(...LINK_VALIDITIES.map((v) => v.seconds))).toBeLessThanOrEqual(MAX_EXPIRES_SECONDS)
  })
})
