// What the API benchmarks share: an app instance in one process whose CPU time can be read, a real
// token, and measurement windows — the API over HTTP (autocannon), the same SQL through `pg` in
// this process — each giving requests, CPU time, latencies. Sides alternate window by window and
// warm up before measuring, so that a change of load on the machine hits both alike.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import autocannon from 'autocannon'
import type pg from 'pg'

/** Clock ticks per second of /proc (getconf CLK_TCK: 100 on Linux). */
const TICKS_PER_SECOND = 100

/** CPU time (user + system, every thread) a process has used so far, in ms (Linux /proc). */
export function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces, in brackets): utime is the 14th field.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}

/** The ids of a process's descendants (children, their children…), from /proc. */
function descendants(pid: number): number[] {
  const found: number[] = []
  const visit = (parent: number) => {
    let tasks: string[] = []
    try {
      tasks = fs.readdirSync(`/proc/${parent}/task`)
    } catch {
      return
    }
    for (const task of tasks) {
      let children = ''
      try {
        children = fs.readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8')
      } catch {
        continue
      }
      for (const child of children.split(' ').filter(Boolean).map(Number)) {
        found.push(child)
        visit(child)
      }
    }
  }
  visit(pid)
  return found
}

/** CPU time of a process and of its living descendants, in ms. */
export function processTreeCpuMs(pid: number): number {
  let total = processCpuMs(pid)
  for (const child of descendants(pid)) {
    try {
      total += processCpuMs(child)
    } catch {
      // ended meanwhile
    }
  }
  return total
}

/** This process's own CPU time so far, in ms. */
function ownCpuMs(): number {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

export function buildApp(): void {
  const build = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/ensure-build.ts'], {
    stdio: 'inherit',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

export interface Instance {
  origin: string
  /** The process serving requests (its CPU is what the API costs). */
  pid: number
  stop(): Promise<void>
}

export async function waitFor(origin: string, path: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 7200; i++) {
    if (child.exitCode !== null) throw new Error(`the process serving ${origin} exited (${child.exitCode})`)
    try {
      if ((await fetch(`${origin}${path}`, { headers: { Accept: 'application/json' } })).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`${origin} did not start`)
}

export function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null) return
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
}

/**
 * A production instance of the app in a single process (`node --import tsx server.ts`: no
 * wrapper process, so /proc/<pid> is the server). `env` completes the environment.
 */
export async function startApp(port: number, env: Record<string, string>): Promise<Instance> {
  const origin = `http://localhost:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      PUBLIC_URL: origin,
      DATASET_JOBS: 'false',
      LOG_LEVEL: 'warn',
      ...env,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  await waitFor(origin, '/', child)
  return { origin, pid: child.pid!, stop: stopper(child) }
}

/** The floor of Node itself: a plain node:http server answering a constant JSON document. */
export async function startPlainNode(port: number): Promise<Instance> {
  const origin = `http://localhost:${port}`
  const source = `require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' })
      res.end('{"ok":true}')
    }).listen(${port}, 'localhost')`
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'inherit', 'inherit'] })
  await waitFor(origin, '/', child)
  return { origin, pid: child.pid!, stop: stopper(child) }
}

/**
 * A Bearer token of a new application holding `scopes`, registered in `db` (default: the pool of
 * this process's environment), from the instance's token endpoint.
 */
export async function obtainToken(
  origin: string,
  db: pg.Pool | undefined,
  scopes: ('eco' | 'fiscal')[],
): Promise<string> {
  const { createClientApplication } = await import('@/lib/auth/clients')
  const { application, clientSecret } = await createClientApplication({ name: 'benchmark', scopes }, db)
  const response = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: application.clientId,
      client_secret: clientSecret,
    }),
  })
  if (!response.ok) throw new Error(`token: HTTP ${response.status}`)
  return ((await response.json()) as { access_token: string }).access_token
}

/** One measurement window: requests served, CPU time spent on them, latencies (ms). */
export interface Window {
  requests: number
  cpuMs: number
  seconds: number
  latencies: number[]
}

export interface HttpTarget {
  /** Full URL, query string included. */
  url: string
  headers: Record<string, string>
  /** The status every answer must have. */
  status: number
}

