// What the authorization server issues and the API accepts: the audience of access tokens, the
// lifetimes of what is issued, and how long a retired signing key stays published. Shared by the
// authorization server (lib/oauth) and the API's token verification, which must not load the
// server's code.

/** Lifetimes in seconds (access tokens: OAUTH_ACCESS_TOKEN_TTL). */
export const TTL = {
  authorizationCode: 60,
  idToken: 3600,
  interaction: 600,
  session: 8 * 3600,
  grant: 14 * 86_400,
  refreshToken: 14 * 86_400,
} as const

/** The API's resource indicator and the audience of its access tokens: the versioned API root. */
export function apiResourceFor(publicUrl: string): string {
  return `${publicUrl}/v0`
}

/** How long a retired signing key stays published: the longest token it may have signed, plus skew. */
export function keyRetentionSeconds(accessTokenTtl: number): number {
  return Math.max(accessTokenTtl, TTL.idToken) + 300
}
