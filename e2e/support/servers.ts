// The two app instances the end-to-end tests run against: the embedded engine and PostgreSQL.
// E2E_PORT_BASE moves both (embedded on the base port, PostgreSQL on the next one), so several
// checkouts can run their suites on one machine.
import os from 'node:os'
import path from 'node:path'

const BASE = Number(process.env.E2E_PORT_BASE ?? 3101)

export const SERVERS = {
  embedded: { port: BASE, dataDir: path.join(os.tmpdir(), `tda-e2e-${BASE}`) },
  postgres: { port: BASE + 1, dataDir: path.join(os.tmpdir(), `tda-e2e-${BASE + 1}`) },
} as const

export type Engine = keyof typeof SERVERS

export const baseUrl = (engine: Engine) => `http://localhost:${SERVERS[engine].port}`

/**
 * Ports of an instance a spec starts for itself (e2e/support/instance.ts): one slot per spec file,
 * so files running at the same time never share one.
 */
export function ownInstancePorts(engine: Engine, slot: number): { port: number; metricsPort: number } {
  const port = BASE + 20 + slot * 4 + (engine === 'postgres' ? 2 : 0)
  return { port, metricsPort: port + 1 }
}

/** Default per-application quotas of the test instances (a whole run fits). */
export const E2E_QUOTA = { perMinute: 1_000_000, perDay: 100_000_000 } as const

/** The token of /metrics on the test instances. */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789'

/** The environment every test instance starts with: production mode on `port`, data in `dataDir`. */
export function instanceEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: 'localhost',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  }
  delete env.DATABASE_URL
  return env
}

/** Size of the synthetic data the test servers start with. */
export const E2E_SEED = { establishments: 12_000, premises: 800, parcels: 20_000, seed: 1 } as const

export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password' } as const

/** File in each instance's data directory describing it for CLI commands run by tests. */
export const E2E_STATE_FILE = 'e2e-state.json'

/** A staff user (role "staff") registered on both instances at start. */
export const E2E_STAFF = {
  email: 'agent@e2e.test',
  password: 'agent-e2e-password',
  name: 'Agent E2E',
} as const

/**
 * Client applications registered on both instances at start, by name: their scopes (space-separated)
 * and credentials are in E2E_CLIENTS_FILE next to E2E_STATE_FILE (see e2e/support/tokens.ts).
 */
export const E2E_CLIENTS = {
  eco: { scopes: ['eco'] },
  fiscal: { scopes: ['fiscal'] },
  'eco fiscal': { scopes: ['eco', 'fiscal'] },
  'eco:write': { scopes: ['eco:write'] },
  all: { scopes: ['fiscal', 'eco', 'eco:write'] },
  none: { scopes: [] },
  /** A third-party web application using the Authorization Code flow. */
  web: { scopes: ['eco'], redirectUris: ['http://localhost:8123/callback'] },
  /** Kept for the rate-limit test only. */
  limited: { scopes: ['eco'] },
  /** Kept for the test of the limit of offer creations per application. */
  'offers-burst': { scopes: ['eco:write'] },
} as const satisfies Record<string, { scopes: readonly string[]; redirectUris?: readonly string[] }>

export type E2EClientName = keyof typeof E2E_CLIENTS

export const E2E_CLIENTS_FILE = 'e2e-clients.json'
