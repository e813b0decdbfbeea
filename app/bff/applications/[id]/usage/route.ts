// GET /bff/applications/:id/usage?days=30[&format=csv]: an application's requests to the API per
// day, operation and status class (admin), as JSON for the page or as a CSV file.
import { applicationUsage, applicationUsageContract, serialiseUsage } from '@/lib/applications/admin'
import { attachmentDisposition, fileNameFromTitle } from '@/lib/http/content-disposition'
import { bffRoute } from '@/lib/http/bff-route'
import { usageCsv } from '@/lib/usage/usage'

export const dynamic = 'force-dynamic'

export const GET = bffRoute(applicationUsageContract, async ({ params, query }) => {
  const { application, usage } = await applicationUsage(params.id, query.days)
  if (query.format === 'json') return { days: query.days, usage: serialiseUsage(usage) }
  const body = usageCsv(usage)
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachmentDisposition(
        fileNameFromTitle(`utilisation ${application.name} ${query.days} jours`, 'csv', 'utilisation'),
      ),
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
    },
  })
})
