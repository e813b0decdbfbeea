// GET /bff/cadastre/parcelles?bbox=w,s,e,n (signed-in staff): the outlines of the cadastral parcels
// meeting a map view, drawn by the explorer's and the record page's maps from zoom 16. The same box
// query as GET /v0/geo/parcelles (GiST candidates and exact test, lib/cadastre/geo.ts); a view wider
// than a street-level one, or holding too many parcels, is refused with a 400 asking to zoom in —
// never a truncated answer.
import { z } from 'zod'
import { ApiError, badRequest } from '../http/api-error'
import type { BffContract } from '../http/bff-route'
import { bboxSchema } from '../territory/bbox'
import type { BBox } from '../territory/geometry'
import { boxFeatures } from './geo'
import { MAX_OUTLINES_FEATURES, MAX_OUTLINES_SPAN_DEGREES } from './outline-limits'

const degrees = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 })

export const parcelOutlinesBffContract = {
  role: 'staff',
  query: z.object({
    bbox: z.preprocess(
      (v) => v ?? '',
      bboxSchema.refine(
        ([w, s, e, n]) => e - w <= MAX_OUTLINES_SPAN_DEGREES && n - s <= MAX_OUTLINES_SPAN_DEGREES,
        `Vue trop étendue pour les contours des parcelles (au plus ${degrees.format(MAX_OUTLINES_SPAN_DEGREES)}° de côté) : zoomez.`,
      ),
    ),
  }),
} satisfies BffContract

const tooMany = (limit: number) =>
  badRequest(
    `Cette vue compte plus de ${limit.toLocaleString('fr-FR')} parcelles : zoomez pour voir leurs contours.`,
    [{ location: 'query', path: 'bbox', message: `Au plus ${limit} parcelles par vue.`, code: 'too_big' }],
    { max_features: limit },
  )

/** The FeatureCollection (GeoJSON text) of the parcels whose outline meets the view; 400 past `limit`. */
export async function parcelOutlines(bbox: BBox, limit = MAX_OUTLINES_FEATURES): Promise<string> {
  try {
    return await boxFeatures('parcelles', bbox, { limit })
  } catch (error) {
    // boxFeatures speaks of the API's path parameters; the view is this route's bbox.
    if (error instanceof ApiError && error.status === 400) throw tooMany(limit)
    throw error
  }
}

export async function parcelOutlinesHandler(bbox: BBox): Promise<Response> {
  const text = await parcelOutlines(bbox)
  return new Response(text, {
    headers: { 'Content-Type': 'application/geo+json; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
