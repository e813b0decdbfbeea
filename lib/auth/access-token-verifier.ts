// Local verification of the API's access tokens (JWT, RFC 9068): signature with a cached public
// key (ES256 only: "none", HMAC and other algorithms are refused), type at+jwt, issuer, audience,
// expiry, then the client's current status and scopes from a cached directory. No database round
// trip per request: keys are reloaded only for an unknown key id (rotation) or every few minutes.
// A client presents the same token for its whole lifetime, so a verified token is remembered
// (bounded, until it expires): later presentations skip the signature check, never the expiry or
// the client's status.
import { errors, importJWK, jwtVerify, type JWK, type JWTPayload, type JWTHeaderParameters } from 'jose'
import type { ClientDirectory } from './client-status-cache'
import type { Principal } from './principal'
import type { RevocationList } from './revoked-tokens'
import { parseScopes, type Scope } from './scopes'

const ACCESS_TOKEN_ALGORITHMS = ['ES256']

export interface VerifierOptions {
  issuer: string
  audience: string
  /** Public keys currently published (the JWKS). */
  loadKeys: () => Promise<JWK[]>
  clients: ClientDirectory
  /** Tokens revoked before they expire (by jti or grant), cached like the clients. */
  revocations?: RevocationList
  /** An unknown key id triggers a reload at most this often. */
  unknownKidReloadMs?: number
  /** Keys are reloaded at least this often (retired keys disappear). */
  keysMaxAgeMs?: number
  /** Verified tokens remembered (0: none). */
  rememberedTokens?: number
  now?: () => number
}

type VerifyKey = Awaited<ReturnType<typeof importJWK>>

interface VerifiedToken {
  jti: string
  /** The grant (authorization) the token was issued under; none for client credentials. */
  grantId: string | undefined
  clientId: string
  subject: string
  granted: readonly Scope[]
  expiresAtMs: number
}

/**
 * A token the API refuses. The route wrapper answers it with 401 and the RFC 6750 challenge
 * (lib/http/authenticate): `detail` explains in French; `description`, for the header's
 * error_description, is plain ASCII (RFC 6750 §3).
 */
export class InvalidAccessToken extends Error {
  override name = 'InvalidAccessToken'
  constructor(
    readonly detail: string,
    readonly description: string,
  ) {
    super(detail)
  }
}

const invalidToken = (detail: string, description: string) => new InvalidAccessToken(detail, description)

function describe(error: unknown): [detail: string, description: string] {
  if (error instanceof errors.JWTExpired)
    return ['Jeton d’accès expiré : demandez-en un nouveau.', 'The access token expired']
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud')
      return [
        'Jeton d’accès émis pour une autre audience que cette API.',
        'The access token is for another audience',
      ]
    if (error.claim === 'iss')
      return [
        'Jeton d’accès émis par un autre serveur d’autorisation.',
        'The access token has another issuer',
      ]
    if (error.claim === 'typ')
      return [
        'Ce jeton n’est pas un jeton d’accès (type at+jwt attendu).',
        'The token is not an access token',
      ]
    return [`Jeton d’accès invalide (${error.claim}).`, 'The access token is invalid']
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return ['Algorithme de signature refusé : ES256 attendu.', 'The signature algorithm is not allowed']
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return ['Signature du jeton d’accès invalide.', 'The access token signature is invalid']
  if (error instanceof errors.JWKSNoMatchingKey)
    return ['Jeton d’accès signé par une clé inconnue.', 'The access token is signed by an unknown key']
  return ['Jeton d’accès invalide.', 'The access token is invalid']
}

export function createAccessTokenVerifier(options: VerifierOptions): (token: string) => Promise<Principal> {
  const now = options.now ?? Date.now
  const unknownKidReloadMs = options.unknownKidReloadMs ?? 1000
  const keysMaxAgeMs = options.keysMaxAgeMs ?? 300_000
  let keys = new Map<string, VerifyKey>()
  let loadedAt = Number.NEGATIVE_INFINITY
  let loading: Promise<void> | undefined

  const reload = () => {
    loading ??= options
      .loadKeys()
      .then(async (jwks) => {
        const next = new Map<string, VerifyKey>()
        for (const jwk of jwks) {
          if (jwk.kid && jwk.alg && ACCESS_TOKEN_ALGORITHMS.includes(jwk.alg))
            next.set(jwk.kid, await importJWK(jwk, jwk.alg))
        }
        keys = next
        loadedAt = now()
      })
      .finally(() => {
        loading = undefined
      })
    return loading
  }

  const keyFor = async (header: JWTHeaderParameters): Promise<VerifyKey> => {
    if (now() - loadedAt > keysMaxAgeMs) await reload()
    let key = header.kid ? keys.get(header.kid) : undefined
    if (!key && header.kid && now() - loadedAt >= unknownKidReloadMs) {
      await reload()
      key = keys.get(header.kid)
    }
    if (!key) throw new errors.JWKSNoMatchingKey()
    return key
  }

  const maxRemembered = options.rememberedTokens ?? 10_000
  const remembered = new Map<string, VerifiedToken>()

  const verifySignedToken = async (token: string): Promise<VerifiedToken> => {
    let payload: JWTPayload
    try {
      ;({ payload } = await jwtVerify(token, keyFor, {
        algorithms: ACCESS_TOKEN_ALGORITHMS,
        typ: 'at+jwt',
        issuer: options.issuer,
        audience: options.audience,
        requiredClaims: ['exp', 'iat', 'sub', 'client_id', 'jti'],
        currentDate: new Date(now()),
        clockTolerance: 5,
      }))
    } catch (error) {
      throw invalidToken(...describe(error))
    }
    const clientId = payload.client_id
    if (typeof clientId !== 'string')
      throw invalidToken('Jeton d’accès invalide (client_id).', 'The access token is invalid')
    return {
      jti: String(payload.jti),
      grantId: typeof payload.gid === 'string' ? payload.gid : undefined,
      clientId,
      subject: payload.sub!,
      granted: parseScopes(typeof payload.scope === 'string' ? payload.scope : ''),
      expiresAtMs: payload.exp! * 1000,
    }
  }

  return async (token) => {
    let verified = remembered.get(token)
    if (!verified || verified.expiresAtMs <= now()) {
      if (verified) remembered.delete(token)
      verified = await verifySignedToken(token)
      if (maxRemembered > 0) {
        if (remembered.size >= maxRemembered) remembered.delete(remembered.keys().next().value!)
        remembered.set(token, verified)
      }
    }
    if (await options.revocations?.isRevoked(verified.jti, verified.grantId))
      throw invalidToken('Ce jeton d’accès a été révoqué.', 'The access token was revoked')
    const status = await options.clients.statusOf(verified.clientId)
    if (!status)
      throw invalidToken('L’application de ce jeton a été révoquée.', 'The client application was revoked')
    // A scope withdrawn from the application stops working at once, even in older tokens.
    const scopes = new Set<Scope>(verified.granted.filter((s) => status.scopes.includes(s)))
    return { clientId: verified.clientId, scopes, subject: verified.subject, quota: status.quota }
  }
}
