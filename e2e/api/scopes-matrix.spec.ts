// The route × scope matrix: every route registered in lib/openapi/contracts.ts, through real HTTP on
// both engines. A protected route refuses a request without a token (401 + WWW-Authenticate), with
// a forged, foreign or expired token (401 invalid_token), with a token lacking its scope (403 naming
// it), and accepts a token holding it. A public route answers without a token.
import { expect, test } from '../support/contract-test'
import { base64url, importJWK, SignJWT, type JWK } from 'jose'
import pg from 'pg'
import { missingScopes, SCOPES, type Scope } from '@/lib/auth/scopes'
import { exampleRequirement, type RouteContract } from '@/lib/http/contract'
import { MEDIA_TYPES } from '@/lib/http/negotiate'
import { CONTRACTS } from '@/lib/openapi/contracts'
import { connectionConfig } from '@/lib/db/connection'
import { parseEnv } from '@/lib/env'
import { cliEnvOf } from '../support/engine'
import { getWithJsonBody, rawRequest } from '../support/http'
import { E2E_CLIENTS, type E2EClientName } from '../support/servers'
import { accessToken, testClient } from '../support/tokens'

const TEST_CLIENTS = Object.keys(E2E_CLIENTS).filter(
  (n) => n !== 'web' && n !== 'limited' && n !== 'offers-burst',
) as E2EClientName[]
const held = (name: E2EClientName): Set<Scope> => new Set(E2E_CLIENTS[name].scopes as readonly Scope[])

function send(baseURL: string, contract: RouteContract, authorization?: string) {
  const example = contract.example!
  const path = `${example.path}${example.query ? `?${new URLSearchParams(example.query).toString()}` : ''}`
  const headers: Record<string, string> = {
    Accept: example.accept ?? MEDIA_TYPES[contract.formats[0]!],
    ...(authorization ? { Authorization: authorization } : {}),
  }
  if (contract.method === 'POST') {
    return rawRequest(baseURL, {
      method: 'POST',
      path,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(example.body ?? {}),
    })
  }
  return getWithJsonBody(baseURL, path, example.body ?? '', headers)
}

const protectedContracts = CONTRACTS.filter((c) => c.auth.kind !== 'public')
const publicContracts = CONTRACTS.filter((c) => c.auth.kind === 'public' && c.example)

test('the matrix covers every registered contract', () => {
  expect(protectedContracts.length + CONTRACTS.filter((c) => c.auth.kind === 'public').length).toBe(
    CONTRACTS.length,
  )
  for (const contract of protectedContracts) expect(contract.example, contract.operationId).toBeDefined()
  // Every scope of the API is held by at least one test client, and a client holds none.
  for (const scope of SCOPES) expect(TEST_CLIENTS.some((n) => held(n).has(scope))).toBe(true)
  expect(TEST_CLIENTS.some((n) => held(n).size === 0)).toBe(true)
})

test('the fiscal routes are in the matrix, each refused to an eco-only token and answered with its example', async ({
  baseURL,
}, testInfo) => {
  const fiscal = ['getPev', 'getSuf', 'searchTf', 'getTf', 'searchTh', 'getTh', 'getLocal', 'getParcelle']
  const eco = `Bearer ${await accessToken(baseURL!, testInfo, 'eco')}`
  const allowed = `Bearer ${await accessToken(baseURL!, testInfo, 'fiscal')}`
  for (const operationId of fiscal) {
    const contract = protectedContracts.find((c) => c.operationId === operationId)!
    expect(contract, operationId).toBeDefined()
    expect(missingScopes(held('eco'), exampleRequirement(contract)!)).toEqual(['fiscal'])
    expect((await send(baseURL!, contract, eco)).status, operationId).toBe(403)
    expect((await send(baseURL!, contract, allowed)).status, operationId).toBe(200)
  }
})

