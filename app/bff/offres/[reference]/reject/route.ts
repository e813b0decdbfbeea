// POST /bff/offres/:reference/reject {reason}: refuses the offer (admin); the reason goes to its application.
import { bffRoute } from '@/lib/http/bff-route'
import { changeStatusByStaff, workshopRejectContract } from '@/lib/offers/workshop'

export const dynamic = 'force-dynamic'

export const POST = bffRoute(workshopRejectContract, ({ user, params, body }) =>
  changeStatusByStaff(user, params.reference, 'reject', body.reason),
)
