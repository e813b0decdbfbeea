import { describe, expect, it } from 'vitest'
import { routeRequest } from './edge'

const get = (url: string, accept?: string, hasBody = false) =>
  routeRequest({ method: 'GET', url, accept, hasBody })

describe('routeRequest', () => {
  it('sends "/" to the status route unless a browser asks for HTML', () => {
    expect(get('/', 'application/json')).toEqual({ kind: 'api', url: '/v0', readBody: false })
    expect(get('/')).toEqual({ kind: 'api', url: '/v0', readBody: false })
    expect(get('/', '*/*')).toEqual({ kind: 'api', url: '/v0', readBody: false })
    expect(get('/', 'text/html,application/xhtml+xml,*/*;q=0.8')).toEqual({ kind: 'app' })
  })

  it('sends the client router’s requests of "/" (RSC navigations and prefetches) to the app', () => {
    expect(
      routeRequest({ method: 'GET', url: '/?_rsc=abc', accept: '*/*', hasBody: false, rsc: true }),
    ).toEqual({
      kind: 'app',
    })
    expect(
      routeRequest({ method: 'GET', url: '/', accept: '*/*', hasBody: false, rsc: false }),
    ).toMatchObject({
      kind: 'api',
    })
    expect(
      routeRequest({ method: 'GET', url: '/?q=x&_rsc=1a2b', accept: '*/*', hasBody: false, rsc: true }).kind,
    ).toBe('app')
    expect(routeRequest({ method: 'POST', url: '/', accept: '*/*', hasBody: false, rsc: true }).kind).toBe(
      'reject',
    )
  })

  it('treats /x and /v0/x as the same resource', () => {
    expect(get('/eco/sirets?page=2')).toEqual({ kind: 'api', url: '/v0/eco/sirets?page=2', readBody: false })
    expect(get('/v0/eco/sirets?page=2')).toEqual({
      kind: 'api',
      url: '/v0/eco/sirets?page=2',
      readBody: false,
    })
  })

  it('turns a path extension into the Accept header', () => {
    expect(get('/v0/datasets/abc.csv?expires=60')).toEqual({
      kind: 'api',
      url: '/v0/datasets/abc?expires=60',
      accept: 'text/csv',
      readBody: false,
    })
    expect(get('/eco/sirets.geojson')).toEqual({
      kind: 'api',
      url: '/v0/eco/sirets',
      accept: 'application/geo+json',
      readBody: false,
    })
  })

  it('needs a name before an extension: "..json" is a name, not the dot-segment "." in JSON', () => {
    expect(get('/v0/datasets/..geojson')).toEqual({
      kind: 'api',
      url: '/v0/datasets/..geojson',
      readBody: false,
    })
    expect(get('/v0/ca/parcelles/...json')).toEqual({
      kind: 'api',
      url: '/v0/ca/parcelles/...json',
      readBody: false,
    })
    expect(get('/v0/ca/parcelles/a.json')).toMatchObject({
      url: '/v0/ca/parcelles/a',
      accept: 'application/json',
    })
  })

  it('leaves unknown extensions and app pages alone', () => {
    expect(get('/v0/zones/a.b')).toEqual({ kind: 'api', url: '/v0/zones/a.b', readBody: false })
    expect(get('/jeux-de-donnees')).toEqual({ kind: 'app' })
    expect(get('/_next/static/chunk.js')).toEqual({ kind: 'app' })
    expect(get('/openapi.json')).toEqual({ kind: 'app' })
    expect(get('/v1/eco/sirets')).toEqual({ kind: 'app' })
  })

  it('reads the body of GET requests to API paths only', () => {
    expect(get('/eco/sirets', 'application/json', true)).toMatchObject({ kind: 'api', readBody: true })
    expect(routeRequest({ method: 'HEAD', url: '/eco/sirets', hasBody: true })).toMatchObject({
      readBody: false,
    })
  })

  it('refuses write methods on the read-only API with 405', () => {
    const decision = routeRequest({ method: 'POST', url: '/v0/eco/sirets', hasBody: true })
    expect(decision.kind).toBe('reject')
    if (decision.kind === 'reject') {
      expect(decision.error.status).toBe(405)
      expect(decision.error.headers.Allow).toBe('GET, HEAD')
    }
  })

  it('lets POST reach the offers, with or without /v0, and says which methods they take', () => {
    for (const url of ['/v0/eco/immo/offres', '/eco/immo/offres']) {
      expect(routeRequest({ method: 'POST', url, hasBody: true })).toEqual({
        kind: 'api',
        url: '/v0/eco/immo/offres',
        readBody: false,
      })
    }
    const decision = routeRequest({ method: 'DELETE', url: '/eco/immo/offres', hasBody: false })
    expect(decision.kind === 'reject' && decision.error.headers.Allow).toBe('GET, HEAD, POST')
    expect(
      routeRequest({ method: 'POST', url: '/v0/eco/immo/offres/2019-09-00001', hasBody: true }).kind,
    ).toBe('reject')
  })
})

