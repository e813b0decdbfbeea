// What does an instance cost when nobody asks it anything? CPU time per second of wall time of each
// server process (every thread, and any child process), measured over the same window, with no
// request at all, after a warm-up that ends once the process has been quiet for a while (or after
// --settle seconds):
//   node        a plain node:http server (Node's own floor);
//   next        the bare Next.js app of bench/floor (`next start`, one route handler);
//   postgres    this app on PostgreSQL (a database of --establishments synthetic establishments),
//               dataset jobs on;
//   embedded    this app on its embedded engine (DATA_DIR under bench/out/, seeded small on its
//               first start), dataset jobs on.
// The busiest threads of each process over the window are listed under the table.
// Target: ≤ 1 ms of CPU per second on both engines.
// Usage: npm run bench:idle [-- --seconds 30 --settle 90 --establishments 20000 --port 3450 --keep]
import fs from 'node:fs'
import path from 'node:path'
import {
  buildApp,
  loadAverage,
  machine,
  ms,
  processTreeCpuMs,
  startApp,
  startPlainNode,
  type Instance,
} from './support/cost'
import { benchDatabase } from './support/database'
import { startBareNext } from './support/floor'
import { benchOptions } from './support/options'

const options = benchOptions({ seconds: 30, settle: 90, establishments: 20_000, port: 3450, keep: false })
const TARGET = 1
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** CPU time of one thread of a process, ms. */
function taskCpuMs(pid: number, tid: string): number {
  const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/** CPU time of each thread of a process, ms, by "name (tid)". */
function threadCpu(pid: number): Map<string, number> {
  const threads = new Map<string, number>()
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()
      threads.set(`${name} (${tid})`, taskCpuMs(pid, tid))
    } catch {
      // ended meanwhile
    }
  }
  return threads
}

/**
 * Waits until the process used under TARGET ms/s for 10 s in a row (V8 collects garbage a few times
 * once a process turns idle), or `limit` seconds.
 */
async function settle(instance: Instance, limit: number): Promise<number> {
  const started = performance.now()
  let quiet = 0
  while ((performance.now() - started) / 1000 < limit) {
    const before = processTreeCpuMs(instance.pid)
    await sleep(1_000)
    quiet = processTreeCpuMs(instance.pid) - before <= TARGET ? quiet + 1 : 0
    if (quiet >= 10) break
  }
  return (performance.now() - started) / 1000
}

buildApp()
const port = options.port
const database = await benchDatabase(`tda_bench_idle_${options.establishments}`, options.establishments)
const dataDir = path.resolve('bench/out/idle-embedded')
fs.mkdirSync(dataDir, { recursive: true })
const instances: { name: string; instance: Instance }[] = []
try {
  instances.push({ name: 'plain node:http', instance: await startPlainNode(port) })
  instances.push({
    name: 'bare Next.js route handler (bench/floor)',
    instance: await startBareNext(port + 1),
  })
  instances.push({
    name: 'this app, PostgreSQL',
    instance: await startApp(port + 2, { DATABASE_URL: database.url, DATASET_JOBS: 'true' }),
  })
  const embeddedEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    DATASET_JOBS: 'true',
    SEED_ESTABLISHMENTS: '10000',
    SEED_PREMISES: '1000',
    SEED_PARCELS: '2000',
  }
  delete process.env.DATABASE_URL
  instances.push({ name: 'this app, embedded', instance: await startApp(port + 3, embeddedEnv) })

  const settled = await Promise.all(instances.map(({ instance }) => settle(instance, options.settle)))
  const before = instances.map(({ instance }) => ({
    cpu: processTreeCpuMs(instance.pid),
    threads: threadCpu(instance.pid),
  }))
  const started = performance.now()
  await sleep(options.seconds * 1000)
  const seconds = (performance.now() - started) / 1000
  const rows: string[] = []
  const busiest: string[] = []
  instances.forEach(({ name, instance }, i) => {
    const perSecond = (processTreeCpuMs(instance.pid) - before[i]!.cpu) / seconds
    const verdict = i >= 2 ? (perSecond <= TARGET ? ' ✓' : ' ✗') : ''
    rows.push(`| ${name} | **${ms(perSecond)}**${verdict} | ${settled[i]!.toFixed(0)} s |`)
    const threads = [...threadCpu(instance.pid)]
      .map(([thread, cpu]) => [thread, cpu - (before[i]!.threads.get(thread) ?? cpu)] as const)
      .filter(([, cpu]) => cpu > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
    busiest.push(
      `- ${name}: ${threads.length === 0 ? 'no thread used any CPU' : threads.map(([t, cpu]) => `${t} ${ms(cpu, 0)} ms`).join(', ')}`,
    )
  })
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${machine()}, ${seconds.toFixed(0)} s without any request, ` +
      `load average at the end ${loadAverage()} (clock ticks of 10 ms: ±${ms(10 / seconds)} ms/s)\n`,
  )
  console.log(
    ['| instance | CPU ms per second, idle | warm-up until quiet |', '|---|---|---|', ...rows].join('\n'),
  )
  console.log(`\nBusiest threads over the window:\n${busiest.join('\n')}`)
  console.log(`\nTarget for this app: ≤ ${TARGET} ms of CPU per second on both engines.`)
} finally {
  for (const { instance } of instances.reverse()) await instance.stop()
  if (!options.keep) await database.drop()
}
