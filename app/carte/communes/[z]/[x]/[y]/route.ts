// GET /carte/communes/:z/:x/:y: the commune outlines and names of the explorer's map at city zooms,
// as a vector tile made by the app from its reference tables (no tile server needed), built once
// and cached, at most RATE_LIMIT_TILES_PER_IP a minute per client address.
import { problemResponse } from '@/lib/http/render-problem'
import { communeTileResponse } from '@/lib/explorer/commune-tile-route'

export const dynamic = 'force-dynamic'

export async function GET(
  request: Request,
  { params }: { params: Promise<{ z: string; x: string; y: string }> },
): Promise<Response> {
  try {
    return await communeTileResponse(await params)
  } catch (error) {
    return problemResponse(error, new URL(request.url).pathname)
  }
}
