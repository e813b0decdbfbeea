// What does verifying an access token cost, against a simple request through the app? Starts a
// production instance (embedded engine, no synthetic data) on a fresh DATA_DIR, registers an
// application, obtains a real token from POST /oauth/token, then measures in the same run:
//   (a) a simple request through the app: GET / (status JSON), sequential, keep-alive;
//   (b) the API's verification as a route sees it (verifyAccessToken): a client presents the same
//       token for two hours, so after its first presentation the signature check is remembered;
//   (b') the first presentation of a token: the same verifier without remembered tokens (signature,
//       claims, cached keys and client status);
//   (c) the raw work: jose.jwtVerify with the public key already imported.
// Prints figures and the ratios b/a and b'/a (target ≤ 5 %), and b'/c (our overhead over raw).
// Usage: npm run bench:auth   (BENCH_PORT, default 3119)
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { importJWK, jwtVerify, type JWK } from 'jose'
import { obtainToken } from './support/cost'

const PORT = Number(process.env.BENCH_PORT ?? 3119)
const ORIGIN = `http://localhost:${PORT}`
const REQUESTS = 3000
const VERIFICATIONS = 30_000

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-bench-auth-'))
const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(PORT),
  HOST: 'localhost',
  PUBLIC_URL: ORIGIN,
  DATA_DIR: dataDir,
  SEED_ESTABLISHMENTS: '0',
  SEED_PREMISES: '0',
  LOG_LEVEL: 'warn',
}
delete childEnv.DATABASE_URL
// The bench process reaches the instance's database (through its socket) and verifies tokens as
// the app's route handlers would.
Object.assign(process.env, { PUBLIC_URL: ORIGIN, DATA_DIR: dataDir, NEXTAUTH_SECRET: '' })
delete process.env.DATABASE_URL

const build = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/ensure-build.ts'], {
  stdio: 'inherit',
})
if (build.status !== 0) process.exit(build.status ?? 1)

const server = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server.ts'], {
  env: childEnv,
  stdio: ['ignore', 'inherit', 'inherit'],
})

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

function get(pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${ORIGIN}${pathname}`,
      { agent, headers: { Accept: 'application/json' } },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
  })
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await get('/')) === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('the app did not start')
}

function stats(samples: number[]): { mean: number; p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  return { mean: samples.reduce((s, v) => s + v, 0) / samples.length, p50: at(0.5), p95: at(0.95) }
}

async function time(n: number, work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = []
  for (let i = 0; i < n; i++) {
    const started = performance.now()
    await work()
    samples.push(performance.now() - started)
  }
  return samples
}

try {
  await waitForServer()
  const { verifyAccessToken } = await import('@/lib/auth/verify-access-token')
  const { createAccessTokenVerifier } = await import('@/lib/auth/access-token-verifier')
  const { ClientStatusCache } = await import('@/lib/auth/client-status-cache')
  const { clientStatuses } = await import('@/lib/auth/clients')
  const { apiResourceFor, keyRetentionSeconds } = await import('@/lib/auth/tokens')
  const { publicSigningKeys } = await import('@/lib/auth/signing-keys')
  const { closePool } = await import('@/lib/db/pool')
  const firstPresentation = createAccessTokenVerifier({
    issuer: ORIGIN,
    audience: apiResourceFor(ORIGIN),
    loadKeys: () => publicSigningKeys(keyRetentionSeconds(7200)),
    clients: new ClientStatusCache(clientStatuses, 5000),
    rememberedTokens: 0,
  })

  const token = await obtainToken(ORIGIN, undefined, ['eco', 'fiscal'])
  const { keys } = (await (await fetch(`${ORIGIN}/oauth/jwks`)).json()) as { keys: JWK[] }
  const publicKey = await importJWK(keys[0]!, 'ES256')

  // Warm up every path (JIT, caches, keep-alive connection).
  await time(300, () => get('/'))
  await time(2000, () => verifyAccessToken(token))
  await time(2000, () => firstPresentation(token))
  await time(2000, () => jwtVerify(token, publicKey, { algorithms: ['ES256'] }))

  const request = stats(await time(REQUESTS, () => get('/')))
  const verification = stats(await time(VERIFICATIONS, () => verifyAccessToken(token)))
  const first = stats(await time(VERIFICATIONS, () => firstPresentation(token)))
  const raw = stats(await time(VERIFICATIONS, () => jwtVerify(token, publicKey, { algorithms: ['ES256'] })))

  const ms = (v: number) => v.toFixed(3)
  const row = (label: string, r: { mean: number; p50: number; p95: number }) =>
    console.log(`| ${label} | ${ms(r.mean)} | ${ms(r.p50)} | ${ms(r.p95)} |`)
  const pct = (v: number) => `${((v / request.p50) * 100).toFixed(2)} %`
  console.log(
    `\nToken verification vs. a simple request through the app (${os.cpus().length} CPU, Node ${process.version})\n`,
  )
  console.log('| path | mean ms | p50 ms | p95 ms |')
  console.log('|---|---|---|---|')
  row(`(a) GET / through the app (${REQUESTS} sequential requests)`, request)
  row(`(b) verifyAccessToken, token presented again (${VERIFICATIONS} calls)`, verification)
  row(`(b') first presentation of a token: full verification (${VERIFICATIONS} calls)`, first)
  row('(c) raw jose.jwtVerify ES256, key imported', raw)
  console.log(
    `\nratio b/a (verification as routes see it / simple request, p50): ${pct(verification.p50)} (target ≤ 5 %)`,
  )
  console.log(`ratio b'/a (first presentation / simple request, p50): ${pct(first.p50)} (target ≤ 5 %)`)
  console.log(
    `ratio b'/c (full verification / raw signature check, p50): ${(first.p50 / raw.p50).toFixed(2)}`,
  )
  await closePool()
} finally {
  agent.destroy()
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  fs.rmSync(dataDir, { recursive: true, force: true })
}
