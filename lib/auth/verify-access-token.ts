// Verification of access tokens presented to the API.
import { unauthorized } from '../http/api-error'
import { BEARER_CHALLENGE } from './authenticate'
import type { Principal } from './principal'

export async function verifyAccessToken(token: string): Promise<Principal> {
  void token
  throw unauthorized(
    'Jeton d’accès invalide : ce serveur n’a émis aucun jeton.',
    `${BEARER_CHALLENGE}, error="invalid_token"`,
  )
}
