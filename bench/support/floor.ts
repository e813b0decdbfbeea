// The bare Next.js floor: the app under bench/floor (one route handler), built once into
// bench/floor/.next (rebuilt when its sources change) and started with `next start`, which serves
// in its own process. Its CPU per request is what the framework alone costs.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { waitFor, stopper, type Instance } from './cost'

const DIR = path.resolve('bench/floor')
const NEXT = path.resolve('node_modules/next/dist/bin/next')
const FINGERPRINT = path.join(DIR, '.next', 'source-fingerprint')

function fingerprint(): string {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name === '.next') continue
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else hash.update(path.relative(DIR, full)).update('\0').update(fs.readFileSync(full)).update('\0')
    }
  }
  walk(DIR)
  hash.update(fs.readFileSync('package-lock.json'))
  return hash.digest('hex')
}

/** Builds bench/floor unless its build is up to date. */
export function buildFloor(): void {
  const current = fingerprint()
  if (fs.existsSync(FINGERPRINT) && fs.readFileSync(FINGERPRINT, 'utf8') === current) return
  console.error('[floor] building the bare Next.js app (bench/floor)…')
  const build = spawnSync(process.execPath, [NEXT, 'build'], {
    cwd: DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  })
  if (build.status !== 0) throw new Error('the floor app did not build')
  fs.writeFileSync(FINGERPRINT, current)
}

/** `next start` of the floor app; GET any path answers a constant JSON (`?status=404`: a 404). */
export async function startBareNext(port: number): Promise<Instance> {
  buildFloor()
  const origin = `http://localhost:${port}`
  const child = spawn(process.execPath, [NEXT, 'start', DIR, '-p', String(port), '-H', 'localhost'], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitFor(origin, '/floor', child)
  return { origin, pid: child.pid!, stop: stopper(child) }
}
