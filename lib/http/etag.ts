// Conditional requests: an entity tag derived from the version of the data and from what the
// request asked, so that If-None-Match answers 304 before any search runs.
import { createHash } from 'node:crypto'
/** A strong entity tag of a representation: the data version and the request's parts. */
export function entityTag(version: string, parts: unknown): string {
  const digest = createHash('sha256')
    .update(version)
    .update('\0')
    .update(JSON.stringify(parts))
    .digest('base64url')
  return `"${digest.slice(0, 27)}"`
}

/**
 * Whether If-None-Match (a list of tags, or *) matches `etag`, a current representation's tag; weak
 * comparison (RFC 9110 §13.1.2). `*` matches only when there is a current representation: callers
 * check that first (lib/http/list-response.ts).
 */
export function ifNoneMatchMatches(header: string | null, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => opaque(tag) === opaque(etag))
}

/** 304 Not Modified carrying the tag and the caching headers of the 200 it stands for. */
export function notModified(etag: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 304, headers: { ETag: etag, ...headers } })
}
