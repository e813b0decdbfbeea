// GET /bff/applications/:id: one client application (admin). PATCH: change its name, scopes or redirect URIs.
import {
  applicationActionContract,
  applicationResponse,
  getClientApplicationOrThrow,
  updateApplicationContract,
  updateClientApplication,
} from '@/lib/applications/admin'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(applicationActionContract, async ({ params }) =>
  applicationResponse(await getClientApplicationOrThrow(params.id)),
)

export const PATCH = bffRoute(updateApplicationContract, async ({ params, body }) =>
  applicationResponse(await updateClientApplication(params.id, body)),
)
