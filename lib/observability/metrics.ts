// Prometheus metrics of the process (prom-client), scraped at /metrics (server.ts). Counters are
// incremented where things happen (requests here, refusals in lib/rate-limit); values that live
// elsewhere (pool use, the embedded engine's queue, dataset jobs by state, import progress,
// outage state) are read at scrape time through collectors the server registers, so nothing runs
// between scrapes. One registry per process, shared through globalThis because route handlers are
// bundled apart from server.ts.
import client from 'prom-client'

export interface Metrics {
  readonly registry: client.Registry
  readonly requests: client.Counter<'route' | 'method' | 'status'>
  readonly requestDuration: client.Histogram<'route' | 'method' | 'status'>
  readonly rateLimitRefusals: client.Counter<'limit'>
  readonly outageRefusals: client.Counter
}

/** Read at scrape time: a gauge's current values, by label set. */
export type GaugeReader = () =>
  | Promise<Array<{ labels?: Record<string, string>; value: number }>>
  | Array<{ labels?: Record<string, string>; value: number }>

const KEY = Symbol.for('tda.observability.metrics')
type Holder = typeof globalThis & { [KEY]?: Metrics }

// Latency buckets (seconds) from the 1 ms of a cached answer to the 30 s of the statement timeout.
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

export function createMetrics(): Metrics {
  const registry = new client.Registry()
  // The process's own figures, read at scrape time. Not prom-client's default metrics: their
  // event-loop monitor wakes the process every few milliseconds, even when nothing is asked.
  new client.Gauge({
    name: 'tda_process_cpu_seconds_total',
    help: 'User and system CPU time of the process, seconds.',
    registers: [registry],
    collect() {
      const { user, system } = process.cpuUsage()
      this.set((user + system) / 1e6)
    },
  })
  new client.Gauge({
    name: 'tda_process_memory_bytes',
    help: 'Memory of the process, by kind (rss, heap_used, external).',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const memory = process.memoryUsage()
      this.set({ kind: 'rss' }, memory.rss)
      this.set({ kind: 'heap_used' }, memory.heapUsed)
      this.set({ kind: 'external' }, memory.external)
    },
  })
  return {
    registry,
    requests: new client.Counter({
      name: 'tda_http_requests_total',
      help: 'HTTP requests answered, by route template, method and status.',
      labelNames: ['route', 'method', 'status'],
      registers: [registry],
    }),
    requestDuration: new client.Histogram({
      name: 'tda_http_request_duration_seconds',
      help: 'Time from the request to the end of its answer, by route template, method and status.',
      labelNames: ['route', 'method', 'status'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    rateLimitRefusals: new client.Counter({
      name: 'tda_rate_limit_refusals_total',
      help: 'Requests refused with 429, by limit.',
      labelNames: ['limit'],
      registers: [registry],
    }),
    outageRefusals: new client.Counter({
      name: 'tda_outage_refusals_total',
      help: 'Requests refused with 503 because the database was known unreachable.',
      registers: [registry],
    }),
  }
}

export function metrics(): Metrics {
  const g = globalThis as Holder
  return (g[KEY] ??= createMetrics())
}

/** Adds a gauge whose values are read at each scrape (a failing reader leaves the gauge empty). */
export function registerGauge(
  m: Metrics,
  definition: { name: string; help: string; labelNames?: readonly string[] },
  read: GaugeReader,
): client.Gauge {
  return new client.Gauge({
    name: definition.name,
    help: definition.help,
    labelNames: definition.labelNames ?? [],
    registers: [m.registry],
    async collect() {
      this.reset()
      const values = await Promise.resolve()
        .then(read)
        .catch(() => [])
      for (const { labels, value } of values) {
        if (labels) this.set(labels, value)
        else this.set(value)
      }
    },
  })
}

/** One answered request, under its route template (never the raw path: bounded label values). */
export function observeRequest(
  m: Metrics,
  request: { route: string; method: string; status: number; seconds: number },
): void {
  const labels = { route: request.route, method: request.method, status: String(request.status) }
  m.requests.inc(labels)
  m.requestDuration.observe(labels, request.seconds)
}

export async function renderMetrics(m: Metrics): Promise<{ contentType: string; body: string }> {
  return { contentType: m.registry.contentType, body: await m.registry.metrics() }
}
