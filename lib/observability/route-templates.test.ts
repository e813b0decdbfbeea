import { describe, expect, it } from 'vitest'
import { appRouteTemplates, routeMatcher, templateOfFile } from './route-templates'

describe('templateOfFile', () => {
  it('turns route and page files into templates', () => {
    expect(templateOfFile('app/v0/eco/sirets/[id]/route.ts')).toBe('/v0/eco/sirets/:id')
    expect(templateOfFile('v0/[...path]/route.ts')).toBe('/v0/*path')
    expect(templateOfFile('app/page.tsx')).toBe('/')
    expect(templateOfFile('app/(staff)/offres/page.tsx')).toBe('/offres')
    expect(templateOfFile('app/files/[[...path]]/route.ts')).toBe('/files/*path')
    expect(templateOfFile('app/layout.tsx')).toBeNull()
    expect(templateOfFile('app/v0/tf/helpers.ts')).toBeNull()
  })
})

describe('routeMatcher', () => {
  const match = routeMatcher([
    '/v0/eco/sirets/:id',
    '/v0/eco/sirets/clusters',
    '/v0/*path',
    '/v0/eco/immo/offres/:id',
    '/v0/eco/immo/offres/statuts',
    '/oauth/*',
    '/',
  ])

  it('prefers static segments, then parameters, then catch-alls', () => {
    expect(match('/v0/eco/sirets/clusters')).toBe('/v0/eco/sirets/clusters')
    expect(match('/v0/eco/sirets/12345678901234')).toBe('/v0/eco/sirets/:id')
    expect(match('/v0/eco/immo/offres/statuts')).toBe('/v0/eco/immo/offres/statuts')
    expect(match('/v0/eco/immo/offres/OF-2026-01-00001')).toBe('/v0/eco/immo/offres/:id')
    expect(match('/v0/nothing/here')).toBe('/v0/*path')
  })

  it('ignores the query string and matches the root and prefixes', () => {
    expect(match('/?x=1')).toBe('/')
    expect(match('/oauth/token')).toBe('/oauth/*')
    expect(match('/oauth')).toBe('unmatched')
    expect(match('/elsewhere')).toBe('unmatched')
  })

  it('gives every route of the app a template of its own', () => {
    const templates = appRouteTemplates()
    const m = routeMatcher(templates)
    expect(templates).toContain('/v0/eco/sirets/:id')
    expect(m('/v0/eco/sirets/35600000000048')).toBe('/v0/eco/sirets/:id')
    expect(m('/carte/communes/8/130/90')).toBe('/carte/communes/:z/:x/:y')
    expect(m('/health/ready')).toBe('/health/ready')
  })
})
