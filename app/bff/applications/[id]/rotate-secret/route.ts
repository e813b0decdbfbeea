// POST /bff/applications/:id/rotate-secret: a new secret for the application, shown once (admin).
import { applicationActionContract, applicationResponse, rotateClientSecret } from '@/lib/applications/admin'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const POST = bffRoute(applicationActionContract, async ({ params }) => {
  const { application, clientSecret } = await rotateClientSecret(params.id)
  return applicationResponse(application, clientSecret)
})
