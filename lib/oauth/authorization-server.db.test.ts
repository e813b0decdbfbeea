// The authorization server end to end on both engines, without the browser app: an independent
// OAuth client library (oauth4webapi) against the real provider over HTTP, and the API's route
// wrapper verifying the real tokens it issues, including every refusal of the abuse list.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT, base64url, generateKeyPair, importJWK, type JWK } from 'jose'
import * as oauth from 'oauth4webapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { revokeClientApplication, updateClientApplication } from '../applications/admin'
import { createClientApplication } from '../auth/clients'
import { resetAccessTokenVerifier } from '../auth/verify-access-token'
import { createUser } from '../auth/users'
import { closePool, query } from '../db/pool'
import { env, resetEnvCache, type Env } from '../env'
import { apiRoute } from '../http/api-route'
import { defineContract } from '../http/contract'
import { runWithGetBody } from '../http/request-context'
import { MemoryStore } from '../rate-limit/store'
import { engineSkipped, testEngine } from '../testing/engine'
import { apiResourceFor } from '../auth/tokens'
import { INTERACTION_PATH } from './constants'
import { endAuthorizationServerSession } from './end-session'
import { interactionFormToken } from './interaction-form'
import { startOAuthServer, type OAuthServer, type OAuthServerOptions } from './oauth-server'
import { rotateSigningKey } from '../auth/signing-keys'

interface Running {
  url: string
  server: http.Server
  oauth: OAuthServer
}

async function listen(
  overrides: Partial<Env> = {},
  port = 0,
  options: Partial<OAuthServerOptions> = {},
): Promise<Running> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const url = `http://localhost:${(server.address() as AddressInfo).port}`
  process.env.PUBLIC_URL = url
  resetEnvCache()
  const oauthServer = await startOAuthServer({
    env: { ...env(), ...overrides },
    log: () => {},
    maintenance: false,
    rateLimitStore: new MemoryStore(),
    ...options,
  })
  server.on('request', (req, res) => {
    void oauthServer.handle(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end()
    })
  })
  return { url, server, oauth: oauthServer }
}

async function stop(running: Running | undefined): Promise<void> {
  if (!running) return
  await running.oauth.close()
  await new Promise((resolve) => running.server.close(resolve))
}

const probeContract = defineContract({
  operationId: 'probe',
  method: 'GET',
  path: '/v0/probe',
  summary: 'probe',
  tags: [],
  auth: { kind: 'scopes', requirement: { allOf: ['eco'] } },
  formats: ['json'],
  responses: {},
  example: { path: '/v0/probe' },
})
const probe = apiRoute(probeContract, async ({ principal }) => ({
  client: principal.clientId,
  subject: principal.subject,
  scopes: [...principal.scopes].sort(),
}))

