// Client application → client metadata (RFC 7591) as the authorization server sees it. The
// `client_secret` member carries the stored hash: the provider's secret comparison is replaced by
// a check against that hash (see provider.ts), and no symmetric algorithm that would use it as a
// key is enabled.
import type { ClientCredentialsRecord } from '../auth/clients'

/** OpenID scopes a client may request besides its API scopes. */
export const FIRST_PARTY_OIDC_SCOPES = ['openid', 'profile', 'email'] as const
const THIRD_PARTY_OIDC_SCOPES = ['openid', 'offline_access'] as const

export const FIRST_PARTY_PROPERTY = 'tda_first_party'

export function clientMetadata(client: ClientCredentialsRecord): Record<string, unknown> {
  const authorizationCode = client.grantTypes.includes('authorization_code')
  const oidcScopes = client.firstParty ? FIRST_PARTY_OIDC_SCOPES : THIRD_PARTY_OIDC_SCOPES
  return {
    client_id: client.clientId,
    client_name: client.name,
    client_secret: client.secretHash,
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: client.grantTypes,
    response_types: authorizationCode ? ['code'] : [],
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris,
    // Never empty: an empty list would let the provider skip its allow-list check.
    scope: [...(authorizationCode ? oidcScopes : ['openid']), ...client.scopes].join(' '),
    id_token_signed_response_alg: 'ES256',
    [FIRST_PARTY_PROPERTY]: client.firstParty,
  }
}
