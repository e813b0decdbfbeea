// POST /bff/offres/:reference/publish: publishes the offer (admin); recorded in its history.
import { bffRoute } from '@/lib/http/bff-route'
import { changeStatusByStaff, workshopTransitionContract } from '@/lib/offers/workshop'

export const dynamic = 'force-dynamic'

export const POST = bffRoute(workshopTransitionContract, ({ user, params }) =>
  changeStatusByStaff(user, params.reference, 'publish'),
)
