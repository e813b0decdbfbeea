import { base64url, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccessTokenVerifier, InvalidAccessToken } from './access-token-verifier'
import { ClientStatusCache, DEFAULT_QUOTA, type ClientStatus } from './client-status-cache'
import type { Scope } from './scopes'

const active = (...scopes: Scope[]): ClientStatus => ({ scopes, quota: DEFAULT_QUOTA })

const ISSUER = 'http://localhost:3000'
const AUDIENCE = 'http://localhost:3000/v0'

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>
let signing: KeyPair
let other: KeyPair
let publicJwk: JWK

const claims = (overrides: JWTPayload = {}): JWTPayload => ({
  iss: ISSUER,
  aud: AUDIENCE,
  sub: 'tda_client',
  client_id: 'tda_client',
  scope: 'eco fiscal',
  jti: 'abc',
  ...overrides,
})

async function sign(
  payload: JWTPayload,
  options: { key?: KeyPair['privateKey']; kid?: string; typ?: string; exp?: number | string } = {},
) {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'ES256', typ: options.typ ?? 'at+jwt', kid: options.kid ?? 'k1' })
    .setIssuedAt()
    .setExpirationTime(options.exp ?? '2h')
    .sign(options.key ?? signing.privateKey)
}

function verifier(
  clients: Map<string, ClientStatus | null> = new Map([['tda_client', active('eco', 'fiscal')]]),
) {
  let keyLoads = 0
  let jwks: JWK[] = [{ ...publicJwk, kid: 'k1', alg: 'ES256', use: 'sig' }]
  const verify = createAccessTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    loadKeys: async () => {
      keyLoads += 1
      return jwks
    },
    clients: new ClientStatusCache(async () => clients, 5000),
    unknownKidReloadMs: 0,
  })
  return {
    verify,
    keyLoads: () => keyLoads,
    publish: (keys: JWK[]) => {
      jwks = keys
    },
  }
}

async function refusal(promise: Promise<unknown>): Promise<{ detail: string; description: string }> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidAccessToken)
    const refused = error as InvalidAccessToken
    return { detail: refused.detail, description: refused.description }
  }
  throw new Error('the token was accepted')
}

beforeAll(async () => {
  signing = await generateKeyPair('ES256', { extractable: true })
  other = await generateKeyPair('ES256')
  publicJwk = await exportJWK(signing.publicKey)
})

describe('access token verification', () => {
  it('accepts a valid token and returns the client, subject and scopes', async () => {
    const { verify } = verifier()
    const principal = await verify(await sign(claims()))
    expect(principal.clientId).toBe('tda_client')
    expect(principal.subject).toBe('tda_client')
    expect([...principal.scopes].sort()).toEqual(['eco', 'fiscal'])
  })

  it('loads the keys once for many verifications', async () => {
    const { verify, keyLoads } = verifier()
    const token = await sign(claims())
    for (let i = 0; i < 20; i++) await verify(token)
    expect(keyLoads()).toBe(1)
  })

  const cases: Array<[string, () => Promise<string>, RegExp]> = [
    [
      'an unsigned token (alg none)',
      async () =>
        `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt', kid: 'k1' }))}.${base64url.encode(
          JSON.stringify({ ...claims(), iat: 1, exp: 4_000_000_000 }),
        )}.`,
      /invalide|refusé/,
    ],
    [
      'a token signed by another key under the same key id',
      () => sign(claims(), { key: other.privateKey }),
      /Signature/,
    ],
    [
      'a token signed by an unknown key',
      () => sign(claims(), { key: other.privateKey, kid: 'k9' }),
      /clé inconnue/,
    ],
    ['an expired token', () => sign(claims(), { exp: Math.floor(Date.now() / 1000) - 60 }), /expiré/],
    ['a token for another audience', () => sign(claims({ aud: 'https://other.example/api' })), /audience/],
    ['a token from another issuer', () => sign(claims({ iss: 'https://evil.example' })), /autre serveur/],
    ['an ID token instead of an access token', () => sign(claims(), { typ: 'JWT' }), /at\+jwt/],
    [
      'a tampered payload',
      async () => {
        const [header, , signature] = (await sign(claims({ scope: 'eco' }))).split('.')
        return `${header}.${base64url.encode(JSON.stringify({ ...claims({ scope: 'eco fiscal eco:write' }), iat: 1, exp: 4_000_000_000 }))}.${signature}`
      },
      /Signature/,
    ],
    [
      'an HMAC token keyed with the public key (algorithm confusion)',
      async () =>
        new SignJWT(claims())
          .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: 'k1' })
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(JSON.stringify(publicJwk))),
      /Algorithme/,
    ],
    ['a token without client_id', () => sign({ ...claims(), client_id: undefined }), /invalide/],
    ['a garbage string', async () => 'not.a.jwt', /invalide/],
  ]
  for (const [name, make, detail] of cases) {
    it(`refuses ${name}, with a French detail and an ASCII description`, async () => {
      const { verify } = verifier()
      const refused = await refusal(verify(await make()))
      expect(refused.description).toMatch(/^[\x20-\x7e]+$/)
      expect(refused.detail).toMatch(detail)
    })
  }

  it('refuses the token of a revoked or unknown application', async () => {
    for (const clients of [new Map<string, ClientStatus | null>([['tda_client', null]]), new Map()]) {
      const { verify } = verifier(clients)
      const refused = await refusal(verify(await sign(claims())))
      expect(refused.description).toBe('The client application was revoked')
      expect(refused.detail).toMatch(/révoquée/)
    }
  })

  it('drops scopes the application no longer holds', async () => {
    const { verify } = verifier(new Map([['tda_client', active('eco')]]))
    const principal = await verify(await sign(claims({ scope: 'eco fiscal' })))
    expect([...principal.scopes]).toEqual(['eco'])
  })

  it('picks up a rotated key by reloading on an unknown key id', async () => {
    const { verify, publish, keyLoads } = verifier()
    await verify(await sign(claims()))
    const next = await generateKeyPair('ES256', { extractable: true })
    publish([
      { ...(await exportJWK(next.publicKey)), kid: 'k2', alg: 'ES256' },
      { ...publicJwk, kid: 'k1', alg: 'ES256' },
    ])
    const principal = await verify(await sign(claims(), { key: next.privateKey, kid: 'k2' }))
    expect(principal.clientId).toBe('tda_client')
    expect(keyLoads()).toBe(2)
    // The previous key is still published: its tokens stay valid until they expire.
    await verify(await sign(claims()))
  })
})

