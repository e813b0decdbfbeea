// GET /carte/maplibre-gl-worker.mjs: MapLibre's web worker, served from the installed package.
// maplibre-gl 6 looks for its worker next to its own module (import.meta.url), which Next's bundler
// moves; the map components point MapLibre here instead (`workerUrl`, DESIGN §8), so the worker is
// always the one of the installed version and nothing is copied into public/.
import fs from 'node:fs/promises'
import path from 'node:path'

export const dynamic = 'force-static'

const WORKER = path.join(process.cwd(), 'node_modules', 'maplibre-gl', 'dist', 'maplibre-gl-worker.mjs')

let source: Promise<string> | undefined

export async function GET(): Promise<Response> {
  source ??= fs.readFile(WORKER, 'utf8')
  return new Response(await source, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      // The address carries the MapLibre version (?v=), so a new version is a new address.
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  })
}
