import type { ClientQuota } from './client-status-cache'
import type { Scope } from './scopes'

/** Who calls the API: an OAuth client application acting with the scopes of its token. */
export interface Principal {
  clientId: string
  scopes: ReadonlySet<Scope>
  /** The token's subject: the client itself (client credentials) or the signed-in user. */
  subject: string
  /** The application's own request quotas (unset or null: the service's defaults). */
  quota?: ClientQuota
}
