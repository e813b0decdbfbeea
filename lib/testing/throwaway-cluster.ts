// A PostgreSQL cluster of its own for tests that stop, freeze and restart the server (outages):
// initdb in a temporary directory, pg_ctl to start and stop it, SIGSTOP/SIGCONT to freeze every
// process of it. Never the shared server. Runs the binaries as the `postgres` user when the tests
// run as root (initdb refuses root).
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

function binDir(): string {
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    : []
  versions.sort((a, b) => Number(b) - Number(a))
  if (!versions[0]) throw new Error(`no PostgreSQL binaries under ${root}/*/bin (initdb, pg_ctl)`)
  return path.join(root, versions[0], 'bin')
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export interface ThrowawayCluster {
  url: string
  start(): void
  stop(): void
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the postmaster and every backend. */
  freeze(): void
  thaw(): void
  destroy(): void
}

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const bin = binDir()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-outage-'))
  const data = path.join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  const ids = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
      }
    : {}
  if (asRoot) fs.chownSync(dir, ids.uid!, ids.gid!)
  const run = (command: string, args: string[]) => {
    const result = spawnSync(path.join(bin, command), args, { ...ids, encoding: 'utf8', cwd: dir })
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`)
  }
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
  const port = await freePort()
  const pgCtl = (action: string, ...extra: string[]) =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      ...extra,
      action,
    ])
  const pids = (): number[] => {
    const postmaster = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
    const children = spawnSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map(Number)
    return [postmaster, ...children]
  }
  let running = false
  const cluster: ThrowawayCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      pgCtl('start')
      running = true
    },
    stop() {
      if (running) pgCtl('stop', '-m', 'immediate')
      running = false
    },
    freeze() {
      for (const pid of pids()) process.kill(pid, 'SIGSTOP')
    },
    thaw() {
      for (const pid of pids()) process.kill(pid, 'SIGCONT')
    },
    destroy() {
      try {
        if (running) cluster.thaw()
        cluster.stop()
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
  cluster.start()
  return cluster
}
