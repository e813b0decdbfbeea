// The Content-Security-Policy of pages through real HTTP on both engines: no 'unsafe-inline' in
// script-src, a fresh nonce per response, and every script of the page (Next.js's inline bootstrap
// and data included) carrying that nonce; a nonce a client sends in a request header is ignored.
import { expect, test } from '../support/contract-test'

const scriptSrc = (csp: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '))!

function scriptNonces(html: string): Array<string | null> {
  return [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => /\snonce="([^"]*)"/.exec(m[1]!)?.[1] ?? null)
}

for (const path of ['/', '/connexion', '/modeles/siret', '/no/such/page']) {
  test(`${path}: scripts run by nonce, never by 'unsafe-inline'`, async ({ request }) => {
    const response = await request.get(path, { headers: { Accept: 'text/html' } })
    expect(response.headers()['content-type']).toContain('text/html')
    const csp = response.headers()['content-security-policy']!
    const directive = scriptSrc(csp)
    expect(directive).not.toContain("'unsafe-inline'")
    expect(directive).not.toContain("'unsafe-eval'")
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(directive)?.[1]
    expect(nonce, directive).toBeDefined()
    const nonces = scriptNonces(await response.text())
    expect(nonces.length).toBeGreaterThan(0)
    expect(nonces.every((n) => n === nonce)).toBe(true)

    // Another response, another nonce.
    const again = await request.get(path, { headers: { Accept: 'text/html' } })
    expect(scriptSrc(again.headers()['content-security-policy']!)).not.toBe(directive)
  })
}

test('a nonce sent by the client is not used', async ({ request }) => {
  const forged = "script-src 'nonce-Zm9yZ2VkLW5vbmNlLTEyMzQ1Ng=='"
  const response = await request.get('/', {
    headers: {
      Accept: 'text/html',
      'Content-Security-Policy': forged,
      'Content-Security-Policy-Report-Only': forged,
    },
  })
  expect(response.headers()['content-security-policy']).not.toContain('Zm9yZ2VkLW5vbmNlLTEyMzQ1Ng==')
  const html = await response.text()
  expect(html).not.toContain('Zm9yZ2VkLW5vbmNlLTEyMzQ1Ng==')
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(response.headers()['content-security-policy']!)?.[1]
  expect(scriptNonces(html).every((n) => n === nonce)).toBe(true)
})

test('API answers allow no inline script at all', async ({ request }) => {
  const response = await request.get('/openapi.json')
  expect(scriptSrc(response.headers()['content-security-policy']!)).not.toContain("'unsafe-inline'")
})
