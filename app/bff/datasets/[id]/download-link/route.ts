// GET /bff/datasets/:id/download-link?expires=N: a signed address of the current CSV file (admin).
import { downloadLinkContract, downloadLinkHandler } from '@/lib/datasets/bff'
import { fileStore } from '@/lib/files'
import { bffRoute } from '@/lib/http/bff-route'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(downloadLinkContract, ({ params, query }) =>
  downloadLinkHandler(params.id, query.expires, fileStore()),
)
