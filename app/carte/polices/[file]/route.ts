// GET /carte/polices/:file: the font files the map draws its text with (the style's `font-faces`),
// served from the installed @fontsource/noto-sans package: no font or glyph server is needed.
import fs from 'node:fs/promises'
import path from 'node:path'
import { MAP_FONT_NAMES } from '@/lib/explorer/map-style'
import { notFound } from '@/lib/http/api-error'
import { problemResponse } from '@/lib/http/render-problem'

export const dynamic = 'force-dynamic'

const FILES = path.join(process.cwd(), 'node_modules', '@fontsource', 'noto-sans', 'files')
const cache = new Map<string, Promise<Buffer>>()

export async function GET(
  request: Request,
  { params }: { params: Promise<{ file: string }> },
): Promise<Response> {
  const { file } = await params
  if (!MAP_FONT_NAMES.includes(file)) {
    return problemResponse(notFound(`Aucune police ${file}.`), new URL(request.url).pathname)
  }
  let data = cache.get(file)
  if (!data) {
    data = fs.readFile(path.join(FILES, file))
    cache.set(file, data)
  }
  return new Response(new Uint8Array(await data), {
    headers: {
      'Content-Type': 'font/woff2',
      // The package is pinned: a file name always holds the same font.
      'Cache-Control': 'public, max-age=604800',
    },
  })
}
