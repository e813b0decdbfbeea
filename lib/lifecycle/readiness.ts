// Whether this instance should receive traffic (GET /health/ready, for load balancers): not while
// it drains for a shutdown, not while its database is unreachable, not before every migration of
// its code is applied (an instance started ahead of `db:migrate`). The checks run when asked, never
// on a timer; the migrations, once applied, stay applied and are not asked again.
export type CheckState = 'ok' | 'draining' | 'unreachable' | 'pending'

export interface ReadinessReport {
  ready: boolean
  checks: {
    instance: 'ok' | 'draining'
    database: 'ok' | 'unreachable'
    migrations: 'ok' | 'pending' | 'unknown'
  }
  /** Migrations of the code not applied to the database, when some are pending. */
  pendingMigrations?: string[]
}

export interface ReadinessSources {
  draining: () => boolean
  /** Resolves when the database answers (a trivial statement under a short timeout). */
  pingDatabase: () => Promise<void>
  /** Versions the code expects and the versions the database has applied. */
  expectedMigrations: () => readonly string[]
  appliedMigrations: () => Promise<readonly string[]>
}

export class Readiness {
  private migrationsApplied = false

  constructor(private readonly sources: ReadinessSources) {}

  async check(): Promise<ReadinessReport> {
    const draining = this.sources.draining()
    let database: ReadinessReport['checks']['database'] = 'ok'
    let migrations: ReadinessReport['checks']['migrations'] = this.migrationsApplied ? 'ok' : 'unknown'
    let pending: string[] | undefined
    try {
      await this.sources.pingDatabase()
      if (!this.migrationsApplied) {
        const applied = new Set(await this.sources.appliedMigrations())
        pending = this.sources.expectedMigrations().filter((v) => !applied.has(v))
        this.migrationsApplied = pending.length === 0
        migrations = this.migrationsApplied ? 'ok' : 'pending'
      }
    } catch {
      database = 'unreachable'
    }
    const report: ReadinessReport = {
      ready: !draining && database === 'ok' && migrations === 'ok',
      checks: { instance: draining ? 'draining' : 'ok', database, migrations },
    }
    if (pending && pending.length > 0) report.pendingMigrations = pending
    return report
  }
}
