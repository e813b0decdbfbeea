import { describe, expect, it } from 'vitest'
import { attemptedEmail, attemptedEmailCookie, clearedAttemptedEmailCookie } from './interaction-form'

const value = (cookie: string) => cookie.split(';')[0]!.split('=')[1]

describe('the address of a refused sign-in', () => {
  it('is kept for the same interaction only, in a cookie of the sign-in page', () => {
    const cookie = attemptedEmailCookie('uid-0123456789', 'Agent.Test@Example.org', false)
    expect(cookie).toMatch(/^tda-signin-email=[\w-]+; Path=\/connexion; Max-Age=600; HttpOnly; SameSite=Lax$/)
    expect(attemptedEmail('uid-0123456789', value(cookie))).toBe('Agent.Test@Example.org')
    expect(attemptedEmail('uid-other-000000', value(cookie))).toBeUndefined()
    expect(attemptedEmail('uid-0123456789', 'not-base64-json')).toBeUndefined()
    expect(attemptedEmail('uid-0123456789', undefined)).toBeUndefined()
  })

  it('is Secure on https and cleared after a successful sign-in', () => {
    expect(attemptedEmailCookie('u', 'a@b.fr', true)).toMatch(/; Secure$/)
    expect(clearedAttemptedEmailCookie(false)).toBe(
      'tda-signin-email=; Path=/connexion; Max-Age=0; HttpOnly; SameSite=Lax',
    )
  })
})
