// GET /v0/eco/sirets and GET /v0/eco/sirets/:id as HTTP responses: parameters from the body or the
// query string, ETag / If-None-Match (304) before any search runs, a JSON page with its RFC 8288
// Link header, or the GeoJSON of the located results (one string: 10,000 points at most).
import { notFound } from '../http/api-error'
import { dataVersion, entityTag, ifNoneMatchMatches, notModified } from '../http/etag'
import { MEDIA_TYPES, type Format } from '../http/negotiate'
import { jsonResponse } from '../http/respond'
import { getEstablishment, lastReachablePage, searchEstablishments, searchPoints } from './search'
import { resolveSearchRequest, type ResolvedSearch, type SearchRequestInput } from './search-contract'
import {
  groupByPoint,
  serialiseEstablishment,
  serialiseEstablishmentDetail,
  type PointRef,
} from './serialise'

const CACHING = { Vary: 'Accept', 'Cache-Control': 'private, no-cache' }

/** The address of another page of the same search, in the query-string form. */
export function pageUrl(path: string, search: ResolvedSearch, page: number): string {
  const params = new URLSearchParams()
  if (search.search !== undefined) params.set('search', JSON.stringify(search.search))
  if (search.bbox) params.set('bbox', search.bbox.join(','))
  params.set('page', String(page))
  params.set('size', String(search.size))
  return `${path}?${params.toString()}`
}

/** RFC 8288 Link header: first, prev, next and last among the pages a client may reach. */
export function paginationLinks(path: string, search: ResolvedSearch, total: number): string {
  const last = lastReachablePage(total, search.size)
  const links: Array<[string, number]> = [['first', 1]]
  if (search.page > 1) links.push(['prev', Math.min(search.page - 1, last)])
  if (search.page < last) links.push(['next', search.page + 1])
  links.push(['last', last])
  return links.map(([rel, page]) => `<${pageUrl(path, search, page)}>; rel="${rel}"`).join(', ')
}

export interface SearchHttpRequest {
  request: Request
  url: URL
  format: Format
  query: SearchRequestInput | undefined
  body: SearchRequestInput | undefined
}

export async function searchResponse(input: SearchHttpRequest): Promise<Response> {
  const search = resolveSearchRequest({ query: input.query, body: input.body, format: input.format })
  const etag = entityTag(await dataVersion(), {
    format: input.format,
    criteria: search.criteria,
    bbox: search.bbox ?? null,
    ...(input.format === 'json' ? { page: search.page, size: search.size } : {}),
  })
  const headers = { ...CACHING, ETag: etag }
  if (ifNoneMatchMatches(input.request.headers.get('if-none-match'), etag)) return notModified(etag, headers)

  if (input.format === 'geojson') {
    // At most MAX_POINTS points (about 1.2 MB): one string is faster than a stream of features.
    const points: PointRef[] = []
    for await (const point of searchPoints(search.criteria, search.bbox ? { bbox: search.bbox } : {}))
      points.push(point)
    return new Response(JSON.stringify({ type: 'FeatureCollection', features: groupByPoint(points) }), {
      headers: { ...headers, 'Content-Type': MEDIA_TYPES.geojson },
    })
  }
  const result = await searchEstablishments(search.criteria, {
    page: search.page,
    size: search.size,
    ...(search.bbox ? { bbox: search.bbox } : {}),
  })
  return jsonResponse(
    {
      total: result.total,
      page: result.page,
      etablissements: result.etablissements.map(serialiseEstablishment),
    },
    { headers: { ...headers, Link: paginationLinks(input.url.pathname, search, result.total) } },
  )
}

export async function establishmentResponse(input: { request: Request; siret: string }): Promise<Response> {
  const etag = entityTag(await dataVersion(), { establishment: input.siret })
  const headers = { ...CACHING, ETag: etag }
  if (ifNoneMatchMatches(input.request.headers.get('if-none-match'), etag)) return notModified(etag, headers)
  const establishment = await getEstablishment(input.siret)
  if (!establishment) throw notFound(`Aucun établissement avec le SIRET ${input.siret}.`)
  return jsonResponse(serialiseEstablishmentDetail(establishment), { headers })
}
