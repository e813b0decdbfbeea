// The authorization server as server.ts mounts it: everything under /oauth plus the two metadata
// documents. Before the provider sees a request this module rate-limits the token endpoint, turns a
// JSON token request into the standard form, refuses credentials in URLs and routes the
// interaction pages. It also keeps the provider's signing keys in step with the database (a key
// rotated by another instance or the CLI is picked up by the first OAuth request a minute or more
// after the last look) and does its hourly upkeep (key rotation, expired artifacts, stale sessions)
// on the first OAuth request an hour or more after the last: on demand, never on a timer, so an
// instance nobody calls does nothing.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import type Provider from 'oidc-provider'
import { appSecret, derivedSecret } from '../auth/app-secret'
import { ensureFirstPartyClient, findActiveClient, recordClientUse } from '../auth/clients'
import {
  FIRST_PARTY_CLIENT_ID,
  FIRST_PARTY_CLIENT_NAME,
  firstPartyClientSecret,
  firstPartyRedirectUri,
} from '../auth/first-party-client'
import type { Env } from '../env'
import { FORM_MEDIA_TYPE, readBody } from '../http/body'
import { clientIp } from '../http/client-ip'
import { abuseLimits, rateLimitStoreFor, type AbuseLimits } from '../rate-limit/rate-limiter'
import type { RateLimitStore } from '../rate-limit/store'
import { deleteStaleSessions } from '../auth/staff-sessions'
import { deleteExpiredArtifacts } from './adapter'
import { handleInteraction } from './interactions'
import { apiResourceFor, keyRetentionSeconds } from '../auth/tokens'
import { INTERACTION_PATH, OAUTH_ROUTES } from './constants'
import { createProvider } from './provider'
import { ensureSigningKey, keySetVersion, publishedSigningKeys } from '../auth/signing-keys'
import { classifyDatabaseError, databaseMonitor } from '../db/availability'
import {
  assertNoCredentialsInUrl,
  assertStorableParameters,
  basicClientId,
  MAX_TOKEN_REQUEST_BYTES,
  normaliseTokenRequest,
  OAuthRequestError,
  urlParameters,
  withDefaultScope,
} from './token-request'

const WELL_KNOWN = new Set(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'])

export interface OAuthServer {
  readonly issuer: string
  /** Serves the request when it belongs to the authorization server; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>
  /** Answers 503 temporarily_unavailable (RFC 6749 error body) with Retry-After. */
  refuseUnavailable(res: ServerResponse, retryAfterSeconds: number): void
  /** Reloads the signing keys from the database (rebuilding the provider when they changed). */
  reloadKeys(): Promise<void>
  close(): Promise<void>
}

export interface OAuthServerOptions {
  env: Env
  log: (line: string) => void
  /** Overrides the rate-limit store (tests). */
  rateLimitStore?: RateLimitStore
  /** Key reload and upkeep on demand (off in most tests). */
  maintenance?: boolean
  /** Clock for the maintenance intervals (tests). */
  now?: () => number
}

/** A key rotated elsewhere is looked for at most this often. */
const KEY_RELOAD_MS = 60_000
/** Key rotation and clean-up at most this often. */
const UPKEEP_MS = 3_600_000

function sendOAuthError(
  res: ServerResponse,
  error: OAuthRequestError,
  headers: Record<string, string> = {},
): void {
  res.writeHead(error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  })
  res.end(JSON.stringify(error.body))
}

function tooManyRequests(res: ServerResponse, retryAfterSeconds: number): void {
  sendOAuthError(
    res,
    new OAuthRequestError(429, 'too_many_requests', `Too many requests; retry in ${retryAfterSeconds} s.`),
    { 'Retry-After': String(retryAfterSeconds) },
  )
}

/** A request carrying `body` in place of the (already read) original one, for the provider. */
function replayRequest(req: IncomingMessage, body: Buffer, contentType: string | undefined): IncomingMessage {
  const headers = { ...req.headers, 'content-length': String(body.length) }
  delete headers['transfer-encoding']
  if (contentType) headers['content-type'] = contentType
  const replay = Readable.from([body])
  return Object.assign(replay, {
    headers,
    rawHeaders: req.rawHeaders,
    method: req.method,
    url: req.url,
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    httpVersionMinor: req.httpVersionMinor,
    socket: req.socket,
    connection: req.socket,
    complete: true,
  }) as unknown as IncomingMessage
}

