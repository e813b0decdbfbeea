// POST /bff/applications/:id/revoke: revokes the application; its tokens stop working within seconds (admin).
import {
  applicationActionContract,
  applicationResponse,
  revokeClientApplication,
} from '@/lib/applications/admin'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const POST = bffRoute(applicationActionContract, async ({ params }) =>
  applicationResponse(await revokeClientApplication(params.id)),
)
