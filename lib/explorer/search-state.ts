// The explorer's search as it lives in the page address (shareable, restored by the back button):
// `?q=…&commune=35238,35047&zone=<uuid>&naf=62.01Z&effectif=11&page=2&taille=25`. Values are kept
// as given, so the API's validation messages can be shown next to the field that caused them.

export const PAGE_SIZES = [10, 25, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
const DEFAULT_PAGE_SIZE: PageSize = 50
/** The API serves the first RESULT_CAP results (spec §8); beyond, a dataset holds the whole result. */
export { lastReachablePage as lastPage, RESULT_CAP } from '../http/list-limits'

export interface ExplorerCriteria {
  /** Free text: name, SIRET or SIREN. */
  q: string
  /** INSEE commune codes, separated by commas (any of them). */
  commune: string
  /** Zone id (EPCI, department or region). */
  zone: string
  /** NAF activity code. */
  naf: string
  /** Headcount band code. */
  effectif: string
}

export interface ExplorerState extends ExplorerCriteria {
  page: number
  size: PageSize
}

export type CriteriaField = keyof ExplorerCriteria

export const EMPTY_CRITERIA: ExplorerCriteria = { q: '', commune: '', zone: '', naf: '', effectif: '' }

/** Address parameter of each criterion and the key of the API's `search` object it becomes. */
const FIELDS: ReadonlyArray<{ field: CriteriaField; param: string; searchKey: string }> = [
  { field: 'q', param: 'q', searchKey: 'q' },
  { field: 'commune', param: 'commune', searchKey: 'code_commune' },
  { field: 'zone', param: 'zone', searchKey: 'zone_id' },
  { field: 'naf', param: 'naf', searchKey: 'code_naf' },
  { field: 'effectif', param: 'effectif', searchKey: 'tranche_effectif' },
]

interface ReadableParams {
  get(name: string): string | null
}

function positiveInt(value: string | null, fallback: number): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return fallback
  const n = Number(value)
  return n >= 1 ? n : fallback
}

export function parseExplorerState(params: ReadableParams): ExplorerState {
  const criteria = { ...EMPTY_CRITERIA }
  for (const { field, param } of FIELDS) criteria[field] = (params.get(param) ?? '').trim()
  const size = positiveInt(params.get('taille'), DEFAULT_PAGE_SIZE)
  return {
    ...criteria,
    page: positiveInt(params.get('page'), 1),
    size: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_PAGE_SIZE,
  }
}

/** The address query string of a state ('' for the empty search), defaults left out. */
export function explorerQueryString(state: ExplorerState): string {
  const params = new URLSearchParams()
  for (const { field, param } of FIELDS) if (state[field]) params.set(param, state[field])
  if (state.page !== 1) params.set('page', String(state.page))
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('taille', String(state.size))
  return params.toString()
}

/** The explorer's address for a state: `/` and its query string (a page link carries the whole search). */
export function explorerHref(state: ExplorerState): string {
  const qs = explorerQueryString(state)
  return qs ? `/?${qs}` : '/'
}

export function hasCriteria(criteria: ExplorerCriteria): boolean {
  return FIELDS.some(({ field }) => criteria[field] !== '')
}

/** The commune codes of the `commune` criterion (comma-separated), without blanks or repeats. */
export function communeCodes(commune: string): string[] {
  return [
    ...new Set(
      commune
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c !== ''),
    ),
  ]
}

/** The `commune` criterion of a list of codes. */
export const joinCommunes = (codes: readonly string[]): string => [...new Set(codes)].join(',')

export type ApiSearch = Record<string, string | string[]>

/**
 * The API's `search` object for the criteria (spec §4.3), or undefined when none is set; several
 * communes become a list (any of them).
 */
export function toApiSearch(criteria: ExplorerCriteria): ApiSearch | undefined {
  const search: ApiSearch = {}
  for (const { field, searchKey } of FIELDS) {
    if (!criteria[field]) continue
    const communes = field === 'commune' ? communeCodes(criteria.commune) : []
    search[searchKey] = communes.length > 1 ? communes : criteria[field]
  }
  return Object.keys(search).length > 0 ? search : undefined
}

/**
 * Query string of the BFF search routes: `search[key]=value` pairs (a key repeated for a list), then
 * page and size when given.
 */
export function bffSearchQuery(criteria: ExplorerCriteria, paging?: { page: number; size: number }): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(toApiSearch(criteria) ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(`search[${key}]`, v)
  }
  if (paging) {
    params.set('page', String(paging.page))
    params.set('size', String(paging.size))
  }
  return params.toString()
}

/**
 * The form field an API validation issue is about, from its dotted path (`search.code_commune`,
 * `search.q.0`), or 'page' / 'size', or null when it concerns the whole request.
 */
export function fieldOfIssue(path: string): CriteriaField | 'page' | 'size' | null {
  const [head, key] = path.split('.')
  if (head === 'page' || head === 'size') return head
  if (head !== 'search') return null
  return FIELDS.find((f) => f.searchKey === key)?.field ?? null
}
