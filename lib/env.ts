// The only reader of process.env. Parsed once, validated with zod, with defaults that run the
// embedded engine on a laptop. A wrong value stops the process with the variable's name.
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATABASE_URL: optionalString.pipe(z.string().startsWith('postgres').optional()),
  DATA_DIR: z.string().default('./data'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Opening a database connection fails after this delay (ms): 503 while the database is unreachable. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** A request's SQL statement fails after this delay (ms): 504 (0: no limit). PostgreSQL server only. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  SEED_ESTABLISHMENTS: z.coerce.number().int().min(0).default(50_000),
  SEED_PREMISES: z.coerce.number().int().min(0).default(20_000),
  SEED_PARCELS: z.coerce.number().int().min(0).default(100_000),
  SEED_RANDOM_SEED: z.coerce.number().int().default(1),
  ADMIN_EMAIL: z.email().default('admin@localhost.test'),
  ADMIN_PASSWORD: z.string().min(8).default('admin-local-only'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** `json` (one JSON object per line, for log shippers) or `text`; unset: json in production, else text. */
  LOG_FORMAT: z.enum(['json', 'text']).optional(),
  /** Bearer token that /metrics asks for on the service's port; unset (and no METRICS_PORT): no /metrics. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'at least 16 characters').optional()),
  /** A separate port serving /metrics (and the health checks) only, e.g. on a private interface. */
  METRICS_PORT: optionalString
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(1).max(65535).optional()),
  /** On SIGTERM, requests in flight get this long (ms) to finish before their connections are closed. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** Secret of staff sessions and of the values derived from it; generated under DATA_DIR when unset. */
  NEXTAUTH_SECRET: optionalString.pipe(z.string().min(32, 'at least 32 characters').optional()),
  /** Lifetime of access tokens, seconds. */
  OAUTH_ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(86_400).default(7200),
  /** How long the API trusts its cached view of client applications (revocation delay), seconds. */
  OAUTH_CLIENT_CACHE_TTL: z.coerce.number().int().min(1).max(300).default(5),
  /** A signing key older than this is replaced automatically (the old one stays published). */
  OAUTH_KEY_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Behind a TLS-terminating proxy: trust X-Forwarded-Proto/Host for endpoint URLs. */
  TRUST_PROXY: z.stringbool().default(false),
  /** Rate-limit counters shared by several instances in Redis instead of PostgreSQL. */
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'redis:// or rediss:// URL')
      .optional(),
  ),
  /** Data API requests per application and minute, and per day, unless the application has its own. */
  QUOTA_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  QUOTA_PER_DAY: z.coerce.number().int().min(1).default(500_000),
  RATE_LIMIT_TOKEN_PER_CLIENT: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_TOKEN_PER_IP: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_SIGNIN_PER_IP: z.coerce.number().int().min(1).default(50),
  /** Commune tiles (/carte/communes/…, no sign-in) a client address may fetch a minute. */
  RATE_LIMIT_TILES_PER_IP: z.coerce.number().int().min(1).default(1200),
  /** Offers an application may create a minute (POST /eco/immo/offres). */
  RATE_LIMIT_OFFERS_PER_CLIENT: z.coerce.number().int().min(1).default(120),
  /** An external MapLibre style for the explorer's maps (a deployment with internet); unset: the offline style. */
  MAP_STYLE_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'an http(s) URL of a MapLibre style (style.json)' }).optional(),
  ),
  /** Where dataset files live: `local` (DATA_DIR/files, served at /files) or `s3`. */
  FILES_DRIVER: z.enum(['local', 's3']).default('local'),
  /** Origin (and path prefix) of download addresses, e.g. a CDN in front of the file store. */
  FILES_BASE_URL: optionalString.pipe(z.url().optional()),
  /** Key signing the local driver's download addresses; generated under DATA_DIR when unset. */
  FILES_SIGNING_SECRET: optionalString.pipe(z.string().min(32, 'at least 32 characters').optional()),
  FILES_S3_BUCKET: optionalString,
  FILES_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** S3-compatible server (MinIO, Garage, Scaleway, OVH, …); unset = AWS. */
  FILES_S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  FILES_S3_PREFIX: z.string().trim().default(''),
  FILES_S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /** Unset: the AWS SDK's default credential chain (environment, profile, instance role). */
  FILES_S3_ACCESS_KEY_ID: optionalString,
  FILES_S3_SECRET_ACCESS_KEY: optionalString,
  /** Embedded engine: a connection idle inside a transaction longer than this (ms) is terminated (0: never). */
  EMBEDDED_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** A client must send its request headers within this delay (ms), else 408 and the socket closes. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** A client must send its whole request (headers and body) within this delay (ms). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** Whether this instance runs dataset file generation jobs. */
  DATASET_JOBS: z.stringbool().default(true),
})

export type Env = z.infer<typeof envSchema> & {
  /** Absolute DATA_DIR. */
  dataDir: string
  /** Public origin used in absolute links, e.g. http://localhost:3000 */
  publicUrl: string
}

let cached: Env | undefined

export class EnvError extends Error {
  override name = 'EnvError'
}

const checkedEnvSchema = envSchema.superRefine((e, ctx) => {
  if (e.FILES_DRIVER === 's3' && !e.FILES_S3_BUCKET)
    ctx.addIssue({ code: 'custom', path: ['FILES_S3_BUCKET'], message: 'required when FILES_DRIVER=s3' })
  if (Boolean(e.FILES_S3_ACCESS_KEY_ID) !== Boolean(e.FILES_S3_SECRET_ACCESS_KEY))
    ctx.addIssue({
      code: 'custom',
      path: ['FILES_S3_SECRET_ACCESS_KEY'],
      message: 'FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY go together',
    })
})

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = checkedEnvSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`)
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}\nSee README.md, section Configuration.`)
  }
  const env = result.data
  const port = env.PORT === 0 ? 3000 : env.PORT
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${port}`).replace(/\/$/, ''),
  }
}

export function env(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

/** Tests and CLIs that change process.env after start-up call this. */
export function resetEnvCache(): void {
  cached = undefined
}

/**
 * Loads `.env` from the working directory when present (entry points call this before env()).
 * Variables already set in the environment win.
 */
export function loadDotEnv(file = '.env'): void {
  // Entry points only (server.ts, CLI): keep the bundler from tracing the whole project for it.
  if (fs.existsSync(/*turbopackIgnore: true*/ file)) process.loadEnvFile(/*turbopackIgnore: true*/ file)
}

/**
 * next-auth reads the public origin from process.env.NEXTAUTH_URL on its own; entry points call
 * this once at start-up so that it always follows PUBLIC_URL.
 */
export function exportLibraryEnv(e: Env = env()): void {
  process.env.NEXTAUTH_URL = e.publicUrl
}
