// The authorization server through real HTTP on both engines, driven by independent client
// libraries (oauth4webapi, openid-client): metadata, JWKS, client credentials, the documented
// JSON-body curl call, and the Authorization Code flow with PKCE as a third-party web client.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { promisify } from 'node:util'
import { expect, test } from '../support/contract-test'
import * as oauth from 'oauth4webapi'
import * as client from 'openid-client'
import { authorizeAs } from '../support/authorize'
import { runCli } from '../support/engine'
import { testClient } from '../support/tokens'

const exec = promisify(execFile)
const insecure = { [oauth.allowInsecureRequests]: true }

async function authorizationServer(baseURL: string) {
  const issuer = new URL(baseURL)
  return oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
  )
}

test.describe('metadata and keys', () => {
  test('publishes RFC 8414 and OpenID metadata for the public origin', async ({ request, baseURL }) => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const response = await request.get(path)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toContain('application/json')
      expect(await response.json()).toMatchObject({
        issuer: baseURL,
        token_endpoint: `${baseURL}/oauth/token`,
        authorization_endpoint: `${baseURL}/oauth/authorize`,
        revocation_endpoint: `${baseURL}/oauth/revoke`,
        jwks_uri: `${baseURL}/oauth/jwks`,
        code_challenge_methods_supported: ['S256'],
        scopes_supported: expect.arrayContaining(['fiscal', 'eco', 'eco:write']),
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      })
    }
  })

  test('publishes public ES256 keys only', async ({ request }) => {
    const { keys } = (await (await request.get('/oauth/jwks')).json()) as {
      keys: Array<Record<string, string>>
    }
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) {
      expect(key).toMatchObject({
        kty: 'EC',
        crv: 'P-256',
        alg: 'ES256',
        use: 'sig',
        kid: expect.any(String),
      })
      expect(key).not.toHaveProperty('d')
    }
  })
})

