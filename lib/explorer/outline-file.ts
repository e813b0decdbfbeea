// The department and region outlines of public/geo as responses of the map's own addresses
// (/carte/*.geojson): /geo/… is an API root (lib/http/edge), so the static files cannot be
// fetched at their public/ address.
import fs from 'node:fs/promises'
import path from 'node:path'

export type OutlineLevel = 'departements' | 'regions'

const cache = new Map<OutlineLevel, Promise<string>>()

export async function outlineResponse(level: OutlineLevel): Promise<Response> {
  let text = cache.get(level)
  if (!text) {
    text = fs.readFile(path.join(process.cwd(), 'public', 'geo', `${level}.geojson`), 'utf8')
    cache.set(level, text)
  }
  return new Response(await text, {
    headers: {
      'Content-Type': 'application/geo+json',
      'Cache-Control': 'public, max-age=86400',
    },
  })
}
