import net from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

function projectStub() {
  const provided: Record<string, string> = {}
  return {
    provided,
    project: {
      config: { env: { TEST_ENGINE: 'postgres' } },
      provide: (key: string, value: string) => (provided[key] = value),
    },
  }
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

describe('database test setup without a PostgreSQL server', () => {
  it('fails the run in CI', async () => {
    vi.stubEnv('TEST_POSTGRES_URL', `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`)
    vi.stubEnv('CI', '1')
    const { default: setup } = await import('./db-global-setup')
    const { project } = projectStub()
    await expect(setup(project as never)).rejects.toThrow(/cannot run/)
  })

  it('skips the suites, loudly, outside CI', async () => {
    vi.stubEnv('TEST_POSTGRES_URL', `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`)
    vi.stubEnv('CI', '')
    const { default: setup } = await import('./db-global-setup')
    const { project, provided } = projectStub()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await setup(project as never)
    expect(provided.engineSkipped).toMatch(/SKIPPED/)
  })

  it('reads CI the usual ways', async () => {
    const { requireServer } = await import('./db-global-setup')
    expect(requireServer({ CI: '1' })).toBe(true)
    expect(requireServer({ CI: 'true' })).toBe(true)
    expect(requireServer({ CI: 'false' })).toBe(false)
    expect(requireServer({})).toBe(false)
  })
})
