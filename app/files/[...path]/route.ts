// GET /files/<name>?expires=…&signature=…: downloads from the local file store (signed, expiring).
import { env } from '@/lib/env'
import { fileStore } from '@/lib/files'
import { serveLocalFile } from '@/lib/files/serve-local-file'
import { filesSigningSecret } from '@/lib/files/signing'

export const dynamic = 'force-dynamic'

export async function GET(request: Request, context: RouteContext<'/files/[...path]'>) {
  const { path } = await context.params
  return serveLocalFile(request, path, fileStore(), filesSigningSecret(env()))
}
export const HEAD = GET
