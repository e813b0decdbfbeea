// GET /files/<name>?expires=…&signature=…: downloads from the local file store (signed, expiring).
import { fileStore } from '@/lib/files'
import { serveLocalFile } from '@/lib/files/serve-local-file'

export const dynamic = 'force-dynamic'

export async function GET(request: Request, context: RouteContext<'/files/[...path]'>) {
  const { path } = await context.params
  return serveLocalFile(request, path, fileStore())
}
export const HEAD = GET