describe('routeRequest and undecodable paths', () => {
  const get = (url: string) => routeRequest({ method: 'GET', url, hasBody: false })

  it('refuses malformed percent-encoding with a problem on API paths', () => {
    for (const url of ['/v0/eco/sirets/%ZZ', '/eco/sirets/%E0%A4%A', '/datasets/%c0%af']) {
      const decision = get(url)
      expect(decision.kind, url).toBe('reject')
      if (decision.kind === 'reject') {
        expect(decision.error.status).toBe(400)
        expect(decision.page).toBe(false)
      }
    }
  })

  it('refuses them with a page elsewhere, and a NUL anywhere in the path', () => {
    for (const url of ['/files/..%c0%af..%c0%afetc', '/jeux-de-donnees/%E0%A4%A', '/carte/%00']) {
      const decision = get(url)
      expect(decision.kind, url).toBe('reject')
      if (decision.kind === 'reject') expect(decision.page).toBe(true)
    }
  })

  it('lets well-formed encodings and query strings through', () => {
    expect(get('/jeux-de-donnees/caf%C3%A9').kind).toBe('app')
    expect(get('/?_=123').kind).toBe('api')
    expect(get('/v0/eco/sirets?q=100%').kind).toBe('api')
  })
})

describe('routeRequest and write methods on pages', () => {
  const send = (method: string, url: string) => routeRequest({ method, url, hasBody: true })

  it('refuses them with a 405 page naming GET and HEAD (the app has no server actions)', () => {
    for (const [method, url] of [
      ['POST', '/offres'],
      ['POST', '/etablissements/12345678901234'],
      ['PUT', '/jeux-de-donnees'],
      ['DELETE', '/applications'],
      ['POST', '/connexion'],
    ] as const) {
      const decision = send(method, url)
      expect(decision.kind, `${method} ${url}`).toBe('reject')
      if (decision.kind === 'reject') {
        expect(decision.page).toBe(true)
        expect(decision.error.status).toBe(405)
        expect(decision.error.headers.Allow).toBe('GET, HEAD')
      }
    }
  })

  it('lets them reach the browser endpoints, next-auth and the authorization server', () => {
    for (const url of [
      '/bff/datasets',
      '/api/auth/signout',
      '/oauth/token',
      '/oauth/interaction/abc/login',
    ]) {
      expect(send('POST', url).kind, url).toBe('app')
    }
    // The discovery documents are read only: a write there is refused like one to a page.
    const discovery = send('POST', '/.well-known/openid-configuration')
    expect(discovery.kind).toBe('reject')
    if (discovery.kind === 'reject') expect(discovery.error.status).toBe(405)
    expect(send('DELETE', '/bff/applications/x').kind).toBe('app')
    expect(send('GET', '/applications').kind).toBe('app')
  })
})
