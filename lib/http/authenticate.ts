// Authenticates the Bearer token of an API request (RFC 6750). The route wrapper calls this for
// every protected route: no header or a malformed one is 401 here; a token the verifier refuses
// (lib/auth) is 401 with error="invalid_token" and the verifier's reason.
import { InvalidAccessToken } from '../auth/access-token-verifier'
import type { Principal } from '../auth/principal'
import { unauthorized } from './api-error'

const BEARER_CHALLENGE = 'Bearer realm="territorial-data-api"'

function bearerToken(header: string): string | null {
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
  const token = bearerToken(header)
  if (!token) {
    throw unauthorized(
      'En-tête Authorization mal formé : attendu « Bearer <jeton> ».',
      `${BEARER_CHALLENGE}, error="invalid_request"`,
    )
  }
  try {
    return await verify(token)
  } catch (error) {
    if (!(error instanceof InvalidAccessToken)) throw error
    throw unauthorized(
      error.detail,
      `${BEARER_CHALLENGE}, error="invalid_token", error_description="${error.description}"`,
    )
  }
}