for (const contract of publicContracts) {
  test(`${contract.operationId} (public) answers without a token`, async ({ baseURL }) => {
    const response = await send(baseURL!, contract)
    expect(response.status).toBeLessThan(400)
  })
}

/** A token signed with the instance's real key, with the given claims changed (read from its database). */
async function forge(
  testInfo: Parameters<typeof cliEnvOf>[0],
  baseURL: string,
  changes: Record<string, unknown>,
  expired = false,
) {
  const e = parseEnv(cliEnvOf(testInfo))
  const db = new pg.Pool({ ...connectionConfig(e), max: 1 })
  try {
    const { rows } = await db.query<{ kid: string; jwk: JWK }>(
      `SELECT kid, private_jwk AS jwk FROM oauth_signing_key WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    )
    const { kid, jwk } = rows[0]!
    const app = testClient(testInfo, 'all')
    const now = Math.floor(Date.now() / 1000)
    // The audience comes from `changes` when given (setAudience would overwrite a payload `aud`).
    return new SignJWT({
      client_id: app.client_id,
      scope: SCOPES.join(' '),
      jti: `forged-${now}`,
      ...changes,
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid })
      .setIssuer(baseURL)
      .setAudience(typeof changes.aud === 'string' ? changes.aud : `${baseURL}/v0`)
      .setSubject(app.client_id)
      .setIssuedAt(expired ? now - 8000 : now)
      .setExpirationTime(expired ? now - 600 : now + 600)
      .sign(await importJWK(jwk, 'ES256'))
  } finally {
    await db.end()
  }
}

for (const contract of protectedContracts) {
  const requirement = exampleRequirement(contract)!
  test.describe(`${contract.operationId} ${contract.example!.path}`, () => {
    test('refuses a request without a token: 401 + WWW-Authenticate', async ({ baseURL }) => {
      const response = await send(baseURL!, contract)
      expect(response.status).toBe(401)
      expect(response.headers['www-authenticate']).toMatch(/^Bearer /)
      expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    })

    test('refuses forged, foreign and expired tokens: 401 invalid_token', async ({ baseURL }, testInfo) => {
      const real = await accessToken(baseURL!, testInfo, 'all')
      const [header, payload, signature] = real.split('.') as [string, string, string]
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
      const tokens: Record<string, string> = {
        'alg none': `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt' }))}.${payload}.`,
        tampered: `${header}.${base64url.encode(JSON.stringify({ ...claims, client_id: 'tda_someone_else' }))}.${signature}`,
        'another audience': await forge(testInfo, baseURL!, { aud: 'https://other.example/api' }),
        expired: await forge(testInfo, baseURL!, {}, true),
        garbage: 'abc.def.ghi',
      }
      for (const [name, token] of Object.entries(tokens)) {
        const response = await send(baseURL!, contract, `Bearer ${token}`)
        expect(response.status, name).toBe(401)
        expect(response.headers['www-authenticate'], name).toMatch(/error="invalid_token"/)
      }
      // The same key with genuine claims is accepted: the refusals above are about what differs.
      const genuine = await send(baseURL!, contract, `Bearer ${await forge(testInfo, baseURL!, {})}`)
      expect([401, 403]).not.toContain(genuine.status)
    })

    for (const name of TEST_CLIENTS) {
      const missing = missingScopes(held(name), requirement)
      test(`${missing.length ? 'refuses (403)' : 'accepts'} a token of the "${name}" client`, async ({
        baseURL,
      }, testInfo) => {
        const response = await send(
          baseURL!,
          contract,
          `Bearer ${await accessToken(baseURL!, testInfo, name)}`,
        )
        if (missing.length) {
          expect(response.status).toBe(403)
          expect(response.headers['www-authenticate']).toMatch(/error="insufficient_scope"/)
          for (const scope of missing) expect(response.headers['www-authenticate']).toContain(scope)
        } else {
          expect([401, 403]).not.toContain(response.status)
        }
      })
    }
  })
}
