import { describe, expect, it } from 'vitest'
import { isAcceptableCallbackUrl, nextAuthRequestProblem } from './next-auth-request'

const none = new URLSearchParams()
const noBody = { contentType: null, text: '' }
const form = (text: string) => ({ contentType: 'application/x-www-form-urlencoded', text })

describe('nextAuthRequestProblem', () => {
  it('lets next-auth handle its actions', () => {
    expect(nextAuthRequestProblem('GET', ['session'], none, noBody)).toBeNull()
    expect(nextAuthRequestProblem('POST', ['signout'], none, form('csrfToken=x'))).toBeNull()
    expect(
      nextAuthRequestProblem('GET', ['callback', 'territoire'], new URLSearchParams('code=a'), noBody),
    ).toBeNull()
  })

  it('refuses unknown actions (404), methods (405) and NUL characters (400)', () => {
    expect(nextAuthRequestProblem('POST', ['signin.xml'], none, noBody)?.status).toBe(404)
    expect(nextAuthRequestProblem('POST', ['11768021.csv'], none, noBody)?.status).toBe(404)
    expect(nextAuthRequestProblem('GET', ['callback', 'a', 'b'], none, noBody)?.status).toBe(404)
    expect(nextAuthRequestProblem('DELETE', ['session'], none, noBody)?.status).toBe(405)
    expect(
      nextAuthRequestProblem('GET', ['signin'], new URLSearchParams('callbackUrl=%00'), noBody)?.status,
    ).toBe(400)
    expect(nextAuthRequestProblem('POST', ['signin'], none, form('email=a%00'))?.status).toBe(400)
  })

  it('refuses a body next-auth would fail to read: malformed JSON (400), neither form nor JSON (415)', () => {
    const json = (text: string) => ({ contentType: 'application/json', text })
    expect(nextAuthRequestProblem('POST', ['session'], none, json('grant_type=x'))?.status).toBe(400)
    expect(nextAuthRequestProblem('POST', ['session'], none, json('{"csrfToken":"x"}'))).toBeNull()
    expect(nextAuthRequestProblem('POST', ['signin'], none, json(''))?.status).toBe(400)
    const text = { contentType: 'text/plain', text: 'x' }
    expect(nextAuthRequestProblem('POST', ['signin'], none, text)?.status).toBe(415)
  })

  it('refuses input nested deeper than 32 levels and text that cannot be stored (400)', () => {
    const json = (text: string) => ({ contentType: 'application/json', text })
    const deep = `{"csrfToken":${'['.repeat(10_000)}${']'.repeat(10_000)}}`
    expect(nextAuthRequestProblem('POST', ['session'], none, json(deep))?.detail).toMatch(/32 niveaux/)
    expect(nextAuthRequestProblem('POST', ['signin'], none, form(`a${'[b]'.repeat(3000)}=1`))?.status).toBe(
      400,
    )
    expect(nextAuthRequestProblem('POST', ['session'], none, json('{"csrfToken":"\\ud800"}'))?.status).toBe(
      400,
    )
    expect(nextAuthRequestProblem('POST', ['session'], none, json('{"csrfToken":"\\u0000"}'))?.status).toBe(
      400,
    )
    expect(
      nextAuthRequestProblem('POST', ['session'], none, json('{"csrfToken":"\\ud83d\\udca5"}')),
    ).toBeNull()
  })
})

describe('isAcceptableCallbackUrl', () => {
  it('accepts paths and addresses of this site only, in printable ASCII', () => {
    const origin = 'http://localhost:3000'
    expect(isAcceptableCallbackUrl('/applications?x=1', origin)).toBe(true)
    expect(isAcceptableCallbackUrl('http://localhost:3000/jeux-de-donnees', origin)).toBe(true)
    expect(isAcceptableCallbackUrl('//evil.example/', origin)).toBe(false)
    expect(isAcceptableCallbackUrl('https://evil.example/', origin)).toBe(false)
    expect(isAcceptableCallbackUrl('1410499423', origin)).toBe(false)
    expect(isAcceptableCallbackUrl('/caf\u00e9', origin)).toBe(false)
    expect(
      nextAuthRequestProblem('GET', ['session'], new URLSearchParams('callbackUrl=xx%EF%B0%B4'), {
        contentType: null,
        text: '',
      })?.status,
    ).toBe(400)
  })
})
