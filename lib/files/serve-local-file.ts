// Downloads from the local driver (GET/HEAD /files/<name>?expires=…&signature=…): a name that is not
// one plain file name is 404 (no path traversal), a missing or altered signature 403, an expired
// address 410, and a file no longer kept 404. The file streams with its Content-Type and a
// Content-Disposition naming it (the signed `filename` of the address, e.g. a dataset's title, else
// the file's own name).
import fs from 'node:fs'
import { Readable } from 'node:stream'
import { forbidden, gone, notFound } from '../http/api-error'
import { problemResponse } from '../http/render-problem'
import { fileHeaders, isSafeFileName, type FileStore } from './file-store'
import type { LocalFileStore } from './local-store'

/**
 * Whether the store is the local driver. Not `instanceof`: the store may have been created by another
 * bundle of this module (server.ts and the route handlers share it through globalThis).
 */
function isLocalStore(store: FileStore): store is LocalFileStore {
  return store.driver === 'local' && typeof (store as Partial<LocalFileStore>).checkAddress === 'function'
}

export async function serveLocalFile(
  request: Request,
  segments: readonly string[],
  store: FileStore,
): Promise<Response> {
  const url = new URL(request.url)
  try {
    const name = segments.length === 1 ? segments[0]! : ''
    if (!isLocalStore(store) || !isSafeFileName(name)) {
      throw notFound('Aucun fichier à cette adresse.')
    }
    const downloadName = url.searchParams.get('filename')
    const check = store.checkAddress(
      name,
      url.searchParams.get('expires'),
      url.searchParams.get('signature'),
      downloadName,
    )
    if (check === 'invalid') {
      throw forbidden('Adresse de téléchargement invalide : signature absente ou altérée.')
    }
    if (check === 'expired') {
      throw gone('Cette adresse de téléchargement a expiré ; demandez-en une nouvelle au service.')
    }
    // Opened before anything else is read, so a file deleted meanwhile still streams whole.
    const handle = await fs.promises.open(store.pathOf(name)!, 'r').catch(() => null)
    const stat = await handle?.stat()
    if (!handle || !stat?.isFile()) {
      await handle?.close()
      throw notFound('Ce fichier n’est plus disponible ; demandez une nouvelle adresse.')
    }
    const headers = fileHeaders(name, downloadName ?? undefined)
    const remaining = Number(url.searchParams.get('expires')) - Math.floor(Date.now() / 1000)
    const responseHeaders = {
      'Content-Type': headers.contentType,
      'Content-Disposition': headers.contentDisposition,
      'Content-Length': String(stat.size),
      'Cache-Control': `private, max-age=${Math.max(0, remaining)}`,
      'Last-Modified': stat.mtime.toUTCString(),
    }
    if (request.method === 'HEAD') {
      await handle.close()
      return new Response(null, { status: 200, headers: responseHeaders })
    }
    const stream = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>
    return new Response(stream, { status: 200, headers: responseHeaders })
  } catch (error) {
    return problemResponse(error, url.pathname)
  }
}
