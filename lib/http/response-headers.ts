// Headers every response carries, set once by server.ts (API, pages, files, the authorization
// server): a Content-Security-Policy forbidding framing (clickjacking), foreign content and inline
// scripts other than those carrying the request's nonce,
// nosniff, a Referrer-Policy that keeps paths and query strings (signed file addresses) on this
// site, and HSTS when the public address is https. And the one Vary header a response ends with.

import { randomBytes } from 'node:crypto'

export interface SecurityHeaderOptions {
  publicUrl: string
  /** Development: Next's hot reloading evaluates code and opens a WebSocket. */
  dev?: boolean
  /** An external map style (MAP_STYLE_URL): the maps may fetch from its origin. */
  mapStyleUrl?: string | undefined
  /** The request's script nonce (cspNonce): inline scripts carrying it run, no other. */
  nonce?: string | undefined
}

/**
 * A fresh nonce for one request (128 random bits, base64). server.ts puts it in the request's
 * Content-Security-Policy header, where Next.js reads it and sets it on every script of the page it
 * renders (its inline bootstrap and data scripts included), and in the response's.
 */
export function cspNonce(): string {
  return randomBytes(16).toString('base64')
}

export function contentSecurityPolicy(dev = false, mapStyleUrl?: string, nonce?: string): string {
  // A style's tiles, glyphs and sprites are fetched (connect-src) from its own origin.
  const map = mapStyleUrl ? ` ${new URL(mapStyleUrl).origin}` : ''
  return [
    "default-src 'self'",
    // No 'unsafe-inline': Next.js's inline scripts carry the request's nonce.
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${map}`,
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    `connect-src 'self'${map}${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function securityHeaders({
  publicUrl,
  dev = false,
  mapStyleUrl,
  nonce,
}: SecurityHeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(dev, mapStyleUrl, nonce),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(publicUrl.startsWith('https://')
      ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
      : {}),
  }
}

/** The values of one or several Vary headers as one, each field name once (case-insensitive). */
export function mergeVary(values: readonly string[]): string {
  const seen = new Map<string, string>()
  for (const value of values) {
    for (const field of value.split(',')) {
      const name = field.trim()
      if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name)
    }
  }
  return seen.has('*') ? '*' : [...seen.values()].join(', ')
}
