// The establishment search as the API's read endpoints serve it (lib/http/list-response): a page of
// serialised establishments with the exact number of matches, the GeoJSON of the located results,
// and one establishment's record.
import { notFound } from '../http/api-error'
import type { ListRequest, ListSource } from '../http/list-response'
import { searchEstablishments, searchPoints, getEstablishment } from './search'
import type { SearchRequestInput } from './search-contract'
import { toCriteria } from './search-criteria'
import { groupByPoint, serialiseEstablishment, serialiseEstablishmentDetail } from './serialise'

type SearchRequest = ListRequest<SearchRequestInput>

export const establishmentListing: ListSource<SearchRequest> = {
  itemsKey: 'etablissements',
  datasetModel: 'siret',
  async page(request) {
    const result = await searchEstablishments(toCriteria(request.search), {
      page: request.page,
      size: request.size,
      ...(request.bbox ? { bbox: request.bbox } : {}),
    })
    return { total: result.total, items: result.etablissements.map(serialiseEstablishment) }
  },
  async geojson(request) {
    // At most MAX_FEATURES points (about 1.2 MB): one string is faster than a stream of features.
    const points = await searchPoints(toCriteria(request.search), request.bbox ? { bbox: request.bbox } : {})
    return JSON.stringify({ type: 'FeatureCollection', features: groupByPoint(points) })
  },
}

/** The record of GET /v0/eco/sirets/:id; 404 for an unknown SIRET. */
export async function establishmentRecord(siret: string): Promise<unknown> {
  const establishment = await getEstablishment(siret)
  if (!establishment) throw notFound(`Aucun établissement avec le SIRET ${siret}.`)
  return serialiseEstablishmentDetail(establishment)
}
