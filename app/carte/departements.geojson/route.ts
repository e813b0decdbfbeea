// GET /carte/departements.geojson: the departements outlines of the offline map style (from public/geo).
import { outlineResponse } from '@/lib/explorer/outline-file'

export const dynamic = 'force-static'

export const GET = () => outlineResponse('departements')