describe('remembered tokens', () => {
  it('skip the signature check on later presentations, never the expiry or the client status', async () => {
    let clock = Date.now()
    const clients = new Map<string, ClientStatus | null>([['tda_client', active('eco')]])
    let keyLoads = 0
    const verify = createAccessTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      loadKeys: async () => {
        keyLoads += 1
        return [{ ...publicJwk, kid: 'k1', alg: 'ES256' }]
      },
      clients: new ClientStatusCache(
        async () => new Map(clients),
        0,
        () => clock,
      ),
      now: () => clock,
    })
    const token = await sign(claims({ scope: 'eco' }), { exp: Math.floor(clock / 1000) + 60 })
    expect((await verify(token)).clientId).toBe('tda_client')
    expect((await verify(token)).clientId).toBe('tda_client')
    expect(keyLoads).toBe(1)
    // Revocation applies to a remembered token at once.
    clients.set('tda_client', null)
    clock += 10
    expect((await refusal(verify(token))).detail).toMatch(/révoquée/)
    clients.set('tda_client', active('eco'))
    clock += 10
    expect((await verify(token)).clientId).toBe('tda_client')
    // Past its expiry (and the tolerance), it is checked again, and refused.
    clock += 70_000
    expect((await refusal(verify(token))).detail).toMatch(/expiré/)
  })

  it('are bounded in number', async () => {
    const verify = createAccessTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      loadKeys: async () => [{ ...publicJwk, kid: 'k1', alg: 'ES256' }],
      clients: new ClientStatusCache(async () => new Map([['tda_client', active('eco')]]), 5000),
      rememberedTokens: 2,
    })
    for (let i = 0; i < 5; i++)
      expect((await verify(await sign(claims({ jti: `t${i}` })))).clientId).toBe('tda_client')
  })
})

describe('client status cache', () => {
  it('reloads after its time to live, not per lookup', async () => {
    let clock = 0
    let loads = 0
    let clients = new Map<string, ClientStatus | null>([['a', active('eco')]])
    const cache = new ClientStatusCache(
      async () => {
        loads += 1
        return clients
      },
      5000,
      () => clock,
      1000,
    )
    expect(await cache.scopesOf('a')).toEqual(['eco'])
    expect(await cache.scopesOf('a')).toEqual(['eco'])
    expect(loads).toBe(1)
    clients = new Map([['a', null]])
    clock = 4000
    expect(await cache.scopesOf('a')).toEqual(['eco'])
    clock = 5001
    expect(await cache.scopesOf('a')).toBeNull()
    expect(loads).toBe(2)
  })

  it('looks an unseen client up again (throttled), but never a known revoked one', async () => {
    let clock = 0
    let loads = 0
    const clients = new Map<string, ClientStatus | null>([['gone', null]])
    const cache = new ClientStatusCache(
      async () => {
        loads += 1
        return new Map(clients)
      },
      5000,
      () => clock,
      1000,
    )
    expect(await cache.scopesOf('new')).toBeNull()
    clients.set('new', active('fiscal'))
    expect(await cache.scopesOf('new')).toBeNull()
    clock = 1500
    expect(await cache.scopesOf('new')).toEqual(['fiscal'])
    expect(loads).toBe(2)
    clock = 3000
    expect(await cache.scopesOf('gone')).toBeNull()
    expect(loads).toBe(2)
  })
})
