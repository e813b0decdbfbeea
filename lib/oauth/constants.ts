// Addresses and lifetimes of the authorization server, shared by the server itself and by the
// API's token verification (which must not load the server's code).

export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  jwks: '/oauth/jwks',
  revocation: '/oauth/revoke',
  userinfo: '/oauth/userinfo',
  end_session: '/oauth/logout',
  pushed_authorization_request: '/oauth/par',
  introspection: '/oauth/introspect',
  registration: '/oauth/register',
  code_verification: '/oauth/device',
  device_authorization: '/oauth/device/auth',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
  credential: '/oauth/credential',
} as const

export const INTERACTION_PATH = '/oauth/interaction'

/** Lifetimes in seconds (access tokens: OAUTH_ACCESS_TOKEN_TTL). */
export const TTL = {
  authorizationCode: 60,
  idToken: 3600,
  interaction: 600,
  session: 8 * 3600,
  grant: 14 * 86_400,
  refreshToken: 14 * 86_400,
} as const

/** The API's resource indicator and the audience of its access tokens: the versioned API root. */
export function apiResourceFor(publicUrl: string): string {
  return `${publicUrl}/v0`
}

/** How long a retired signing key stays published: the longest token it may have signed, plus skew. */
export function keyRetentionSeconds(accessTokenTtl: number): number {
  return Math.max(accessTokenTtl, TTL.idToken) + 300
}
