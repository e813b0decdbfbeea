// GET /carte/communes/:z/:x/:y, open to anyone (the explorer's map): at most RATE_LIMIT_TILES_PER_IP
// tiles a minute per client address (429 with Retry-After past it), each served from the tile
// cache (lib/explorer/commune-tile-cache.ts), so a flood of tile requests costs file reads, not
// database queries.
import { z } from 'zod'
import { badRequest } from '../http/api-error'
import { requestClientIp } from '../http/request-context'
import { enforceLimit, processLimits } from '../http/request-limits'
import { communeTileCache, type CommuneTileCache } from './commune-tile-cache'
import { COMMUNE_TILE_MAX_ZOOM, COMMUNE_TILE_MIN_ZOOM, isCommuneTile } from '../territory/commune-tiles'

export const COMMUNE_TILE_MEDIA_TYPE = 'application/vnd.mapbox-vector-tile'

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

export async function communeTileResponse(
  params: unknown,
  options: { cache?: CommuneTileCache; clientIp?: string } = {},
): Promise<Response> {
  const limits = processLimits()
  await enforceLimit(
    limits.tilesPerIp,
    options.clientIp ?? requestClientIp() ?? 'unknown',
    `Plus de ${limits.tilesPerIp.limit} tuiles demandées dans la dernière minute depuis cette adresse : ` +
      'réessayez après le délai de l’en-tête Retry-After.',
  )
  const parsed = tileParams.safeParse(params)
  if (!parsed.success || !isCommuneTile(parsed.data.z, parsed.data.x, parsed.data.y)) {
    throw badRequest(
      `Tuile inconnue : zoom de ${COMMUNE_TILE_MIN_ZOOM} à ${COMMUNE_TILE_MAX_ZOOM}, x et y de 0 à 2^zoom - 1.`,
    )
  }
  const tile = await (options.cache ?? communeTileCache()).tile(parsed.data.z, parsed.data.x, parsed.data.y)
  return new Response(new Uint8Array(tile.buffer as ArrayBuffer, tile.byteOffset, tile.byteLength), {
    headers: {
      'Content-Type': COMMUNE_TILE_MEDIA_TYPE,
      // Reference data: it changes with a new version of the app at most.
      'Cache-Control': 'public, max-age=86400',
    },
  })
}
