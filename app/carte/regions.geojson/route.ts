// GET /carte/regions.geojson: the regions outlines of the offline map style (from public/geo).
import { outlineResponse } from '@/lib/explorer/outline-file'

export const dynamic = 'force-static'

export const GET = () => outlineResponse('regions')
