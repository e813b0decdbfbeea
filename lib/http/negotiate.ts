// Content negotiation on the Accept header (RFC 9110 §12.5.1) among the formats a route offers.
import { notAcceptable } from './api-error'

export const MEDIA_TYPES = {
  json: 'application/json',
  geojson: 'application/geo+json',
  csv: 'text/csv',
  html: 'text/html',
} as const

export type Format = keyof typeof MEDIA_TYPES

/** Path extensions that stand for an Accept header, for clients that cannot set headers. */
export const EXTENSION_FORMATS: Record<string, Format> = {
  '.json': 'json',
  '.geojson': 'geojson',
  '.csv': 'csv',
}

interface AcceptRange {
  type: string
  subtype: string
  q: number
  order: number
}

export function parseAccept(header: string): AcceptRange[] {
  const ranges: AcceptRange[] = []
  header.split(',').forEach((part, order) => {
    const [range = '', ...params] = part.trim().split(';')
    const [type, subtype] = range.trim().toLowerCase().split('/')
    if (!type || !subtype) return
    let q = 1
    for (const param of params) {
      const [key, value] = param.trim().split('=')
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value)
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0
      }
    }
    ranges.push({ type, subtype, q, order })
  })
  return ranges
}

/**
 * The spec's rule (§7): a request whose only Accept range is the full wildcard gets 406. Clients
 * must say what they want; "application/json", a list ending in ", *\/*;q=0.8" and no header at all
 * are fine.
 */
export function isBareWildcard(header: string | null | undefined): boolean {
  if (header === null || header === undefined) return false
  const ranges = parseAccept(header)
  return ranges.length > 0 && ranges.every((r) => r.type === '*' && r.subtype === '*')
}

function specificity(range: AcceptRange): number {
  if (range.type === '*') return 0
  if (range.subtype === '*') return 1
  return 2
}

function matches(range: AcceptRange, mediaType: string): boolean {
  const [type, subtype] = mediaType.split('/')
  return (range.type === '*' || range.type === type) && (range.subtype === '*' || range.subtype === subtype)
}

/** Picks the best offered format, the first offered one winning ties; throws 406 when none fits. */
export function negotiate(header: string | null | undefined, offered: readonly Format[]): Format {
  const first = offered[0]
  if (!first) throw new Error('a route must offer at least one format')
  const offeredTypes = offered.map((f) => MEDIA_TYPES[f])
  if (header === null || header === undefined || header.trim() === '') return first
  if (isBareWildcard(header)) {
    throw notAcceptable(
      offeredTypes,
      `L'en-tête « Accept: */* » ne désigne aucun format : précisez-en un parmi ${offeredTypes.join(', ')}.`,
    )
  }
  const ranges = parseAccept(header)
  let best: { format: Format; q: number; specificity: number; index: number } | undefined
  offered.forEach((format, index) => {
    // The most specific range matching a media type decides its quality (RFC 9110).
    let chosen: AcceptRange | undefined
    for (const range of ranges) {
      if (!matches(range, MEDIA_TYPES[format])) continue
      if (!chosen || specificity(range) > specificity(chosen)) chosen = range
    }
    if (!chosen || chosen.q === 0) return
    const candidate = { format, q: chosen.q, specificity: specificity(chosen), index }
    if (
      !best ||
      candidate.q > best.q ||
      (candidate.q === best.q && candidate.specificity > best.specificity)
    ) {
      best = candidate
    }
  })
  if (!best) throw notAcceptable(offeredTypes)
  return best.format
}
