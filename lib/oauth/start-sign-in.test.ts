import { describe, expect, it } from 'vitest'
import { signInStartUrl } from './sign-in-path'
import { safeCallbackPath, SignInStartError, startStaffSignIn } from './start-sign-in'

const ORIGIN = 'http://localhost:3000'

describe('the callback of a sign-in', () => {
  it('keeps a path of this site with its search, percent-encoded once', () => {
    expect(safeCallbackPath('/?commune=69123&naf=56.10A', ORIGIN)).toBe('/?commune=69123&naf=56.10A')
    expect(safeCallbackPath('/?q=café crème', ORIGIN)).toBe('/?q=caf%C3%A9%20cr%C3%A8me')
    expect(safeCallbackPath('/?q=caf%C3%A9', ORIGIN)).toBe('/?q=caf%C3%A9')
    expect(safeCallbackPath(`${ORIGIN}/offres?x=1`, ORIGIN)).toBe('/offres?x=1')
  })

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'http://localhost:3001/',
    '/%E0%A4%A',
    'relative/path',
  ])('sends %j home', (value) => {
    expect(safeCallbackPath(value, ORIGIN)).toBe('/')
  })

  it('builds the start address with the callback encoded', () => {
    expect(signInStartUrl('/?commune=69123&naf=56.10A')).toBe(
      '/connexion/debut?callbackUrl=%2F%3Fcommune%3D69123%26naf%3D56.10A',
    )
  })
})

describe('starting the sign-in', () => {
  function fakeNextAuth(signInUrl: string) {
    const calls: Array<{ url: string; init: RequestInit | undefined }> = []
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init })
      if (url.endsWith('/api/auth/csrf')) {
        return new Response(JSON.stringify({ csrfToken: 'tok' }), {
          headers: [['Set-Cookie', 'next-auth.csrf-token=tok%7Chash; Path=/; HttpOnly; SameSite=Lax']],
        })
      }
      return new Response(JSON.stringify({ url: signInUrl }), {
        headers: [
          ['Set-Cookie', 'next-auth.state=s; Path=/; HttpOnly; SameSite=Lax'],
          ['Set-Cookie', 'next-auth.pkce.code_verifier=v; Path=/; HttpOnly; SameSite=Lax'],
        ],
      })
    }) as typeof fetch
    return { calls, fetchImpl }
  }

  it('runs next-auth’s two steps and hands the browser their cookies and the authorization address', async () => {
    const { calls, fetchImpl } = fakeNextAuth(`${ORIGIN}/oauth/authorize?client_id=tda_web&state=s`)
    const start = await startStaffSignIn('/?commune=69123', ORIGIN, fetchImpl)
    expect(start.location).toBe(`${ORIGIN}/oauth/authorize?client_id=tda_web&state=s`)
    expect(start.cookies.map((c) => c.split('=')[0])).toEqual([
      'next-auth.csrf-token',
      'next-auth.state',
      'next-auth.pkce.code_verifier',
    ])
    expect(calls[1]!.url).toBe(`${ORIGIN}/api/auth/signin/territoires`)
    expect(new Headers(calls[1]!.init?.headers).get('cookie')).toBe('next-auth.csrf-token=tok%7Chash')
    expect(Object.fromEntries(new URLSearchParams(String(calls[1]!.init?.body)))).toEqual({
      csrfToken: 'tok',
      callbackUrl: '/?commune=69123',
      json: 'true',
    })
  })

  it('fails when next-auth answers its error page instead', async () => {
    const { fetchImpl } = fakeNextAuth(`${ORIGIN}/connexion?error=OAuthSignin`)
    await expect(startStaffSignIn('/', ORIGIN, fetchImpl)).rejects.toBeInstanceOf(SignInStartError)
  })
})