test.describe('client credentials', () => {
  test('an independent client library obtains RFC 9068 access tokens (Basic and body authentication)', async ({
    baseURL,
  }, testInfo) => {
    const as = await authorizationServer(baseURL!)
    const app = testClient(testInfo, 'eco fiscal')
    for (const auth of [
      oauth.ClientSecretBasic(app.client_secret),
      oauth.ClientSecretPost(app.client_secret),
    ]) {
      const response = await oauth.clientCredentialsGrantRequest(
        as,
        { client_id: app.client_id },
        auth,
        { scope: 'eco' },
        insecure,
      )
      expect(response.headers.get('cache-control')).toBe('no-store')
      const token = await oauth.processClientCredentialsResponse(as, { client_id: app.client_id }, response)
      expect(token).toMatchObject({ token_type: 'bearer', expires_in: 7200, scope: 'eco' })
      expect(Math.abs(Number(token.created_at) - Date.now() / 1000)).toBeLessThan(60)
      const claims = await oauth.validateJwtAccessToken(
        as,
        new Request(`${baseURL}/v0`, { headers: { authorization: `Bearer ${token.access_token}` } }),
        `${baseURL}/v0`,
        insecure,
      )
      expect(claims).toMatchObject({
        client_id: app.client_id,
        sub: app.client_id,
        scope: 'eco',
        iss: baseURL,
      })
    }
  })

  test('the documented JSON-body curl call works verbatim', async ({ baseURL }, testInfo) => {
    // The README's command, run by a shell exactly as written there (only the origin differs).
    const readme = fs.readFileSync('README.md', 'utf8')
    const block = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
      .map((m) => m[1]!)
      .find((b) => b.includes('/oauth/token') && b.includes('application/json'))
    expect(block, 'README documents the JSON token request').toBeDefined()
    const command = block!.replaceAll('http://localhost:3000', baseURL!)
    const app = testClient(testInfo, 'eco fiscal')
    const { stdout } = await exec('bash', ['-c', command], {
      env: { ...process.env, CLIENT_ID: app.client_id, CLIENT_SECRET: app.client_secret },
    })
    const body = JSON.parse(stdout) as Record<string, unknown>
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 7200, scope: 'fiscal eco' })
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'created_at',
      'expires_in',
      'scope',
      'token_type',
    ])
    expect(body.created_at).toEqual(expect.any(Number))
  })

  test('an application created with the CLI obtains a token at once', async ({ request }, testInfo) => {
    const { stdout } = await runCli(testInfo, [
      'clients',
      'create',
      '--name',
      'CLI e2e',
      '--scope',
      'eco fiscal',
      '--json',
    ])
    const created = JSON.parse(stdout.trim().split('\n').pop()!) as {
      client_id: string
      client_secret: string
    }
    expect(created.client_id).toMatch(/^tda_/)
    expect(created.client_secret).toMatch(/^tda_secret_/)
    const response = await request.post('/oauth/token', {
      data: { grant_type: 'client_credentials', ...created },
    })
    expect(response.status()).toBe(200)
    expect(await response.json()).toMatchObject({ scope: 'fiscal eco' })

    const listed = await runCli(testInfo, ['clients', 'list', '--json'])
    expect((JSON.parse(listed.stdout) as Array<{ client_id: string }>).map((a) => a.client_id)).toContain(
      created.client_id,
    )
    const rotated = JSON.parse(
      (await runCli(testInfo, ['clients', 'rotate-secret', created.client_id, '--json'])).stdout
        .trim()
        .split('\n')
        .pop()!,
    ) as { client_secret: string }
    const old = await request.post('/oauth/token', { data: { grant_type: 'client_credentials', ...created } })
    expect(old.status()).toBe(401)
    const fresh = await request.post('/oauth/token', {
      data: {
        grant_type: 'client_credentials',
        client_id: created.client_id,
        client_secret: rotated.client_secret,
      },
    })
    expect(fresh.status()).toBe(200)
    await runCli(testInfo, ['clients', 'revoke', created.client_id])
    const revoked = await request.post('/oauth/token', {
      data: {
        grant_type: 'client_credentials',
        client_id: created.client_id,
        client_secret: rotated.client_secret,
      },
    })
    expect(revoked.status()).toBe(401)
    expect(await revoked.json()).toMatchObject({ error: 'invalid_client' })
  })
})

test.describe('authorization code with PKCE, as a third-party web client', () => {
  test('openid-client completes the flow through the sign-in and consent pages, refreshes and revokes', async ({
    request,
    baseURL,
  }, testInfo) => {
    const web = testClient(testInfo, 'web')
    const config = await client.discovery(
      new URL(baseURL!),
      web.client_id,
      { client_secret: web.client_secret, id_token_signed_response_alg: 'ES256' },
      client.ClientSecretBasic(web.client_secret),
      { execute: [client.allowInsecureRequests] },
    )
    const verifier = client.randomPKCECodeVerifier()
    const state = client.randomState()
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: web.redirect_uri!,
      scope: 'openid eco',
      state,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    const result = await authorizeAs(request, baseURL!, authorizationUrl.href, 'staff')
    expect(result.location).toMatch(new RegExp(`^${web.redirect_uri!.replace(/[.?]/g, '\\$&')}\\?code=`))

    const tokens = await client.authorizationCodeGrant(config, new URL(result.location!), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      idTokenExpected: true,
    })
    expect(tokens.token_type).toBe('bearer')
    expect(tokens.scope).toBe('eco')
    expect(tokens.claims()?.sub).toEqual(expect.any(String))
    expect(tokens.refresh_token).toBeTruthy()
    const payload = JSON.parse(
      Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>
    expect(payload).toMatchObject({
      client_id: web.client_id,
      scope: 'eco',
      aud: `${baseURL}/v0`,
      sub: tokens.claims()?.sub,
    })

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!)
    expect(refreshed.access_token).toBeTruthy()
    const refreshToken = refreshed.refresh_token ?? tokens.refresh_token!
    await client.tokenRevocation(config, refreshToken)
    await expect(client.refreshTokenGrant(config, refreshToken)).rejects.toMatchObject({
      error: 'invalid_grant',
    })
  })
})