async function callProbe(
  token?: string,
): Promise<{ status: number; challenge: string | null; body: Record<string, unknown> }> {
  const response = await runWithGetBody({ present: false }, () =>
    probe(
      new Request('http://localhost/v0/probe', {
        headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
      { params: Promise.resolve({}) },
    ),
  )
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate'),
    body: (await response.json()) as Record<string, unknown>,
  }
}

const insecure = { [oauth.allowInsecureRequests]: true }

afterAll(() => closePool())

/** Moves the verifier's clock forward (its caches of clients, keys and revocations expire). */
let clockOffset = 0
const advanceClock = (ms: number) => {
  clockOffset += ms
}

describe.skipIf(engineSkipped)(`authorization server on ${testEngine}`, () => {
  let running: Running
  let as: oauth.AuthorizationServer
  const apps: Record<string, { client_id: string; client_secret: string }> = {}

  async function clientCredentials(name: string, scope?: string, auth: 'basic' | 'post' = 'basic') {
    const app = apps[name]!
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      { client_id: app.client_id },
      auth === 'basic'
        ? oauth.ClientSecretBasic(app.client_secret)
        : oauth.ClientSecretPost(app.client_secret),
      scope ? { scope } : {},
      insecure,
    )
    return oauth.processClientCredentialsResponse(as, { client_id: app.client_id }, response)
  }

  async function tokenRequest(body: string | URLSearchParams, headers: Record<string, string> = {}) {
    const response = await fetch(`${running.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    })
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, unknown>,
    }
  }

  async function signingKey(): Promise<{ kid: string; key: CryptoKey | Uint8Array }> {
    const { rows } = await query<{ kid: string; privateJwk: JWK }>(
      `SELECT kid, private_jwk AS "privateJwk" FROM oauth_signing_key WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    )
    const { kid, privateJwk } = rows[0]!
    return { kid, key: (await importJWK(privateJwk, 'ES256')) as CryptoKey }
  }

  beforeAll(async () => {
    process.env.NEXTAUTH_SECRET = 'test-secret-of-the-authorization-server-suite'
    process.env.OAUTH_CLIENT_CACHE_TTL = '1'
    running = await listen()
    // The API's caches expire by this clock: tests move it instead of sleeping.
    resetAccessTokenVerifier(() => Date.now() + clockOffset)
    const issuer = new URL(running.url)
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    )
    for (const [name, scopes] of [
      ['eco', ['eco']],
      ['fiscal', ['fiscal']],
      ['both', ['eco', 'fiscal']],
      ['none', []],
      ['revoked', ['eco']],
    ] as const) {
      const { application, clientSecret } = await createClientApplication({
        name: `test ${name}`,
        scopes: [...scopes],
      })
      apps[name] = { client_id: application.clientId, client_secret: clientSecret }
    }
  })

  afterAll(() => stop(running))

  it('publishes RFC 8414 metadata whose endpoints live under /oauth', () => {
    expect(as.issuer).toBe(running.url)
    expect(as.token_endpoint).toBe(`${running.url}/oauth/token`)
    expect(as.authorization_endpoint).toBe(`${running.url}/oauth/authorize`)
    expect(as.revocation_endpoint).toBe(`${running.url}/oauth/revoke`)
    expect(as.code_challenge_methods_supported).toEqual(['S256'])
    expect(as.grant_types_supported).toEqual(
      expect.arrayContaining(['client_credentials', 'authorization_code']),
    )
  })

  it('builds every address of its metadata from the public URL, whatever Host or X-Forwarded-* say', async () => {
    for (const path of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server']) {
      const body = await new Promise<string>((resolve, reject) => {
        const request = http.get(
          `${running.url}${path}`,
          {
            headers: {
              host: 'evil.example',
              'x-forwarded-host': 'evil.example',
              'x-forwarded-proto': 'https',
            },
          },
          (response) => {
            let text = ''
            response.on('data', (chunk: Buffer) => (text += chunk.toString()))
            response.on('end', () => resolve(text))
          },
        )
        request.on('error', reject)
      })
      const metadata = JSON.parse(body) as Record<string, unknown>
      const addresses = Object.values(metadata).filter(
        (value): value is string => typeof value === 'string' && /^https?:/.test(value),
      )
      expect(addresses.length).toBeGreaterThan(3)
      for (const address of addresses) expect(address, path).toMatch(new RegExp(`^${running.url}(/|$)`))
      expect(metadata.token_endpoint).toBe(`${running.url}/oauth/token`)
    }
  })

  it('issues RFC 9068 JWT access tokens by client credentials, with Basic or body authentication', async () => {
    for (const auth of ['basic', 'post'] as const) {
      const token = await clientCredentials('both', 'eco', auth)
      expect(token).toMatchObject({ token_type: 'bearer', expires_in: 7200, scope: 'eco' })
      expect(Math.abs(Number(token.created_at) - Date.now() / 1000)).toBeLessThan(30)
      const claims = await oauth.validateJwtAccessToken(
        as,
        new Request('http://localhost/', { headers: { authorization: `Bearer ${token.access_token}` } }),
        apiResourceFor(running.url),
        insecure,
      )
      expect(claims).toMatchObject({
        client_id: apps.both!.client_id,
        scope: 'eco',
        sub: apps.both!.client_id,
      })
    }
  })

  it('answers the documented JSON body like the form body, with every held scope by default', async () => {
    const response = await fetch(`${running.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', ...apps.both }),
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 7200, scope: 'fiscal eco' })
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'created_at',
      'expires_in',
      'scope',
      'token_type',
    ])
  })

  it('refuses bad client credentials and scope escalation with RFC 6749 errors', async () => {
    const cases: Array<[string, Promise<{ status: number; body: Record<string, unknown> }>, number, string]> =
      [
        [
          'wrong secret',
          tokenRequest(
            new URLSearchParams({
              grant_type: 'client_credentials',
              client_id: apps.eco!.client_id,
              client_secret: 'nope',
            }),
          ),
          401,
          'invalid_client',
        ],
        [
          'unknown client',
          tokenRequest(
            new URLSearchParams({
              grant_type: 'client_credentials',
              client_id: 'tda_unknown',
              client_secret: 'x',
            }),
          ),
          401,
          'invalid_client',
        ],
        [
          'scope not held',
          tokenRequest(
            new URLSearchParams({ grant_type: 'client_credentials', scope: 'fiscal', ...apps.eco }),
          ),
          400,
          'invalid_scope',
        ],
        [
          'scope held by no client',
          tokenRequest(new URLSearchParams({ grant_type: 'client_credentials', scope: 'eco', ...apps.none })),
          400,
          'invalid_scope',
        ],
        [
          'unknown scope',
          tokenRequest(
            new URLSearchParams({ grant_type: 'client_credentials', scope: 'admin', ...apps.eco }),
          ),
          400,
          'invalid_scope',
        ],
        [
          'unsupported grant type',
          tokenRequest(
            new URLSearchParams({ grant_type: 'password', username: 'a', password: 'b', ...apps.eco }),
          ),
          400,
          'unsupported_grant_type',
        ],
        [
          'grant type the client may not use',
          tokenRequest(
            new URLSearchParams({
              grant_type: 'authorization_code',
              code: 'x',
              redirect_uri: 'http://localhost/cb',
              code_verifier: 'v'.repeat(43),
              ...apps.eco,
            }),
          ),
          400,
          'unauthorized_client',
        ],
      ]
    for (const [name, pending, status, error] of cases) {
      const response = await pending
      expect(response.status, name).toBe(status)
      expect(response.body, name).toMatchObject({ error, error_description: expect.any(String) })
    }
  })

  it('never stores a client secret in clear', async () => {
    const { rows } = await query<{ n: number }>(
      `SELECT count(*) AS n FROM client_application WHERE secret_hash = ANY($1::text[])`,
      [Object.values(apps).map((a) => a.client_secret)],
    )
    expect(rows[0]!.n).toBe(0)
  })

  describe('the API route wrapper with real tokens', () => {
    it('accepts a token holding the scope, refuses one without (403 naming it) and none (401)', async () => {
      const eco = await clientCredentials('eco')
      expect(await callProbe(eco.access_token)).toMatchObject({
        status: 200,
        body: { client: apps.eco!.client_id, scopes: ['eco'] },
      })
      const fiscal = await callProbe((await clientCredentials('fiscal')).access_token)
      expect(fiscal.status).toBe(403)
      expect(fiscal.challenge).toMatch(/error="insufficient_scope", scope="eco"/)
      expect(fiscal.body).toMatchObject({ required_scope: 'eco' })
      const none = await callProbe((await clientCredentials('none')).access_token)
      expect(none.status).toBe(403)
      const anonymous = await callProbe()
      expect(anonymous.status).toBe(401)
      expect(anonymous.challenge).toMatch(/^Bearer /)
    })

    it('refuses forged, expired, foreign and tampered tokens with 401 invalid_token', async () => {
      const real = (await clientCredentials('eco')).access_token
      const { kid, key } = await signingKey()
      const other = await generateKeyPair('ES256')
      const now = Math.floor(Date.now() / 1000)
      const claims = {
        iss: running.url,
        aud: apiResourceFor(running.url),
        sub: apps.eco!.client_id,
        client_id: apps.eco!.client_id,
        scope: 'eco',
        jti: 'forged',
      }
      const sign = (payload: object, signWith: CryptoKey | Uint8Array = key, header: object = {}) =>
        new SignJWT({ ...payload })
          .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid, ...header })
          .setIssuedAt(now - 10)
          .setExpirationTime(now + 600)
          .sign(signWith)
      const [header, payload] = real.split('.')
      const cases: Array<[string, string]> = [
        ['alg none', `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt', kid }))}.${payload}.`],
        ['signed by another key', await sign(claims, other.privateKey)],
        [
          'expired',
          await new SignJWT(claims)
            .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid })
            .setIssuedAt(now - 7300)
            .setExpirationTime(now - 100)
            .sign(key),
        ],
        ['for another audience', await sign({ ...claims, aud: 'https://other.example/api' })],
        ['from another issuer', await sign({ ...claims, iss: 'https://evil.example' })],
        [
          'tampered payload',
          `${header}.${base64url.encode(JSON.stringify({ ...JSON.parse(new TextDecoder().decode(base64url.decode(payload!))), scope: 'eco fiscal eco:write' }))}.${real.split('.')[2]}`,
        ],
      ]
      // The real signing key does produce accepted tokens: the refusals are about what differs.
      expect((await callProbe(await sign(claims))).status).toBe(200)
      for (const [name, token] of cases) {
        const refused = await callProbe(token)
        expect(refused.status, name).toBe(401)
        expect(refused.challenge, name).toMatch(/error="invalid_token"/)
        expect(refused.body, name).toMatchObject({ status: 401, type: '/problems/unauthorized' })
      }
    })

    it('refuses the tokens of a revoked application within the cache delay', async () => {
      const token = (await clientCredentials('revoked')).access_token
      expect((await callProbe(token)).status).toBe(200)
      await revokeClientApplication(apps.revoked!.client_id)
      advanceClock(1100)
      const refused = await callProbe(token)
      expect(refused.status).toBe(401)
      expect(String(refused.body.detail)).toMatch(/révoquée/)
      // And it can no longer obtain tokens.
      const again = await tokenRequest(
        new URLSearchParams({ grant_type: 'client_credentials', ...apps.revoked }),
      )
      expect(again).toMatchObject({ status: 401, body: { error: 'invalid_client' } })
    })

    it('revokes an access token at /oauth/revoke (RFC 7009), for its own client only', async () => {
      const token = (await clientCredentials('eco')).access_token
      const revoke = (app: { client_id: string; client_secret: string }) =>
        fetch(`${running.url}/oauth/revoke`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString('base64')}`,
          },
          body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
        })
      // Another client's request is answered 200 (RFC 7009 §2.2) and revokes nothing.
      expect((await revoke(apps.fiscal!)).status).toBe(200)
      advanceClock(1100)
      expect((await callProbe(token)).status).toBe(200)
      const own = await revoke(apps.eco!)
      expect(own.status).toBe(200)
      expect(await own.text()).toBe('')
      advanceClock(1100)
      const refused = await callProbe(token)
      expect(refused.status).toBe(401)
      expect(refused.challenge).toMatch(/error="invalid_token"/)
      // Other tokens of the client still work.
      expect((await callProbe((await clientCredentials('eco')).access_token)).status).toBe(200)
    })

    it('stops honouring a scope withdrawn from the application', async () => {
      const token = (await clientCredentials('both', 'eco fiscal')).access_token
      await updateClientApplication(apps.both!.client_id, { scopes: ['fiscal'] })
      advanceClock(1100)
      expect((await callProbe(token)).status).toBe(403)
      await updateClientApplication(apps.both!.client_id, { scopes: ['eco', 'fiscal'] })
    })
  })

  it('rotates signing keys: new tokens use the new key, older tokens stay valid, the JWKS has both', async () => {
    const before = await clientCredentials('eco')
    const rotated = await rotateSigningKey()
    await running.oauth.reloadKeys()
    const after = await clientCredentials('eco')
    // Verifiers look an unknown key id up again at most once a second.
    advanceClock(1100)
    const kidOf = (token: string) =>
      (JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[0]!))) as { kid: string }).kid
    expect(kidOf(after.access_token)).toBe(rotated.kid)
    expect(kidOf(before.access_token)).not.toBe(rotated.kid)
    const jwks = (await (await fetch(`${running.url}/oauth/jwks`)).json()) as { keys: JWK[] }
    expect(jwks.keys.map((k) => k.kid)).toEqual(
      expect.arrayContaining([rotated.kid, kidOf(before.access_token)]),
    )
    for (const key of jwks.keys) expect(key).not.toHaveProperty('d')
    expect((await callProbe(before.access_token)).status).toBe(200)
    expect((await callProbe(after.access_token)).status).toBe(200)
  })

  it('picks up a key rotated elsewhere at the first OAuth request a minute later, with no timer', async () => {
    let now = 0
    const publicUrl = process.env.PUBLIC_URL
    const other = await listen({}, 0, { maintenance: true, now: () => now })
    try {
      const kids = async () =>
        ((await (await fetch(`${other.url}/oauth/jwks`)).json()) as { keys: JWK[] }).keys.map((k) => k.kid)
      const rotated = await rotateSigningKey()
      now += 59_000
      expect(await kids()).not.toContain(rotated.kid)
      now += 1_000
      expect(await kids()).toContain(rotated.kid)
    } finally {
      await stop(other)
      process.env.PUBLIC_URL = publicUrl
      resetEnvCache()
    }
  })

  describe('authorization code with PKCE', () => {
    const redirectUri = 'http://localhost:8123/callback'
    let web: { client_id: string; client_secret: string }
    const user = { email: `code-${Date.now()}@example.org`, password: 'mot-de-passe-code' }

    beforeAll(async () => {
      const { application, clientSecret } = await createClientApplication({
        name: 'Tableau de bord',
        scopes: ['eco'],
        redirectUris: [redirectUri],
      })
      web = { client_id: application.clientId, client_secret: clientSecret }
      await createUser({ ...user, name: 'Agent Code', role: 'staff' })
    })

    /** A browser: follows redirects within the server, keeps cookies, stops at the client's redirect URI. */
    async function browse(start: string, options: { consent?: boolean; login?: typeof user } = {}) {
      const jar = new Map<string, string>()
      const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
      const keep = (response: Response) => {
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';')
          const index = pair!.indexOf('=')
          jar.set(pair!.slice(0, index), pair!.slice(index + 1))
        }
      }
      let location = start
      let body: URLSearchParams | undefined
      for (let hop = 0; hop < 15; hop++) {
        if (location.startsWith(redirectUri) || !location.startsWith(running.url))
          return { location, status: 303 }
        const response = await fetch(location, {
          method: body ? 'POST' : 'GET',
          redirect: 'manual',
          headers: {
            cookie: cookie(),
            ...(body ? { 'content-type': 'application/x-www-form-urlencoded', origin: running.url } : {}),
          },
          ...(body ? { body } : {}),
        })
        keep(response)
        body = undefined
        const next = response.headers.get('location')
        if (!next) return { location, status: response.status, text: await response.text() }
        const url = new URL(next, location)
        const interaction = /^\/connexion$/.test(url.pathname) ? url.searchParams.get('interaction') : null
        if (interaction) {
          const prompt = (
            await query<{ name: string }>(
              `SELECT payload->'prompt'->>'name' AS name FROM oauth_artifact WHERE kind = 'Interaction' AND id = $1`,
              [interaction],
            )
          ).rows[0]!.name
          const csrf = interactionFormToken(interaction)
          if (prompt === 'login') {
            location = `${running.url}${INTERACTION_PATH}/${interaction}/login`
            body = new URLSearchParams({
              csrf,
              email: (options.login ?? user).email,
              password: (options.login ?? user).password,
            })
          } else {
            location = `${running.url}${INTERACTION_PATH}/${interaction}/${options.consent === false ? 'abort' : 'consent'}`
            body = new URLSearchParams({ csrf })
          }
          continue
        }
        location = url.href
      }
      throw new Error('too many redirects')
    }

    async function authorize(params: Record<string, string>) {
      const url = new URL(as.authorization_endpoint!)
      for (const [k, v] of Object.entries({
        client_id: web.client_id,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: 'openid offline_access eco',
        state: 'st4te',
        ...params,
      }))
        if (v !== '') url.searchParams.set(k, v)
      return browse(url.href)
    }

    async function exchange(callback: string, verifier: string) {
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        { client_id: web.client_id },
        oauth.ClientSecretBasic(web.client_secret),
        oauth.validateAuthResponse(as, { client_id: web.client_id }, new URL(callback), 'st4te'),
        redirectUri,
        verifier,
        insecure,
      )
      return response
    }

    it('signs the user in, asks consent, and issues tokens for the granted scopes only', async () => {
      const verifier = oauth.generateRandomCodeVerifier()
      const result = await authorize({
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      })
      expect(result.location).toMatch(/^http:\/\/localhost:8123\/callback\?code=/)
      const tokens = await oauth.processAuthorizationCodeResponse(
        as,
        { client_id: web.client_id },
        await exchange(result.location, verifier),
        {
          requireIdToken: false,
        },
      )
      // The access token carries the API scope granted; the ID token and refresh token the rest.
      expect(tokens.scope).toBe('eco')
      expect(tokens.id_token).toBeTruthy()
      expect(tokens.refresh_token).toBeTruthy()
      const principal = await callProbe(tokens.access_token)
      expect(principal.status, JSON.stringify(principal.body)).toBe(200)
      expect(principal.body.client).toBe(web.client_id)
      expect(principal.body.subject).not.toBe(web.client_id)

      // Refresh tokens are revocable (RFC 7009).
      const refreshed = await oauth.processRefreshTokenResponse(
        as,
        { client_id: web.client_id },
        await oauth.refreshTokenGrantRequest(
          as,
          { client_id: web.client_id },
          oauth.ClientSecretBasic(web.client_secret),
          tokens.refresh_token!,
          insecure,
        ),
      )
      const refreshToken = refreshed.refresh_token ?? tokens.refresh_token!
      await oauth.processRevocationResponse(
        await oauth.revocationRequest(
          as,
          { client_id: web.client_id },
          oauth.ClientSecretBasic(web.client_secret),
          refreshToken,
          insecure,
        ),
      )
      const afterRevocation = await oauth.refreshTokenGrantRequest(
        as,
        { client_id: web.client_id },
        oauth.ClientSecretBasic(web.client_secret),
        refreshToken,
        insecure,
      )
      expect(afterRevocation.status).toBe(400)
      expect(await afterRevocation.json()).toMatchObject({ error: 'invalid_grant' })

      // The ID token names the login session, which signing out of an app can end server-side.
      const { sid } = JSON.parse(
        new TextDecoder().decode(base64url.decode(tokens.id_token!.split('.')[1]!)),
      ) as { sid: string }
      expect(sid).toBeTruthy()
      expect(await endAuthorizationServerSession(web.client_id, sid)).toBe(1)
      expect(await endAuthorizationServerSession(web.client_id, sid)).toBe(0)
    })

    it('refuses a replayed code and revokes what the code had issued', async () => {
      const verifier = oauth.generateRandomCodeVerifier()
      const result = await authorize({
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      })
      const tokens = await oauth.processAuthorizationCodeResponse(
        as,
        { client_id: web.client_id },
        await exchange(result.location, verifier),
        {
          requireIdToken: false,
        },
      )
      expect((await callProbe(tokens.access_token)).status).toBe(200)
      const replay = await exchange(result.location, verifier)
      expect(replay.status).toBe(400)
      // The access token the code had issued is refused once the verifier's cache expires.
      advanceClock(1100)
      const refused = await callProbe(tokens.access_token)
      expect(refused.status).toBe(401)
      expect(String(refused.body.detail)).toMatch(/révoqué/)
      expect(await replay.json()).toMatchObject({ error: 'invalid_grant' })
      const refresh = await oauth.refreshTokenGrantRequest(
        as,
        { client_id: web.client_id },
        oauth.ClientSecretBasic(web.client_secret),
        tokens.refresh_token!,
        insecure,
      )
      expect(refresh.status).toBe(400)
    })

    it('refuses a missing PKCE challenge, the plain method and a wrong verifier', async () => {
      const missing = await authorize({})
      expect(new URL(missing.location).searchParams.get('error')).toBe('invalid_request')
      const plain = await authorize({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' })
      expect(new URL(plain.location).searchParams.get('error')).toBe('invalid_request')

      const verifier = oauth.generateRandomCodeVerifier()
      const result = await authorize({
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      })
      const wrong = await exchange(result.location, oauth.generateRandomCodeVerifier())
      expect(wrong.status).toBe(400)
      expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' })
    })

    it('refuses an inexact redirect URI without redirecting to it', async () => {
      const verifier = oauth.generateRandomCodeVerifier()
      const challenge = await oauth.calculatePKCECodeChallenge(verifier)
      for (const uri of [`${redirectUri}/other`, `${redirectUri}?x=1`, 'http://localhost:8124/callback']) {
        const result = await authorize({
          redirect_uri: uri,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        })
        expect(result.status, uri).toBe(400)
        expect(result.text, uri).toContain('redirect_uri')
      }
    })

    it('reports a refused consent to the client as access_denied', async () => {
      const verifier = oauth.generateRandomCodeVerifier()
      const url = new URL(as.authorization_endpoint!)
      url.search = new URLSearchParams({
        client_id: web.client_id,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: 'openid eco',
        state: 'st4te',
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      }).toString()
      const result = await browse(url.href, { consent: false })
      expect(new URL(result.location).searchParams.get('error')).toBe('access_denied')
    })
  })

  it('limits token requests per IP and per client, without letting failed authentications use up a client', async () => {
    const limited = await listen({ RATE_LIMIT_TOKEN_PER_IP: 6, RATE_LIMIT_TOKEN_PER_CLIENT: 2 })
    try {
      const send = (app: { client_id: string; client_secret: string }, secret = app.client_secret) =>
        fetch(`${limited.url}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: app.client_id,
            client_secret: secret,
          }),
        })
      expect((await send(apps.eco!, 'wrong')).status).toBe(401)
      expect((await send(apps.eco!, 'wrong')).status).toBe(401)
      expect((await send(apps.eco!)).status).toBe(200)
      expect((await send(apps.eco!)).status).toBe(200)
      const byClient = await send(apps.eco!)
      expect(byClient.status).toBe(429)
      expect(Number(byClient.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await byClient.json()).toMatchObject({ error: 'too_many_requests' })
      // Another client still gets through, until the IP's own budget is spent.
      expect((await send(apps.fiscal!)).status).toBe(200)
      const byIp = await send(apps.fiscal!)
      expect(byIp.status).toBe(429)
      expect(Number(byIp.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await stop(limited)
      process.env.PUBLIC_URL = running.url
      resetEnvCache()
    }
  })
})
