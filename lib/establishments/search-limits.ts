// Limits of the establishment search (spec §8), free of any server dependency so the browser app
// explains them with the same figures the API enforces.

/** Results a search reaches through pages (spec §8); beyond, datasets give whole lists. */
export const RESULT_CAP = 10_000
/** Located establishments in one GeoJSON answer (spec §8). */
export const MAX_POINTS = 10_000
export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 100

/** The last page a client may ask for at this size (pages stop at the RESULT_CAP-th result). */
export function lastReachablePage(total: number, size: number): number {
  return Math.max(1, Math.min(Math.ceil(total / size), Math.floor(RESULT_CAP / size)))
}
