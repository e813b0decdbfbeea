import { describe, expect, it } from 'vitest'
import { Readiness, type ReadinessSources } from './readiness'

function sources(overrides: Partial<ReadinessSources> & { applied?: string[] } = {}) {
  let asked = 0
  const s: ReadinessSources = {
    draining: () => false,
    pingDatabase: async () => {},
    expectedMigrations: () => ['0001', '0002'],
    appliedMigrations: async () => {
      asked++
      return overrides.applied ?? ['0001', '0002']
    },
    ...overrides,
  }
  return { s, asked: () => asked }
}

describe('Readiness', () => {
  it('is ready when the database answers and every migration is applied', async () => {
    const { s } = sources()
    expect(await new Readiness(s).check()).toEqual({
      ready: true,
      checks: { instance: 'ok', database: 'ok', migrations: 'ok' },
    })
  })

  it('is not ready while draining', async () => {
    const { s } = sources({ draining: () => true })
    const report = await new Readiness(s).check()
    expect(report.ready).toBe(false)
    expect(report.checks.instance).toBe('draining')
  })

  it('is not ready while the database is unreachable', async () => {
    const { s } = sources({ pingDatabase: () => Promise.reject(new Error('ECONNREFUSED')) })
    const report = await new Readiness(s).check()
    expect(report).toMatchObject({ ready: false, checks: { database: 'unreachable', migrations: 'unknown' } })
  })

  it('names pending migrations, then stops asking once they are applied', async () => {
    let applied = ['0001']
    let asked = 0
    const readiness = new Readiness({
      draining: () => false,
      pingDatabase: async () => {},
      expectedMigrations: () => ['0001', '0002'],
      appliedMigrations: async () => {
        asked++
        return applied
      },
    })
    expect(await readiness.check()).toMatchObject({ ready: false, pendingMigrations: ['0002'] })
    applied = ['0001', '0002']
    expect((await readiness.check()).ready).toBe(true)
    expect((await readiness.check()).ready).toBe(true)
    expect(asked).toBe(2)
  })
})
