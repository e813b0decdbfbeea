// Signed download addresses of the local driver: `expires` (unix seconds) and `signature`, an
// HMAC-SHA256 over the path and the expiry, and over the name the file is saved under (`filename`)
// when the address gives one. The key is FILES_SIGNING_SECRET, or a key generated on
// the first start and kept under DATA_DIR (never in git). A file server in front of the store can
// verify the same signature with the same key.
import { createHmac, timingSafeEqual } from 'node:crypto'
import path from 'node:path'
import { readOrCreateSecret } from '../auth/app-secret'
import type { Env } from '../env'

function signingSecretFile(dataDir: string): string {
  return path.join(dataDir, 'secrets', 'files-signing-secret')
}

export function filesSigningSecret(e: Pick<Env, 'FILES_SIGNING_SECRET' | 'dataDir'>): string {
  return e.FILES_SIGNING_SECRET ?? readOrCreateSecret(signingSecretFile(e.dataDir))
}

export function signature(pathname: string, expires: number, secret: string, downloadName?: string): string {
  const signed =
    downloadName === undefined ? `${pathname}\n${expires}` : `${pathname}\n${expires}\n${downloadName}`
  return createHmac('sha256', secret).update(signed).digest('base64url')
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired'

/**
 * Checks the `expires`, `signature` (and `filename`, when present) query parameters of a request
 * for `pathname`. A missing or altered parameter is invalid (403); a genuine address past its
 * expiry is expired (410).
 */
export function checkSignature(
  pathname: string,
  expires: string | null,
  provided: string | null,
  secret: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
  downloadName: string | null = null,
): SignatureCheck {
  if (expires === null || provided === null || !/^\d{1,12}$/.test(expires)) return 'invalid'
  const expected = Buffer.from(signature(pathname, Number(expires), secret, downloadName ?? undefined))
  const given = Buffer.from(provided)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
  return Number(expires) < nowSeconds ? 'expired' : 'valid'
}
