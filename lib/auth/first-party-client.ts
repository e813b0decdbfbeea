// The browser app is its own first client of the authorization server: staff sign in through the
// Authorization Code flow with PKCE. Its registration is derived from the configuration and
// refreshed at every start.
import { derivedSecret } from './app-secret'

export const FIRST_PARTY_CLIENT_ID = 'tda_web'
export const FIRST_PARTY_CLIENT_NAME = 'Données territoriales (application web)'
/** next-auth's id of the provider: the callback is /api/auth/callback/<id>. */
export const SIGN_IN_PROVIDER_ID = 'territoires'

export function firstPartyClientSecret(secret?: string): string {
  return derivedSecret('first-party-client-secret', secret)
}

export function firstPartyRedirectUri(publicUrl: string): string {
  return `${publicUrl}/api/auth/callback/${SIGN_IN_PROVIDER_ID}`
}
