import { describe, expect, it } from 'vitest'
import { uuidV5, zoneId } from './zone-id'

describe('uuidV5', () => {
  it('matches the RFC 9562 test vector', () => {
    // DNS namespace, "www.example.com"
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    )
  })
})

describe('zoneId', () => {
  it('is stable and distinct per kind and code', () => {
    expect(zoneId('departement', '35')).toBe(zoneId('departement', '35'))
    expect(zoneId('departement', '35')).not.toBe(zoneId('region', '35'))
    expect(zoneId('epci', '243500139')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })
})
