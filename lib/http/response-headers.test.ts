import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, mergeVary, securityHeaders } from './response-headers'

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
