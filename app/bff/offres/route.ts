// GET /bff/offres: the workshop's list of offers (staff). POST: staff create an offer (pending validation).
import { bffRoute } from '@/lib/http/bff-route'
import { jsonResponse } from '@/lib/http/respond'
import {
  createOfferByStaff,
  workshopCreateContract,
  workshopList,
  workshopListContract,
} from '@/lib/offers/workshop'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(workshopListContract, ({ query }) => workshopList(query))

export const POST = bffRoute(workshopCreateContract, async ({ user, body }) =>
  jsonResponse(await createOfferByStaff(user, body), {
    status: 201,
    headers: { 'Cache-Control': 'no-store' },
  }),
)
