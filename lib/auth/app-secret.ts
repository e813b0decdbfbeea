// The secret of the browser app's sessions (NEXTAUTH_SECRET) and the values derived from it
// (cookie keys of the authorization server, the app's own client secret, form tokens). When the
// variable is unset it is generated once and kept under DATA_DIR (never in git), so `npm start`
// works on defaults and sessions survive restarts. Several instances must share NEXTAUTH_SECRET.
import { createHmac, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { env, type Env } from '../env'

const cache = new Map<string, string>()

function appSecretFile(dataDir: string): string {
  return path.join(dataDir, 'secrets', 'nextauth-secret')
}

/** The secret kept in `file`, created (32 random bytes, base64url, mode 0600) when missing. */
export function readOrCreateSecret(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  const secret = randomBytes(32).toString('base64url')
  try {
    // 'wx': two processes starting together keep the first one's secret.
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
    return secret
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim()
    throw error
  }
}

/** NEXTAUTH_SECRET, or the secret generated under DATA_DIR on the first start. */
export function appSecret(e: Pick<Env, 'NEXTAUTH_SECRET' | 'dataDir'> = env()): string {
  if (e.NEXTAUTH_SECRET) return e.NEXTAUTH_SECRET
  const file = appSecretFile(e.dataDir)
  let secret = cache.get(file)
  if (!secret) {
    secret = readOrCreateSecret(file)
    if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters.`)
    cache.set(file, secret)
  }
  return secret
}

/** A secret for one purpose, derived from the app secret (HMAC-SHA256, base64url). */
export function derivedSecret(purpose: string, secret: string = appSecret()): string {
  return createHmac('sha256', secret).update(`territorial-data-api:${purpose}`).digest('base64url')
}
