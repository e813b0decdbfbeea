// Stable zone identifiers: UUID version 5 (RFC 9562 §5.5) of "<kind>:<code>" in a namespace of our
// own, so ids survive re-seeding and are the same on every installation.
import { createHash } from 'node:crypto'

export type ZoneType = 'epci' | 'departement' | 'region'
export const ZONE_TYPES: readonly ZoneType[] = ['epci', 'departement', 'region']

/** Namespace of zone ids (itself the UUID v5 of "territorial-data-api:zones" in the URL namespace). */
const ZONE_NAMESPACE = 'c3cd919a-e72e-59b5-8d89-8eb984262b7b'

function uuidBytes(uuid: string): Buffer {
  const hex = uuid.replace(/-/g, '')
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`Not a UUID: ${uuid}`)
  return Buffer.from(hex, 'hex')
}

export function uuidV5(name: string, namespace: string): string {
  const hash = createHash('sha1').update(uuidBytes(namespace)).update(name, 'utf8').digest()
  const bytes = hash.subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x50
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export function zoneId(type: ZoneType, code: string): string {
  return uuidV5(`${type}:${code}`, ZONE_NAMESPACE)
}

/** The address of a zone's outline (GET /v0/zones/:id). */
export const zoneUrl = (id: string) => `/v0/zones/${id}`
