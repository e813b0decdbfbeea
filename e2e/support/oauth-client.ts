// Calls an external application makes with the credentials an administrator gave it: a token by
// client credentials, then API requests with it.

export interface Credentials {
  clientId: string
  clientSecret: string
}

/** POST /oauth/token (client credentials, HTTP Basic); the status and the body. */
export async function requestToken(
  baseURL: string,
  { clientId, clientSecret }: Credentials,
  scope?: string,
): Promise<{ status: number; body: { access_token?: string; scope?: string; error?: string } }> {
  const response = await fetch(new URL('/oauth/token', baseURL), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) }),
  })
  return { status: response.status, body: (await response.json()) as { access_token?: string } }
}

/** A token of these credentials (fails the test when refused). */
export async function tokenOf(baseURL: string, credentials: Credentials, scope?: string): Promise<string> {
  const { status, body } = await requestToken(baseURL, credentials, scope)
  if (status !== 200 || !body.access_token)
    throw new Error(`token refused: ${status} ${JSON.stringify(body)}`)
  return body.access_token
}

/** GET an API path with a Bearer token; the status. */
export async function apiStatus(baseURL: string, path: string, token: string): Promise<number> {
  const response = await fetch(new URL(path, baseURL), {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  })
  await response.arrayBuffer()
  return response.status
}
