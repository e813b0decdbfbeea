// The address where staff sign-in starts (GET /connexion/debut, lib/oauth/start-sign-in): free of
// any server dependency, for the browser app's links and the pages' guards alike.

export const SIGN_IN_START_PATH = '/connexion/debut'

/** The address of the one-step sign-in coming back to `returnTo` (a path of this site). */
export function signInStartUrl(returnTo: string): string {
  return `${SIGN_IN_START_PATH}?callbackUrl=${encodeURIComponent(returnTo)}`
}
