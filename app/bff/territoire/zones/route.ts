// GET /bff/territoire/zones?q=…&limit=…: autocomplete of the explorer's zone picker (signed-in staff).
import { bffRoute } from '@/lib/http/bff-route'
import { zoneLookupContract, zoneLookupHandler } from '@/lib/territory/bff'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(zoneLookupContract, ({ query }) => zoneLookupHandler(query))
