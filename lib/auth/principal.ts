import type { Scope } from './scopes'

/** Who calls the API: an OAuth client application acting with the scopes of its token. */
export interface Principal {
  clientId: string
  scopes: ReadonlySet<Scope>
  /** The token's subject: the client itself (client credentials) or the signed-in user. */
  subject: string
}
