// Any other path under /bff, whatever the method: 404 as a problem body. Without it such a request
// would reach the app's not-found page, where a form POST is taken for a server action (an error
// logged per request).
import { notFound } from '@/lib/http/api-error'
import { problemResponse } from '@/lib/http/render-problem'

export const dynamic = 'force-dynamic'

function unknownBffPath(request: Request): Response {
  const { pathname } = new URL(request.url)
  return problemResponse(notFound(`Aucune ressource à l’adresse ${pathname}.`), pathname)
}

export const GET = unknownBffPath
export const HEAD = unknownBffPath
export const POST = unknownBffPath
export const PUT = unknownBffPath
export const PATCH = unknownBffPath
export const DELETE = unknownBffPath
