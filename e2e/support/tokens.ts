// Test support for every area's HTTP tests: the client applications registered on each instance at
// start (e2e/support/serve.ts) and Bearer tokens obtained from them through POST /oauth/token,
// cached per instance and client for the whole run.
import fs from 'node:fs'
import path from 'node:path'
import type { TestInfo } from '@playwright/test'
import { dataDirOf } from './engine'
import { E2E_CLIENTS_FILE, type E2EClientName } from './servers'

export interface TestClient {
  client_id: string
  client_secret: string
  redirect_uri?: string
}

/** Credentials of a test client application of the instance the test runs against. */
export function testClient(testInfo: TestInfo, name: E2EClientName): TestClient {
  const file = path.join(dataDirOf(testInfo), E2E_CLIENTS_FILE)
  const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, TestClient>
  const client = all[name]
  if (!client) throw new Error(`no test client "${name}" in ${file}`)
  return client
}

const cache = new Map<string, { token: string; expiresAt: number }>()

/**
 * A Bearer token of the test client holding `scopes` ("eco", "fiscal", "eco fiscal", "eco:write",
 * "all" or "none" for a valid token without any scope), obtained by client credentials.
 */
export async function accessToken(
  baseURL: string,
  testInfo: TestInfo,
  scopes: E2EClientName,
): Promise<string> {
  const key = `${baseURL} ${scopes}`
  const cached = cache.get(key)
  if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token
  const client = testClient(testInfo, scopes)
  const response = await fetch(new URL('/oauth/token', baseURL), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  })
  if (response.status !== 200)
    throw new Error(`token request for "${scopes}" failed: ${response.status} ${await response.text()}`)
  const body = (await response.json()) as { access_token: string; expires_in: number }
  cache.set(key, { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 })
  return body.access_token
}

/** Authorization header value for `scopes`. */
export async function bearer(baseURL: string, testInfo: TestInfo, scopes: E2EClientName): Promise<string> {
  return `Bearer ${await accessToken(baseURL, testInfo, scopes)}`
}
