import { describe, expect, it } from 'vitest'
import { checkSignature, signature } from './signing'

const SECRET = 'a-secret-of-at-least-thirty-two-characters'
const PATH = '/files/0b0c-v1.csv'
const NOW = 1_800_000_000

describe('signed download addresses', () => {
  const expires = NOW + 60
  const valid = signature(PATH, expires, SECRET)

  it('accepts the address it signed until its expiry, then says expired', () => {
    expect(checkSignature(PATH, String(expires), valid, SECRET, NOW)).toBe('valid')
    expect(checkSignature(PATH, String(expires), valid, SECRET, expires)).toBe('valid')
    expect(checkSignature(PATH, String(expires), valid, SECRET, expires + 1)).toBe('expired')
  })

  it.each([
    ['another path', '/files/0b0c-v2.csv', String(expires), valid, SECRET],
    ['a later expiry', PATH, String(expires + 3600), valid, SECRET],
    [
      'an altered signature',
      PATH,
      String(expires),
      `${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`,
      SECRET,
    ],
    ['another key', PATH, String(expires), valid, `${SECRET}-rotated`],
    ['no signature', PATH, String(expires), null, SECRET],
    ['no expiry', PATH, null, valid, SECRET],
    ['a non-numeric expiry', PATH, `${expires}x`, valid, SECRET],
    ['a truncated signature', PATH, String(expires), valid.slice(0, 10), SECRET],
  ])('refuses %s', (_name, path, expiresParam, given, secret) => {
    expect(checkSignature(path, expiresParam, given, secret, NOW)).toBe('invalid')
  })

  it('checks the signature before the expiry (a forged address never reads as expired)', () => {
    expect(checkSignature(PATH, String(NOW - 10), valid, SECRET, NOW)).toBe('invalid')
  })
})
