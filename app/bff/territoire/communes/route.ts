// GET /bff/territoire/communes?q=…&limit=…: autocomplete of the explorer's commune picker (signed-in staff).
import { bffRoute } from '@/lib/http/bff-route'
import { communeLookupContract, communeLookupHandler } from '@/lib/territory/bff'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(communeLookupContract, ({ query }) => communeLookupHandler(query))
