// The one route handler of the bare floor app: every GET answers a small constant JSON document
// with the status the benchmark asks for (?status=404 for the floor of a 404 problem).
export const dynamic = 'force-dynamic'

export function GET(request) {
  const status = new URL(request.url).searchParams.get('status') === '404' ? 404 : 200
  return Response.json({ status, title: status === 404 ? 'Not Found' : 'OK' }, { status })
}
