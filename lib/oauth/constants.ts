// Addresses of the authorization server (lifetimes and the tokens' audience: lib/auth/tokens).

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
