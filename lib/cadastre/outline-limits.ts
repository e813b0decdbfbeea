// Limits of the parcel outlines the staff's maps draw (GET /bff/cadastre/parcelles), shared by the
// BFF route and the maps (no server import: the browser reads these figures too).

/** The zoom from which the maps ask for and draw parcel outlines (street level). */
export const PARCEL_OUTLINES_MIN_ZOOM = 16

/**
 * Widest and tallest view (degrees) whose outlines are given: a zoom-16 view of a very large screen
 * spans about 0.03°; a wider one is refused (400, zoom in).
 */
export const MAX_OUTLINES_SPAN_DEGREES = 0.05

/** Parcels of one answer at most; a view holding more is refused (400, zoom in). */
export const MAX_OUTLINES_FEATURES = 5000
