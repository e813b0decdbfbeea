// Limits shared by every search endpoint of the API (spec §8, stated for GET /eco/sirets and applied
// alike to the other lists), free of any server dependency so the browser app explains them with the
// same figures the API enforces.

/** Results a search reaches through pages (spec §8); beyond, datasets give whole lists. */
export const RESULT_CAP = 10_000
/** Features in one GeoJSON answer of a search (spec §8). */
export const MAX_FEATURES = 10_000
export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 100

/** The last page a client may ask for at this size (pages stop at the RESULT_CAP-th result). */
export function lastReachablePage(total: number, size: number): number {
  return Math.max(1, Math.min(Math.ceil(total / size), Math.floor(RESULT_CAP / size)))
}
