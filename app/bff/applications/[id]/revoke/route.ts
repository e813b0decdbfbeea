// POST /bff/applications/:id/revoke: revokes the application; its tokens stop working within seconds (admin).
import { applicationActionContract, applicationResponse } from '@/lib/auth/client-admin'
import { revokeClientApplication } from '@/lib/auth/clients'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const POST = bffRoute(applicationActionContract, async ({ params }) =>
  applicationResponse(await revokeClientApplication(params.id)),
)
