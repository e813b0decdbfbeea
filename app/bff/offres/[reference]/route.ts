// GET /bff/offres/:reference: an offer, its creator and history (staff). PATCH: edit it before publication (admin).
import { bffRoute } from '@/lib/http/bff-route'
import {
  editOfferByStaff,
  workshopEditContract,
  workshopOfferContract,
  workshopOfferDetail,
} from '@/lib/offers/workshop'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(workshopOfferContract, ({ params }) => workshopOfferDetail(params.reference))

export const PATCH = bffRoute(workshopEditContract, ({ user, params, body }) =>
  editOfferByStaff(user, params.reference, body),
)
