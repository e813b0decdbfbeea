// GET /v0/eco/immo/offres/tags: the tags of published offers with their counts.
import { apiRoute } from '@/lib/http/api-route'
import { tagsResponse } from '@/lib/offers/api'
import { offerTagsContract } from '@/lib/offers/contract'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(offerTagsContract, ({ request }) => tagsResponse(request))
export const HEAD = GET
