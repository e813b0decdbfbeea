import { describe, expect, it } from 'vitest'
import {
  generateClientId,
  generateClientSecret,
  hashClientSecret,
  isClientSecretHash,
  verifyClientSecret,
} from './client-secret'

describe('client secrets', () => {
  it('generates distinct, high-entropy identifiers and secrets', () => {
    expect(generateClientId()).toMatch(/^tda_[0-9a-f]{24}$/)
    const secret = generateClientSecret()
    expect(secret).toMatch(/^tda_secret_[A-Za-z0-9_-]{43}$/)
    expect(generateClientSecret()).not.toBe(secret)
  })

  it('stores a hash that verifies the right secret only', () => {
    const secret = generateClientSecret()
    const stored = hashClientSecret(secret)
    expect(isClientSecretHash(stored)).toBe(true)
    expect(stored).not.toContain(secret.slice('tda_secret_'.length))
    expect(verifyClientSecret(secret, stored)).toBe(true)
    expect(verifyClientSecret(`${secret}x`, stored)).toBe(false)
    expect(verifyClientSecret('', stored)).toBe(false)
    expect(verifyClientSecret(undefined, stored)).toBe(false)
  })

  it('refuses a stored value that is not a hash (a secret kept in clear never matches)', () => {
    const secret = generateClientSecret()
    expect(verifyClientSecret(secret, secret)).toBe(false)
    expect(isClientSecretHash(secret)).toBe(false)
  })
})
