// The OAuth 2.0 authorization server (panva's certified oidc-provider), configured for this API:
// Client Credentials and Authorization Code with PKCE (S256 only), exact redirect URIs, JWT access
// tokens (RFC 9068) signed ES256 with the database's keys, revocation (RFC 7009), state in the
// database, French pages. Endpoints live under /oauth; the issuer is the public origin, so the
// metadata sits at /.well-known/oauth-authorization-server (RFC 8414) and
// /.well-known/openid-configuration.
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose'
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import { recordRevocation } from '../auth/revoked-tokens'
import { verifyClientSecret } from '../auth/client-secret'
import { findUserById } from '../auth/users'
import { SCOPES } from '../auth/scopes'
import { classifyDatabaseError, databaseMonitor } from '../db/availability'
import { adapterFactory } from './adapter'
import { TTL } from '../auth/tokens'
import { INTERACTION_PATH, OAUTH_ROUTES } from './constants'
import { FIRST_PARTY_OIDC_SCOPES, FIRST_PARTY_PROPERTY } from './client-metadata'
import { escapeHtml, oauthPage } from './pages'
import type { SigningKey } from '../auth/signing-keys'

export interface ProviderOptions {
  /** The public origin, e.g. http://localhost:3000: the issuer identifier. */
  issuer: string
  /** Resource indicator and audience of the API's access tokens. */
  apiResource: string
  accessTokenTtl: number
  /** Signing key first, then retired keys still published. */
  keys: readonly Pick<SigningKey, 'privateJwk'>[]
  cookieKeys: string[]
  /** Behind a TLS-terminating proxy (X-Forwarded-* trusted). */
  proxy: boolean
  onServerError?: (error: unknown) => void
}

const API_SCOPES: ReadonlySet<string> = new Set(SCOPES)

function isFirstParty(client: { [key: string]: unknown } | undefined): boolean {
  return client?.[FIRST_PARTY_PROPERTY] === true
}

