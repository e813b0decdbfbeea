import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, cspNonce, mergeVary, securityHeaders } from './response-headers'

describe('securityHeaders', () => {
  it('forbids framing and sniffing on every response', () => {
    const headers = securityHeaders({ publicUrl: 'http://localhost:3000' })
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'")
    expect(headers['X-Frame-Options']).toBe('DENY')
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['Strict-Transport-Security']).toBeUndefined()
  })

  it('adds HSTS when the public address is https', () => {
    expect(securityHeaders({ publicUrl: 'https://donnees.example.fr' })['Strict-Transport-Security']).toMatch(
      /^max-age=\d+/,
    )
  })

  it('lets the maps fetch from the origin of an external style, and nothing else foreign', () => {
    const csp = securityHeaders({
      publicUrl: 'http://localhost:3000',
      mapStyleUrl: 'https://tuiles.example.org/styles/plan/style.json',
    })['Content-Security-Policy']
    expect(csp).toContain("connect-src 'self' https://tuiles.example.org")
    expect(csp).toContain("img-src 'self' data: blob: https://tuiles.example.org")
    expect(contentSecurityPolicy(false)).toContain("connect-src 'self';")
  })

  it('allows no inline script but those carrying the request’s nonce', () => {
    const nonce = cspNonce()
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(cspNonce()).not.toBe(nonce)
    const csp = securityHeaders({ publicUrl: 'http://localhost:3000', nonce })['Content-Security-Policy']!
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))
    expect(scriptSrc).toBe(`script-src 'self' 'nonce-${nonce}'`)
    expect(
      contentSecurityPolicy(false)
        .split('; ')
        .find((d) => d.startsWith('script-src ')),
    ).toBe("script-src 'self'")
    expect(contentSecurityPolicy(true, undefined, nonce)).toContain(
      `script-src 'self' 'nonce-${nonce}' 'unsafe-eval'`,
    )
  })

  it('allows eval only in development', () => {
    expect(contentSecurityPolicy(false)).not.toContain('unsafe-eval')
    expect(contentSecurityPolicy(true)).toContain('unsafe-eval')
  })
})

describe('mergeVary', () => {
  it('folds several Vary headers into one, each name once', () => {
    expect(mergeVary(['rsc, Next-Router-State-Tree', 'Accept', 'accept, RSC'])).toBe(
      'rsc, Next-Router-State-Tree, Accept',
    )
    expect(mergeVary(['Accept', '*'])).toBe('*')
  })
})