/** `connections` clients sending `target` for `seconds`; CPU time is the serving process's. */
export async function httpWindow(
  target: HttpTarget,
  pid: number,
  seconds: number,
  connections: number,
): Promise<Window> {
  const latencies: number[] = []
  let unexpected = 0
  const cpuBefore = processCpuMs(pid)
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      { url: target.url, connections, duration: seconds, headers: target.headers },
      (error, done) => (error ? reject(error) : resolve(done)),
    )
    run.on('response', (_client, status, _bytes, responseTime) => {
      if (status !== target.status) unexpected++
      latencies.push(responseTime)
    })
  })
  const cpuMs = processCpuMs(pid) - cpuBefore
  if (unexpected > 0) throw new Error(`${unexpected} answers were not ${target.status}: ${target.url}`)
  if (result.errors > 0 || result.timeouts > 0)
    throw new Error(`${result.errors} errors, ${result.timeouts} timeouts: ${target.url}`)
  return { requests: latencies.length, cpuMs, seconds: result.duration, latencies }
}

/** `workers` loops running `work` for `seconds` in this process; CPU time is this process's. */
export async function clientWindow(
  work: () => Promise<unknown>,
  seconds: number,
  workers: number,
): Promise<Window> {
  const latencies: number[] = []
  const cpuBefore = ownCpuMs()
  const started = performance.now()
  const deadline = started + seconds * 1000
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now()
        await work()
        latencies.push(performance.now() - t)
      }
    }),
  )
  return {
    requests: latencies.length,
    cpuMs: ownCpuMs() - cpuBefore,
    seconds: (performance.now() - started) / 1000,
    latencies,
  }
}

export interface Figures {
  requests: number
  /** CPU time per request, ms. */
  cpu: number
  rps: number
  p50: number
  p95: number
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
}

export function figures(windows: readonly Window[]): Figures {
  const requests = windows.reduce((n, w) => n + w.requests, 0)
  const latencies = windows.flatMap((w) => w.latencies).sort((a, b) => a - b)
  return {
    requests,
    cpu: windows.reduce((n, w) => n + w.cpuMs, 0) / requests,
    rps: requests / windows.reduce((n, w) => n + w.seconds, 0),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
  }
}

export interface Side {
  name: string
  /** Runs one window of `seconds`. */
  window(seconds: number): Promise<Window>
}

/**
 * Warms each side up for `warmup` seconds, then runs `rounds` rounds in which every side runs one
 * window of `seconds` in turn; returns the figures of each side over its measured windows.
 */
export async function alternate(
  sides: readonly Side[],
  options: { rounds: number; seconds: number; warmup: number },
): Promise<Map<string, Figures>> {
  for (const side of sides) await side.window(options.warmup)
  const windows = new Map<string, Window[]>(sides.map((s) => [s.name, []]))
  for (let round = 0; round < options.rounds; round++) {
    for (const side of sides) windows.get(side.name)!.push(await side.window(options.seconds))
  }
  return new Map([...windows].map(([name, w]) => [name, figures(w)]))
}

/** Runs each side for `seconds` once: JIT compilation and caches out of the way of the figures. */
export async function warmUp(sides: readonly Side[], seconds: number): Promise<void> {
  for (const side of sides) await side.window(seconds)
}

export async function serverVersion(db: pg.Pool): Promise<string> {
  return (await db.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v
}

/** Machine, runtime and load, for the results' heading. */
export function machine(): string {
  const cpus = os.cpus()
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')

export const ms = (value: number, digits = 2) => value.toFixed(digits)

/** The heading of a table of costs per request, in Markdown. */
export const COST_HEADING = [
  '| query | (a) floor, CPU ms/req | (b) API, CPU ms/req | (c) raw `pg`, client CPU ms/req | (b) − (a) − (c) ms | API req/s | raw req/s | API p50 / p95 ms | raw p50 / p95 ms |',
  '|---|---|---|---|---|---|---|---|---|',
]

/** One row: the same query through the API (b) and raw (c), beside the floor (a) of the same rounds. */
export function costRow(name: string, floor: Figures, api: Figures, raw: Figures, target?: number): string {
  const overhead = api.cpu - floor.cpu - raw.cpu
  const verdict = target === undefined ? '' : overhead <= target ? ' ✓' : ' ✗'
  return (
    `| ${name} | ${ms(floor.cpu)} | ${ms(api.cpu)} | ${ms(raw.cpu)} | **${ms(overhead)}**${verdict} ` +
    `| ${api.rps.toFixed(0)} | ${raw.rps.toFixed(0)} | ${ms(api.p50, 1)} / ${ms(api.p95, 1)} | ${ms(raw.p50, 1)} / ${ms(raw.p95, 1)} |`
  )
}
