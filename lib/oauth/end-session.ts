// Ends the authorization server's login session of a browser when its staff user signs out of the
// app, so that the next sign-in asks for the password again (next-auth alone would leave it open).
// Done server-side: no ID token travels in a logout URL.
import { query } from '../db/pool'

/** Deletes the provider session in which `clientId` was given the session id `sid`; returns how many. */
export async function endAuthorizationServerSession(clientId: string, sid: string): Promise<number> {
  const { rowCount } = await query(
    `DELETE FROM oauth_artifact
     WHERE kind = 'Session' AND payload->'authorizations'->($1::text)->>'sid' = $2`,
    [clientId, sid],
  )
  return rowCount ?? 0
}