export function createProvider(options: ProviderOptions): Provider {
  const resourceServer = {
    scope: SCOPES.join(' '),
    audience: options.apiResource,
    accessTokenTTL: options.accessTokenTtl,
    accessTokenFormat: 'jwt' as const,
    jwt: { sign: { alg: 'ES256' as const } },
  }

  const configuration: Configuration = {
    adapter: adapterFactory(options.accessTokenTtl),
    clients: [],
    // Confidential clients do not call the token endpoint from browsers.
    clientBasedCORS: () => false,
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    clientDefaults: {
      grant_types: ['client_credentials'],
      response_types: [],
      id_token_signed_response_alg: 'ES256',
      token_endpoint_auth_method: 'client_secret_basic',
    },
    formats: {
      customizers: {
        // The grant id lets a whole authorization's tokens be revoked (lib/auth/revoked-tokens.ts).
        jwt: (_ctx, token, jwt) => {
          const grantId = (token as { grantId?: unknown }).grantId
          if (typeof grantId === 'string') jwt.payload.gid = grantId
        },
      },
    },
    extraClientMetadata: { properties: [FIRST_PARTY_PROPERTY] },
    responseTypes: ['code'],
    scopes: ['openid', 'offline_access', ...SCOPES],
    claims: {
      openid: ['sub'],
      email: ['email'],
      profile: ['name', 'role'],
      sid: null,
      auth_time: null,
      iss: null,
    },
    // Claims go into the ID token: the browser app reads the signed-in user from it.
    conformIdTokenClaims: false,
    allowOmittingSingleRegisteredRedirectUri: false,
    pkce: { required: () => true },
    cookies: {
      keys: options.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    enabledJWA: {
      idTokenSigningAlgValues: ['ES256'],
      userinfoSigningAlgValues: ['ES256'],
      introspectionSigningAlgValues: ['ES256'],
      authorizationSigningAlgValues: ['ES256'],
      requestObjectSigningAlgValues: ['ES256'],
      clientAuthSigningAlgValues: ['ES256'],
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: {
        enabled: true,
        // A client revokes its own tokens only (RFC 7009 §2.1).
        allowedPolicy: async (ctx, client, token) => token.clientId === client.clientId,
      },
      introspection: { enabled: false },
      // The API accepts Bearer tokens only: no sender-constrained tokens it could not check.
      dPoP: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Client credentials always target the API; an authorization request does when it asks
        // for an API scope (an OpenID-only request gets an opaque token for userinfo).
        defaultResource: async (ctx, _client, oneOf) => {
          if (oneOf) return oneOf
          if (ctx.oidc.params?.grant_type === 'client_credentials') return options.apiResource
          const requested = String(ctx.oidc.params?.scope ?? '').split(' ')
          return requested.some((s) => API_SCOPES.has(s)) ? options.apiResource : undefined
        },
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator) => {
          if (resourceIndicator !== options.apiResource) {
            throw new errors.InvalidTarget(`unknown resource indicator, use ${options.apiResource}`)
          }
          return resourceServer
        },
      },
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? TTL.idToken,
      ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? options.accessTokenTtl,
      AuthorizationCode: TTL.authorizationCode,
      IdToken: TTL.idToken,
      Interaction: TTL.interaction,
      Session: TTL.session,
      Grant: TTL.grant,
      RefreshToken: TTL.refreshToken,
    },
    issueRefreshToken: async (_ctx, client) =>
      client.grantTypeAllowed('refresh_token') && !isFirstParty(client.metadata()),
    interactions: { url: async (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    // The browser app is trusted: its staff are not asked to consent to their own sign-in.
    loadExistingGrant: async (ctx) => {
      const { client, session, result } = ctx.oidc
      if (!client || !session?.accountId) return undefined
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId)
      if (grantId) return ctx.oidc.provider.Grant.find(grantId)
      if (!isFirstParty(client.metadata())) return undefined
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId })
      grant.addOIDCScope(FIRST_PARTY_OIDC_SCOPES.join(' '))
      await grant.save()
      return grant
    },
    findAccount: async (_ctx, sub) => {
      const user = await findUserById(sub)
      if (!user || user.disabled) return undefined
      return {
        accountId: user.id,
        claims: async () => ({ sub: user.id, email: user.email, name: user.name, role: user.role }),
      }
    },
    routes: OAUTH_ROUTES,
    renderError: async (ctx, out) => {
      ctx.type = 'html'
      ctx.body = oauthPage({
        title: 'Demande refusée',
        body: `<p>Le serveur d’autorisation n’a pas pu traiter la demande.</p>
<dl>${Object.entries(out)
          .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(String(value))}</dd>`)
          .join('')}</dl>
<p><a href="/">Retour à l’accueil</a></p>`,
      })
    },
    jwks: { keys: options.keys.map((k) => k.privateJwk as Record<string, unknown>) } as Configuration['jwks'],
  }

  const provider = new Provider(options.issuer, configuration)
  provider.proxy = options.proxy

  // Client secrets are stored hashed: compare the presented secret with the hash, in constant time.
  provider.Client.prototype.compareClientSecret = async function compare(
    this: { clientSecret?: string },
    actual: string,
  ) {
    return verifyClientSecret(actual, this.clientSecret ?? '')
  }

  // ID tokens carry the session id (sid): signing out of the app ends that session (end-session.ts).
  provider.Client.prototype.includeSid = () => true

  // A server error that is the database's (unreachable, too slow) is an outage, not a bug: 503 with
  // Retry-After and the OAuth error temporarily_unavailable (RFC 6749 §4.1.2.1), counted by the
  // monitor (lib/db/availability.ts), never a 500 nor a stack trace per request.
  const serverErrors = new WeakMap<object, unknown>()
  provider.on('server_error', (ctx: object, error: unknown) => {
    serverErrors.set(ctx, error)
    const monitor = databaseMonitor()
    const failure = monitor ? monitor.report(error) : classifyDatabaseError(error)
    if (failure === null) options.onServerError?.(error)
  })
  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    await next()
    if (ctx.status !== 500 || !serverErrors.has(ctx)) return
    const error = serverErrors.get(ctx)
    const failure = classifyDatabaseError(error)
    if (failure === null) return
    const retryAfter = databaseMonitor()?.retryAfterSeconds ?? 1
    ctx.status = 503
    ctx.set('Retry-After', String(retryAfter))
    ctx.set('Cache-Control', 'no-store')
    const out = {
      error: 'temporarily_unavailable',
      error_description:
        failure === 'timeout'
          ? 'The database did not answer in time; retry later.'
          : 'The database is unreachable; retry later.',
    }
    if (typeof ctx.body === 'string') {
      ctx.type = 'html'
      ctx.body = oauthPage({
        title: 'Service momentanément indisponible',
        body: '<p>Le serveur d’autorisation ne peut pas joindre sa base de données. Réessayez dans quelques secondes.</p><p><a href="/">Retour à l’accueil</a></p>',
      })
    } else ctx.body = out
  })

  // Token responses carry created_at (unix seconds), as the system this API reproduces documents.
  // A grant type the client may not use is "unauthorized_client" in RFC 6749 §5.2.
  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    await next()
    if (ctx.oidc?.route !== 'token') return
    const body = ctx.body as Record<string, unknown> | undefined
    if (
      ctx.status === 400 &&
      body?.error_description === 'requested grant type is not allowed for this client'
    ) {
      body.error = 'unauthorized_client'
      return
    }
    if (ctx.status !== 200 || !body || typeof body.access_token !== 'string') return
    const issued = ctx.oidc.entities.ClientCredentials ?? ctx.oidc.entities.AccessToken
    body.created_at = issued?.iat ?? Math.floor(Date.now() / 1000)
  })

  // RFC 7009 revocation of an access token: the provider does not store JWTs and answers
  // unsupported_token_type; once it has authenticated the client, a JWT access token of that client
  // is listed as revoked (the API refuses it within OAUTH_CLIENT_CACHE_TTL) and the answer is 200.
  const publicKeys = createLocalJWKSet({
    keys: options.keys.map(({ privateJwk }) => {
      const { d: _, ...publicJwk } = privateJwk as JWK
      return publicJwk
    }),
  })
  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    await next()
    if (ctx.oidc?.route !== 'revocation' || ctx.status !== 400) return
    const body = ctx.body as Record<string, unknown> | undefined
    const client = ctx.oidc.client
    const token = ctx.oidc.params?.token
    if (body?.error !== 'unsupported_token_type' || !client || typeof token !== 'string') return
    try {
      const { payload } = await jwtVerify(token, publicKeys, {
        issuer: options.issuer,
        audience: options.apiResource,
        typ: 'at+jwt',
        requiredClaims: ['jti', 'exp', 'client_id'],
      })
      // A client revokes its own tokens only; any other token is answered 200 unchanged (§2.2).
      if (payload.client_id === client.clientId)
        await recordRevocation('jti', String(payload.jti), new Date(payload.exp! * 1000))
    } catch {
      // Expired, foreign or malformed: nothing to revoke.
    }
    ctx.status = 200
    ctx.body = ''
  })

  return provider
}

export type { Provider }
