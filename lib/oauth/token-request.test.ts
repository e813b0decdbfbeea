import { describe, expect, it } from 'vitest'
import { jsonToForm, normaliseTokenRequest, OAuthRequestError, withDefaultScope } from './token-request'

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`

function request(
  body: string,
  contentType: string | undefined,
  extra: { url?: string; authorization?: string } = {},
) {
  return normaliseTokenRequest({
    url: extra.url ?? '/oauth/token',
    body: Buffer.from(body),
    contentType,
    authorization: extra.authorization,
  })
}

function refusal(fn: () => unknown): OAuthRequestError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(OAuthRequestError)
    return error as OAuthRequestError
  }
  throw new Error('accepted')
}

describe('token requests', () => {
  it('turns the documented JSON body into the standard form body', () => {
    const normalised = request(
      JSON.stringify({ grant_type: 'client_credentials', client_id: 'tda_x', client_secret: 's3cr=t&' }),
      'application/json',
    )
    expect(normalised.contentType).toBe('application/x-www-form-urlencoded')
    expect(normalised.body.toString()).toBe(
      'grant_type=client_credentials&client_id=tda_x&client_secret=s3cr%3Dt%26',
    )
    expect(normalised.clientId).toBe('tda_x')
  })

  it('keeps a form body as it is and reads the client from it or from HTTP Basic', () => {
    const form = request('grant_type=client_credentials&client_id=tda_a', 'application/x-www-form-urlencoded')
    expect(form.body.toString()).toBe('grant_type=client_credentials&client_id=tda_a')
    expect(form.clientId).toBe('tda_a')
    const withBasic = request(
      'grant_type=client_credentials',
      'application/x-www-form-urlencoded; charset=utf-8',
      {
        authorization: basic('tda_b', 'secret'),
      },
    )
    expect(withBasic.clientId).toBe('tda_b')
  })

  it('passes other media types through untouched (the provider refuses them)', () => {
    const normalised = request('<xml/>', 'text/xml')
    expect(normalised.form).toBeNull()
    expect(normalised.body.toString()).toBe('<xml/>')
  })

  it.each([
    ['malformed JSON', '{"grant_type":', /not valid JSON/],
    ['a JSON array', '[1,2]', /must be an object/],
    ['a non-string member', '{"grant_type":{"a":1}}', /must be a string/],
  ])('refuses %s with invalid_request', (_name, body, message) => {
    const error = refusal(() => request(body, 'application/json'))
    expect(error.status).toBe(400)
    expect(error.body).toEqual({
      error: 'invalid_request',
      error_description: expect.stringMatching(message),
    })
  })

  it('refuses unknown scopes with invalid_scope', () => {
    const error = refusal(() =>
      request('grant_type=client_credentials&scope=eco%20admin', 'application/x-www-form-urlencoded'),
    )
    expect(error.status).toBe(400)
    expect(error.error).toBe('invalid_scope')
    expect(error.description).toContain('admin')
  })

  it('refuses credentials in the URL', () => {
    const error = refusal(() =>
      request('grant_type=client_credentials', 'application/x-www-form-urlencoded', {
        url: '/oauth/token?client_secret=x',
      }),
    )
    expect(error.error).toBe('invalid_request')
  })

  it('turns JSON arrays into repeated parameters', () => {
    expect(jsonToForm('{"resource":["a","b"],"n":3}').toString()).toBe('resource=a&resource=b&n=3')
  })

  it('gives a client credentials request without scope every scope the client holds', () => {
    const form = new URLSearchParams('grant_type=client_credentials')
    expect(withDefaultScope(form, ['fiscal', 'eco']).get('scope')).toBe('fiscal eco')
    expect(
      withDefaultScope(new URLSearchParams('grant_type=client_credentials&scope=eco'), ['fiscal', 'eco']).get(
        'scope',
      ),
    ).toBe('eco')
    expect(
      withDefaultScope(new URLSearchParams('grant_type=authorization_code'), ['eco']).get('scope'),
    ).toBeNull()
  })
})
