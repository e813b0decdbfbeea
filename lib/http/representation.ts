// A resource whose representations are known only once it is loaded (a dataset: its model decides
// its formats and its scope). The domain describes each representation as a Reply; this renders
// the one the request negotiates: JSON, a streamed text of another format, or a redirect to a file.
// Every representation varies by Accept; those carrying an expiring address are never stored.
import { negotiate, MEDIA_TYPES, type Format } from './negotiate'
import { jsonResponse } from './respond'
import { textStream } from './stream'

export type Reply =
  /** A JSON value; `expiring` when it carries an address that expires (never stored by caches). */
  | { kind: 'json'; body: unknown; expiring?: boolean }
  /** A text of the format, produced piece by piece as the client reads. */
  | { kind: 'stream'; chunks: AsyncIterable<string> }
  /** The representation is a file at this (expiring) address: 302. */
  | { kind: 'file'; location: string }

export interface Representations {
  /** The formats this resource offers, its default first. */
  formats: readonly Format[]
  reply(format: Format): Promise<Reply>
}

const VARY = 'Accept'
const NO_STORE = 'no-store'

/** 406 naming the resource's formats when none is acceptable; otherwise the negotiated reply. */
export async function representationResponse(
  accept: string | null,
  resource: Representations,
): Promise<Response> {
  const format = negotiate(accept, resource.formats)
  const reply = await resource.reply(format)
  switch (reply.kind) {
    case 'json':
      return jsonResponse(reply.body, {
        headers: { Vary: VARY, ...(reply.expiring ? { 'Cache-Control': NO_STORE } : {}) },
      })
    case 'stream':
      return new Response(textStream(reply.chunks), {
        headers: { 'Content-Type': MEDIA_TYPES[format], Vary: VARY },
      })
    case 'file':
      return new Response(null, {
        status: 302,
        headers: { Location: reply.location, 'Cache-Control': NO_STORE, Vary: VARY },
      })
  }
}
