// The establishment search as the API's read endpoints serve it (lib/http/list-response): a page of
// serialised establishments with the exact number of matches, the GeoJSON of the located results,
// the clusters of a map view, and one establishment's record.
import { dataVersion } from '../data-info/data-info'
import { badRequest, notFound } from '../http/api-error'
import { conditionalResponse, type ListRequest, type ListSource } from '../http/list-response'
import { resolveListRequest } from '../http/list-request'
import type { Format } from '../http/negotiate'
import type { BBox } from '../territory/geometry'
import {
  searchClusters,
  searchEstablishmentRows,
  searchPoints,
  getEstablishment,
  type ClusterRow,
} from './search'
import type { ClustersRequestInput, SearchRequestInput } from './search-contract'
import { toCriteria } from './search-criteria'
import {
  establishmentUrl,
  featureCollectionJson,
  serialiseEstablishmentDetail,
  serialiseEstablishmentRow,
} from './serialise'

type SearchRequest = ListRequest<SearchRequestInput>

export const establishmentListing: ListSource<SearchRequest, Uint8Array> = {
  itemsKey: 'etablissements',
  datasetModel: 'siret',
  async page(request) {
    const result = await searchEstablishmentRows(toCriteria(request.search), {
      page: request.page,
      size: request.size,
      ...(request.bbox ? { bbox: request.bbox } : {}),
    })
    return { total: result.total, items: result.rows.map(serialiseEstablishmentRow) }
  },
  async geojson(request) {
    // At most MAX_FEATURES points (about 1.2 MB), ordered by position: their bytes, written in one walk.
    const points = await searchPoints(toCriteria(request.search), request.bbox ? { bbox: request.bbox } : {})
    return featureCollectionJson(points)
  },
}

/** The record of GET /v0/eco/sirets/:id; 404 for an unknown SIRET. */
export async function establishmentRecord(siret: string): Promise<unknown> {
  const establishment = await getEstablishment(siret)
  if (!establishment) throw notFound(`Aucun établissement avec le SIRET ${siret}.`)
  return serialiseEstablishmentDetail(establishment)
}

/**
 * GET /v0/eco/sirets/clusters: the parameters of the query string and the body merged (a parameter
 * from one of them), bbox and zoom required, then the clustered view under an entity tag.
 */
export async function clustersResponse(input: {
  request: Request
  format: Format
  query: ClustersRequestInput | undefined
  body: ClustersRequestInput | undefined
}): Promise<Response> {
  type Input = ClustersRequestInput & { page?: number | undefined; size?: number | undefined }
  const {
    page: _page,
    size: _size,
    paginated: _paginated,
    ...merged
  } = resolveListRequest<Input>({
    query: input.query,
    body: input.body,
    format: 'geojson',
  })
  const missing = (['bbox', 'zoom'] as const).filter((key) => merged[key] === undefined)
  if (missing.length > 0) {
    throw badRequest(
      'bbox (emprise ouest,sud,est,nord) et zoom (0 à 22) sont obligatoires.',
      missing.map((key) => ({
        location: 'query' as const,
        path: key,
        message: `${key} est obligatoire.`,
        code: 'invalid_type',
      })),
    )
  }
  const { bbox, zoom } = merged as { bbox: BBox; zoom: number }
  const parts = { clusters: true, format: input.format, search: merged.search, bbox, zoom }
  return conditionalResponse(input.request, { version: await dataVersion(), parts }, async () => {
    const rows = await searchClusters(toCriteria(merged.search), { bbox, zoom })
    return { body: clusterCollection(rows), format: input.format }
  })
}

const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6
// A group's extent rounded outwards, so that a search within it finds all of its establishments.
const floor6 = (degrees: number) => Math.floor(degrees * 1e6) / 1e6
const ceil6 = (degrees: number) => Math.ceil(degrees * 1e6) / 1e6

/** The FeatureCollection of clusters (see clusterCollectionSchema). */
export function clusterCollection(rows: readonly ClusterRow[]) {
  let total = 0
  const features = rows.map((row) => {
    total += row.count
    return {
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [round(row.lon), round(row.lat)] as [number, number] },
      properties:
        row.count === 1
          ? { count: 1 as const, id: row.siret, url: establishmentUrl(row.siret) }
          : {
              count: row.count,
              bbox: [floor6(row.west), floor6(row.south), ceil6(row.east), ceil6(row.north)],
            },
    }
  })
  return { type: 'FeatureCollection' as const, total, features }
}
