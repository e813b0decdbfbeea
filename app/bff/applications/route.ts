// GET /bff/applications: client applications (admin). POST: create one; the secret is shown once.
import {
  applicationResponse,
  createApplicationContract,
  listApplicationsContract,
} from '@/lib/applications/admin'
import {
  createClientApplication,
  listClientApplications,
  serialiseClientApplication,
} from '@/lib/auth/clients'
import { bffRoute } from '@/lib/http/bff-route'
import { jsonResponse } from '@/lib/http/respond'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(listApplicationsContract, async () => ({
  applications: (await listClientApplications()).map(serialiseClientApplication),
}))

export const POST = bffRoute(createApplicationContract, async ({ body }) => {
  const { application, clientSecret } = await createClientApplication(body)
  return jsonResponse(applicationResponse(application, clientSecret), {
    status: 201,
    headers: { 'Cache-Control': 'no-store' },
  })
})
