// GET /bff/etablissements/export?search[…]=…&encodage=utf-8|iso-8859-15: the explorer's search as a
// CSV file (any signed-in staff member, 10,000 results at most), saved under the search's name.
import { searchExportBffContract, searchExportResponse } from '@/lib/datasets/search-export'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(searchExportBffContract, ({ query }) => searchExportResponse(query))
