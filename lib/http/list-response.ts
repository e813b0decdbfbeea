// The HTTP side of every read endpoint: an entity tag over the data version and what the request
// asked, so that If-None-Match answers 304 before any query runs; search endpoints' JSON pages with
// their RFC 8288 Link header, or their GeoJSON (never paginated). Domain modules only say how to
// produce a page, a FeatureCollection or a record.
import { dataVersion } from '../data-info/data-info'
import { entityTag, ifNoneMatchMatches, notModified } from './etag'
import { lastReachablePage } from './list-limits'
import { resolveListRequest, type ListRequest } from './list-request'

export type { ListRequest }
import { MEDIA_TYPES, type Format } from './negotiate'
import { JSON_CONTENT_TYPE } from './respond'

/** Representations vary by Accept; clients may keep them but revalidate (ETag). */
const CACHING = { Vary: 'Accept', 'Cache-Control': 'private, no-cache' } as const

export interface Representation {
  /** The body: a value serialised as JSON, or a text already serialised (large GeoJSON), or its bytes. */
  body: unknown
  format?: Format
  headers?: Record<string, string>
}

/**
 * A representation under an entity tag made of the data version and `parts` (what the request
 * asked, normalised): 304 when If-None-Match matches, before `produce` runs (`If-None-Match: *`
 * excepted: it needs to know that the representation exists).
 */
export async function conditionalResponse(
  request: Request,
  tag: { version: string; parts: unknown },
  produce: () => Promise<Representation>,
): Promise<Response> {
  const etag = entityTag(tag.version, tag.parts)
  const headers: Record<string, string> = { ...CACHING, ETag: etag }
  const ifNoneMatch = request.headers.get('if-none-match')
  // `*` matches a current representation only (RFC 9110 §13.1.2): whether there is one is known by
  // producing it, so a record that does not exist answers 404 (produce throws), never 304.
  if (ifNoneMatch?.trim() === '*') {
    await produce()
    return notModified(etag, headers)
  }
  if (ifNoneMatchMatches(ifNoneMatch, etag)) return notModified(etag, headers)
  const representation = await produce()
  const format = representation.format ?? 'json'
  return new Response(
    typeof representation.body === 'string' || representation.body instanceof Uint8Array
      ? (representation.body as string | Uint8Array<ArrayBuffer>)
      : JSON.stringify(representation.body),
    {
      headers: {
        ...headers,
        'Content-Type': format === 'json' ? JSON_CONTENT_TYPE : MEDIA_TYPES[format],
        ...representation.headers,
      },
    },
  )
}

/** One record (JSON, or GeoJSON where offered) tagged with the data version and its identity. */
export async function recordResponse(
  request: Request,
  record: { version?: string; key: unknown; format?: Format; load: () => Promise<unknown> },
): Promise<Response> {
  const format = record.format ?? 'json'
  return conditionalResponse(
    request,
    { version: record.version ?? (await dataVersion()), parts: { record: record.key, format } },
    async () => ({ body: await record.load(), format }),
  )
}

/** What a search endpoint provides: its pages and, where it offers GeoJSON, its features. */
export interface ListSource<R, G extends string | Uint8Array = string> {
  /** Name of the array of results in the JSON body (`etablissements`, `locaux`, …). */
  itemsKey: string
  /** The dataset model giving the whole list past the cap, named in that error. */
  datasetModel?: string
  /** Version of the data the endpoint reads (default: the data version of seeds and imports). */
  version?: () => Promise<string>
  /** One page of results, serialised, and the exact number of matches. */
  page(request: R): Promise<{ total: number; items: unknown[] }>
  /** The FeatureCollection of the results (at most MAX_FEATURES features), as JSON text or its UTF-8 bytes. */
  geojson?(request: R): Promise<G>
}

export interface ListHttpInput<I> {
  request: Request
  url: URL
  format: Format
  query: I | undefined
  body: I | undefined
}

function queryValue(key: string, value: unknown): string {
  if (key === 'search') return JSON.stringify(value)
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(',')
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** The address of another page of the same search, in the query-string form. */
export function pageUrl<I>(path: string, list: ListRequest<I>, page: number): string {
  const params = new URLSearchParams()
  const { page: _page, size, paginated: _paginated, ...parameters } = list
  for (const [key, value] of Object.entries(parameters)) {
    if (value !== undefined) params.set(key, queryValue(key, value))
  }
  params.set('page', String(page))
  params.set('size', String(size))
  return `${path}?${params.toString()}`
}

/** RFC 8288 Link header: first, prev, next and last among the pages a client may reach. */
export function paginationLinks<I>(path: string, list: ListRequest<I>, total: number): string {
  const last = lastReachablePage(total, list.size)
  const links: Array<[string, number]> = [['first', 1]]
  if (list.page > 1) links.push(['prev', Math.min(list.page - 1, last)])
  if (list.page < last) links.push(['next', list.page + 1])
  links.push(['last', last])
  return links.map(([rel, page]) => `<${pageUrl(path, list, page)}>; rel="${rel}"`).join(', ')
}

/**
 * GET of a search endpoint: resolves the parameters (body or query string, defaults, cap), then
 * answers 304, a JSON page `{total, page, <itemsKey>}` with its Link header, or the GeoJSON.
 */
export async function listResponse<I extends { page?: number | undefined; size?: number | undefined }>(
  source: ListSource<ListRequest<I>, string | Uint8Array>,
  input: ListHttpInput<I>,
): Promise<Response> {
  const list = resolveListRequest({
    query: input.query,
    body: input.body,
    format: input.format,
    ...(source.datasetModel ? { datasetModel: source.datasetModel } : {}),
  })
  const { paginated: _paginated, page, size, ...parameters } = list
  const parts = { format: input.format, ...parameters, ...(input.format === 'json' ? { page, size } : {}) }
  const version = await (source.version ?? dataVersion)()
  return conditionalResponse(input.request, { version, parts }, async () => {
    if (input.format === 'geojson' && source.geojson) {
      return { body: await source.geojson(list), format: 'geojson' }
    }
    const result = await source.page(list)
    return {
      body: { total: result.total, page: list.page, [source.itemsKey]: result.items },
      headers: { Link: paginationLinks(input.url.pathname, list, result.total) },
    }
  })
}
