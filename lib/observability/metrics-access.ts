// Who may read /metrics: on the service's port, a caller with METRICS_TOKEN as Bearer token; on
// METRICS_PORT (a private interface), anyone who reaches it, unless METRICS_TOKEN is also set.
// With neither configured the service has no /metrics (404): metrics are opt-in.
import { timingSafeEqual } from 'node:crypto'

export type MetricsAccess = 'allow' | 'not-found' | 'unauthorized'

export function metricsAccess(
  config: { token?: string | undefined; port?: number | undefined },
  request: { onMetricsPort: boolean; authorization: string | undefined },
): MetricsAccess {
  if (!request.onMetricsPort && config.token === undefined) return 'not-found'
  if (config.token === undefined) return 'allow'
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization ?? '')
  if (!match) return 'unauthorized'
  const given = Buffer.from(match[1]!)
  const expected = Buffer.from(config.token)
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'allow' : 'unauthorized'
}
