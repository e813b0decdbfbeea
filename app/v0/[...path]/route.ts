// Any other path under /v0 (and the unprefixed API roots): 404 as a problem body.
import { notFound } from '@/lib/http/api-error'
import { apiRoute } from '@/lib/http/api-route'
import { notFoundContract } from '@/lib/http/not-found-contract'

export const GET = apiRoute(notFoundContract, async ({ url }) => {
  throw notFound(`Aucune ressource à l’adresse ${url.pathname}. La description de l’API est à /openapi.json.`)
})
export const HEAD = GET
