// GET / and GET /v0: service status (server.ts sends "/" here unless a browser asks for HTML).
import { apiRoute } from '@/lib/http/api-route'
import { statusContract } from '@/lib/status/contract'
import { getStatus } from '@/lib/status/get-status'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(statusContract, () => getStatus())
export const HEAD = GET
