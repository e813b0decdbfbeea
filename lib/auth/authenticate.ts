// Authenticates the Bearer token of an API request (RFC 6750). The route wrapper calls this for
// every protected route; the authorization server's token verification plugs in here.
import { unauthorized } from '../http/api-error'
import type { Principal } from './principal'

export const BEARER_CHALLENGE = 'Bearer realm="territorial-data-api"'

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization')
  if (!header) return null
  const match = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header)
  return match ? match[1]! : null
}

export type TokenVerifier = (token: string) => Promise<Principal>

export async function authenticate(request: Request, verify: TokenVerifier): Promise<Principal> {
  const header = request.headers.get('authorization')
  if (!header) {
    throw unauthorized(
      'Cette ressource demande un jeton d’accès : en-tête « Authorization: Bearer <jeton> ».',
      BEARER_CHALLENGE,
    )
  }
  const token = bearerToken(request)
  if (!token) {
    throw unauthorized(
      'En-tête Authorization mal formé : attendu « Bearer <jeton> ».',
      `${BEARER_CHALLENGE}, error="invalid_request"`,
    )
  }
  return verify(token)
}
