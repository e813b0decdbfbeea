// `npm start` builds the app only when its sources changed since the last build: a content hash of
// everything the build reads is kept next to the build output.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const ROOT = process.cwd()
const INPUTS = [
  'app',
  'components',
  'lib',
  'public',
  'proxy.ts',
  'next.config.js',
  'tsconfig.json',
  'package-lock.json',
]
const SKIP = /(\.test\.tsx?|\.pg\.test\.ts)$/
const FINGERPRINT = path.join(ROOT, '.next', 'source-fingerprint')

function* files(entry: string): Generator<string> {
  const full = path.join(ROOT, entry)
  if (!fs.existsSync(full)) return
  const stat = fs.statSync(full)
  if (stat.isFile()) {
    yield entry
    return
  }
  for (const child of fs.readdirSync(full).sort()) yield* files(path.join(entry, child))
}

export function sourceFingerprint(): string {
  const hash = createHash('sha256')
  for (const input of INPUTS) {
    for (const file of files(input)) {
      if (SKIP.test(file)) continue
      hash
        .update(file)
        .update('\0')
        .update(fs.readFileSync(path.join(ROOT, file)))
        .update('\0')
    }
  }
  return hash.digest('hex')
}

const current = sourceFingerprint()
const built =
  fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID')) && fs.existsSync(FINGERPRINT)
    ? fs.readFileSync(FINGERPRINT, 'utf8')
    : null
if (built === current) {
  console.error('[build] up to date')
} else {
  console.error(
    built ? '[build] sources changed: building…' : '[build] no build yet: building (about a minute)…',
  )
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'],
    {
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    },
  )
  if (result.status !== 0) {
    console.error('[build] failed')
    process.exit(result.status ?? 1)
  }
  fs.writeFileSync(FINGERPRINT, current)
}
