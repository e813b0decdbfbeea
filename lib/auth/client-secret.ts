// Client application credentials. A client secret is 256 random bits shown once; only its SHA-256
// digest is stored ("sha256$<base64url>"). A fast digest is the right tool for a high-entropy
// random secret (nothing to brute-force), and keeps every token request cheap; comparison is
// constant-time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

const SECRET_PREFIX = 'tda_secret_'
const HASH_PREFIX = 'sha256$'

export function generateClientId(): string {
  return `tda_${randomBytes(12).toString('hex')}`
}

export function generateClientSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url')
}

function digest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest()
}

export function hashClientSecret(secret: string): string {
  return HASH_PREFIX + digest(secret).toString('base64url')
}

/** Whether `presented` is the secret whose hash is `stored`; constant-time in the secret. */
export function verifyClientSecret(presented: unknown, stored: string): boolean {
  if (typeof presented !== 'string' || !stored.startsWith(HASH_PREFIX)) return false
  const expected = Buffer.from(stored.slice(HASH_PREFIX.length), 'base64url')
  const actual = digest(presented)
  return expected.length === actual.length && timingSafeEqual(actual, expected)
}

/** Whether a stored value looks like a hash this module produced (never a secret in clear). */
export function isClientSecretHash(value: string): boolean {
  return /^sha256\$[A-Za-z0-9_-]{43}$/.test(value)
}
