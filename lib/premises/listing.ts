// GET /ca/locaux: pages of local premises matching a search (the criteria of the `local` dataset
// model), in the order of their ids, with the exact total.
import { searchPage } from '../db/page-statement'
import type { ListRequest, ListSource } from '../http/list-response'
import { PREMISES_SELECT, rowToPremises, type PremisesRow } from './read-model'
import { toPremisesCriteria, type PremisesSearch } from './search-criteria'
import { premisesFilter } from './search-filter'
import { serialisePremises } from './serialise'

type PremisesListRequest = ListRequest<{ search?: PremisesSearch | undefined }>

export const premisesListing: ListSource<PremisesListRequest> = {
  itemsKey: 'locaux',
  datasetModel: 'local',
  async page(request) {
    const { total, rows } = await searchPage<PremisesRow>({
      select: PREMISES_SELECT,
      from: 'local l',
      orderBy: 'l.id',
      where: (params) => premisesFilter(toPremisesCriteria(request.search), params),
      page: request.page,
      size: request.size,
    })
    return { total, items: rows.map((row) => serialisePremises(rowToPremises(row))) }
  },
}
