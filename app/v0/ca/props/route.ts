// GET /v0/ca/props (and /ca/props): search of owner accounts (comptes communaux), JSON pages.
import { accountListing } from '@/lib/cadastre/accounts'
import { accountListContract } from '@/lib/cadastre/contracts'
import { apiRoute } from '@/lib/http/api-route'
import { listResponse } from '@/lib/http/list-response'

export const dynamic = 'force-dynamic'

export const GET = apiRoute(accountListContract, (context) => listResponse(accountListing, context))
export const HEAD = GET
