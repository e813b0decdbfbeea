// The two app instances the end-to-end tests run against: the embedded engine and PostgreSQL.
import os from 'node:os'
import path from 'node:path'

export const SERVERS = {
  embedded: { port: 3101, dataDir: path.join(os.tmpdir(), 'tda-e2e-3101') },
  postgres: { port: 3102, dataDir: path.join(os.tmpdir(), 'tda-e2e-3102') },
} as const

export type Engine = keyof typeof SERVERS

export const baseUrl = (engine: Engine) => `http://localhost:${SERVERS[engine].port}`

/** Size of the synthetic data the test servers start with. */
export const E2E_SEED = { establishments: 4000, premises: 800, seed: 1 } as const

export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password' } as const
