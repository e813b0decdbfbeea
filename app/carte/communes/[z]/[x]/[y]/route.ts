// GET /carte/communes/:z/:x/:y: the commune outlines and names of the explorer's map at city zooms,
// as a vector tile made by the app from its reference tables (no tile server needed).
import { z } from 'zod'
import { badRequest } from '@/lib/http/api-error'
import { problemResponse } from '@/lib/http/render-problem'
import {
  COMMUNE_TILE_MAX_ZOOM,
  COMMUNE_TILE_MIN_ZOOM,
  communeTile,
  isCommuneTile,
} from '@/lib/territory/commune-tiles'

export const dynamic = 'force-dynamic'

const tileParams = z.object({
  z: z
    .string()
    .regex(/^\d{1,2}$/)
    .transform(Number),
  x: z
    .string()
    .regex(/^\d{1,7}$/)
    .transform(Number),
  y: z
    .string()
    .regex(/^\d{1,7}$/)
    .transform(Number),
})

export async function GET(
  request: Request,
  { params }: { params: Promise<{ z: string; x: string; y: string }> },
): Promise<Response> {
  const instance = new URL(request.url).pathname
  try {
    const parsed = tileParams.safeParse(await params)
    if (!parsed.success || !isCommuneTile(parsed.data.z, parsed.data.x, parsed.data.y)) {
      throw badRequest(
        `Tuile inconnue : zoom de ${COMMUNE_TILE_MIN_ZOOM} à ${COMMUNE_TILE_MAX_ZOOM}, x et y de 0 à 2^zoom - 1.`,
      )
    }
    const tile = await communeTile(parsed.data.z, parsed.data.x, parsed.data.y)
    return new Response(new Uint8Array(tile), {
      headers: {
        'Content-Type': 'application/vnd.mapbox-vector-tile',
        // Reference data: it changes with a new version of the app at most.
        'Cache-Control': 'public, max-age=86400',
      },
    })
  } catch (error) {
    return problemResponse(error, instance)
  }
}
