// Conditional requests: an entity tag derived from the version of the data and from what the
// request asked, so that If-None-Match answers 304 before any search runs.
import { createHash } from 'node:crypto'
import { query } from '../db/pool'

/** How long a process trusts the data version it read (seeds and imports change it). */
export const DATA_VERSION_TTL_MS = 1000

let cached: { version: string; readAt: number } | null = null

/**
 * A digest of the metadata every seed, import and reference reload rewrites (app_meta rows "data"
 * and "reference"): it changes whenever the establishments or the territory change.
 */
export async function dataVersion(now = Date.now()): Promise<string> {
  if (cached && now - cached.readAt < DATA_VERSION_TTL_MS) return cached.version
  const { rows } = await query<{ version: string | null }>(
    `SELECT md5(string_agg(key || '=' || value::text, '|' ORDER BY key)) AS version
       FROM app_meta WHERE key IN ('data', 'reference')`,
  )
  const version = rows[0]?.version ?? 'empty'
  cached = { version, readAt: now }
  return version
}

/** A strong entity tag of a representation: the data version and the request's parts. */
export function entityTag(version: string, parts: unknown): string {
  const digest = createHash('sha256')
    .update(version)
    .update('\0')
    .update(JSON.stringify(parts))
    .digest('base64url')
  return `"${digest.slice(0, 27)}"`
}

/** Whether If-None-Match (a list of tags, or *) matches `etag`; weak comparison (RFC 9110 §13.1.2). */
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
