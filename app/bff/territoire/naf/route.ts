// GET /bff/territoire/naf?q=…&limit=…: autocomplete of the explorer's naf picker (signed-in staff).
import { bffRoute } from '@/lib/http/bff-route'
import { nafLookupContract, nafLookupHandler } from '@/lib/territory/bff'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(nafLookupContract, ({ query }) => nafLookupHandler(query))