/**
 * Makes the provider see the public origin whatever Host or X-Forwarded-* the client sent: it
 * builds every absolute address (issuer, endpoints, redirects) from the request, so a forged Host
 * would otherwise reach the metadata (the provider runs in proxy mode and reads these headers).
 */
function pinPublicOrigin(req: IncomingMessage, publicUrl: URL, trustProxy: boolean): void {
  req.headers.host = publicUrl.host
  req.headers['x-forwarded-host'] = publicUrl.host
  req.headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '')
  if (!trustProxy) delete req.headers['x-forwarded-for']
}

export async function startOAuthServer(options: OAuthServerOptions): Promise<OAuthServer> {
  const { env: e, log } = options
  const issuer = e.publicUrl
  const publicUrl = new URL(issuer)
  const secret = appSecret(e)
  const retention = keyRetentionSeconds(e.OAUTH_ACCESS_TOKEN_TTL)

  const keyChange = await ensureSigningKey(e.OAUTH_KEY_MAX_AGE_DAYS)
  if (keyChange !== 'unchanged') log(`oauth: signing key ${keyChange}`)
  await ensureFirstPartyClient({
    clientId: FIRST_PARTY_CLIENT_ID,
    name: FIRST_PARTY_CLIENT_NAME,
    secret: firstPartyClientSecret(secret),
    redirectUri: firstPartyRedirectUri(issuer),
    postLogoutRedirectUri: `${issuer}/`,
  })

  const build = async (): Promise<{ provider: Provider; version: string }> => {
    const keys = await publishedSigningKeys(retention)
    const provider = createProvider({
      issuer,
      apiResource: apiResourceFor(issuer),
      accessTokenTtl: e.OAUTH_ACCESS_TOKEN_TTL,
      keys,
      cookieKeys: [derivedSecret('oauth-cookies', secret)],
      // X-Forwarded-Host/-Proto are always set by pinPublicOrigin, never taken from the client.
      proxy: true,
      onServerError: (error) => console.error('[oauth] server error:', error),
    })
    provider.on('grant.success', (ctx: { oidc?: { client?: { clientId: string } } }) => {
      const clientId = ctx.oidc?.client?.clientId
      if (clientId) void recordClientUse(clientId).catch(() => {})
    })
    return { provider, version: keySetVersion(keys) }
  }

  let current = await build()
  let callback = current.provider.callback()
  const store = options.rateLimitStore ?? rateLimitStoreFor(e)
  const limits: AbuseLimits = abuseLimits(store, e)

  const reloadKeys = async () => {
    const keys = await publishedSigningKeys(retention)
    if (keySetVersion(keys) === current.version) return
    current = await build()
    callback = current.provider.callback()
    log('oauth: signing keys reloaded')
  }

  // On demand: the first OAuth request after an interval runs it (once, others do not wait twice).
  const now = options.now ?? Date.now
  let keysCheckedAt = now()
  let upkeepAt = now()
  let maintaining: Promise<void> | null = null
  const maintain = (): Promise<void> | null => {
    if (options.maintenance === false) return null
    if (maintaining) return maintaining
    const t = now()
    const upkeep = t - upkeepAt >= UPKEEP_MS
    if (!upkeep && t - keysCheckedAt < KEY_RELOAD_MS) return null
    keysCheckedAt = t
    if (upkeep) upkeepAt = t
    maintaining = (async () => {
      if (upkeep) {
        const change = await ensureSigningKey(e.OAUTH_KEY_MAX_AGE_DAYS)
        if (change !== 'unchanged') log(`oauth: signing key ${change}`)
      }
      await reloadKeys()
      if (upkeep) {
        await deleteExpiredArtifacts()
        await deleteStaleSessions()
      }
    })()
      .catch((error: unknown) => {
        // A database outage is the monitor's to log (once), not a stack trace per attempt.
        const monitor = databaseMonitor()
        if ((monitor ? monitor.report(error) : classifyDatabaseError(error)) === null)
          console.error('[oauth]', error)
      })
      .finally(() => {
        maintaining = null
      })
    return maintaining
  }

  /** A revocation request: its form body checked (lib/text/storable.ts) before the provider reads it. */
  async function handleRevocation(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req, MAX_TOKEN_REQUEST_BYTES)
    if (raw === null) {
      sendOAuthError(res, new OAuthRequestError(413, 'invalid_request', 'The request body is too large.'), {
        Connection: 'close',
      })
      return
    }
    const contentType = req.headers['content-type']
    if (contentType && FORM_MEDIA_TYPE.test(contentType))
      assertStorableParameters(new URLSearchParams(raw.toString('utf8')))
    await callback(replayRequest(req, raw, contentType), res)
  }

  async function handleToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const ip = clientIp(req, e.TRUST_PROXY)
    const byIp = await limits.tokenPerIp.consume(ip)
    if (!byIp.allowed) {
      req.resume()
      tooManyRequests(res, byIp.retryAfterSeconds)
      return
    }
    const raw = await readBody(req, MAX_TOKEN_REQUEST_BYTES)
    if (raw === null) {
      sendOAuthError(res, new OAuthRequestError(413, 'invalid_request', 'The request body is too large.'), {
        Connection: 'close',
      })
      return
    }
    const request = normaliseTokenRequest({
      url: req.url ?? '',
      body: raw,
      contentType: req.headers['content-type'],
      authorization: req.headers.authorization,
    })
    let body = request.body
    if (request.clientId) {
      const clientId = request.clientId
      const byClient = await limits.tokenPerClient.consume(clientId)
      if (!byClient.allowed) {
        tooManyRequests(res, byClient.retryAfterSeconds)
        return
      }
      // A failed client authentication was not the client: it must not use up the client's quota.
      res.once('finish', () => {
        if (res.statusCode === 401) void limits.tokenPerClient.refund(clientId).catch(() => {})
      })
      if (request.form?.get('grant_type') === 'client_credentials' && !request.form.get('scope')) {
        const held = (await findActiveClient(clientId))?.scopes ?? []
        body = Buffer.from(withDefaultScope(request.form, held).toString(), 'utf8')
      }
    }
    await callback(replayRequest(req, body, request.contentType), res)
  }

  return {
    issuer,
    reloadKeys,
    async handle(req, res) {
      const url = req.url ?? '/'
      const path = url.split('?')[0] ?? '/'
      const isOAuth = path === '/oauth' || path.startsWith('/oauth/')
      if (!isOAuth && !WELL_KNOWN.has(path)) return false
      await maintain()
      const ip = clientIp(req, e.TRUST_PROXY)
      pinPublicOrigin(req, publicUrl, e.TRUST_PROXY)
      try {
        if (path.startsWith(`${INTERACTION_PATH}/`)) {
          await handleInteraction(req, res, path, {
            provider: current.provider,
            limits,
            publicOrigin: new URL(issuer).origin,
            clientIp: ip,
          })
          return true
        }
        assertNoCredentialsInUrl(url)
        // A client_id (or any parameter) no database can store is refused before any look-up.
        assertStorableParameters(urlParameters(url))
        const basic = basicClientId(req.headers.authorization)
        if (basic !== null) assertStorableParameters([['client_id', basic]])
        if (path === OAUTH_ROUTES.token && req.method === 'POST') await handleToken(req, res)
        else if (path === OAUTH_ROUTES.revocation && req.method === 'POST') await handleRevocation(req, res)
        else await callback(req, res)
      } catch (error) {
        if (res.headersSent) {
          res.destroy()
          return true
        }
        if (error instanceof OAuthRequestError) {
          sendOAuthError(res, error)
          return true
        }
        // The database failing under a request (the rate limiter's or the client's look-up): an
        // outage, answered as the provider answers it (provider.ts), never a 500.
        const monitor = databaseMonitor()
        const failure = monitor ? monitor.report(error) : classifyDatabaseError(error)
        if (failure === null) throw error
        const retryAfter = monitor?.retryAfterSeconds ?? 1
        sendOAuthError(
          res,
          new OAuthRequestError(503, 'temporarily_unavailable', 'The database is unavailable; retry later.'),
          { 'Retry-After': String(retryAfter) },
        )
      }
      return true
    },
    refuseUnavailable(res, retryAfterSeconds) {
      sendOAuthError(
        res,
        new OAuthRequestError(503, 'temporarily_unavailable', 'The database is unavailable; retry later.'),
        { 'Retry-After': String(retryAfterSeconds) },
      )
    },
    async close() {
      await maintaining
      await store.close?.()
    },
  }
}
