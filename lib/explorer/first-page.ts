// The explorer's first page of results, read on the server while the page is rendered: the page is
// sent with its results (they are its largest content, shown without waiting for the browser's
// code and a second request), then the browser takes over with the same query. Exactly the body of
// GET /bff/etablissements for the same address: its query string parsed by the same schema and
// answered by the same listing. Null when the address asks for what the API would refuse (the
// browser then asks, and shows the refusal next to the fields).
import { establishmentListing } from '../establishments/search-listing'
import { searchRequestSchema } from '../establishments/search-contract'
import { resolveListRequest } from '../http/list-request'
import { queryToObject } from '../http/query'
import { bffSearchQuery, parseExplorerState, RESULT_CAP } from './search-state'

export interface FirstPage {
  /** The BFF query string the page is for (the browser's cache key). */
  query: string
  data: { total: number; page: number; etablissements: unknown[] }
}

export async function explorerFirstPage(params: URLSearchParams): Promise<FirstPage | null> {
  const state = parseExplorerState(params)
  if (state.page * state.size > RESULT_CAP) return null
  const query = bffSearchQuery(state, { page: state.page, size: state.size })
  const parsed = searchRequestSchema.safeParse(queryToObject(new URLSearchParams(query)))
  if (!parsed.success) return null
  const list = resolveListRequest({ query: parsed.data, format: 'json', datasetModel: 'siret' })
  const result = await establishmentListing.page(list)
  return { query, data: { total: result.total, page: list.page, etablissements: result.items } }
}
