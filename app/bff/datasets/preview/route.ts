// POST /bff/datasets/preview: how many records a search would capture, and the first ones (admin).
import { previewSearchContract, previewSearchHandler } from '@/lib/datasets/bff'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const POST = bffRoute(previewSearchContract, ({ body }) => previewSearchHandler(body))
