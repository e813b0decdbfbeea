import { afterAll, describe, expect, it } from 'vitest'
import { ensureAdminUser, findUserByEmail } from '../auth/users'
import { migrate, readMigrations } from '../db/migrate'
import { closePool, pool, query } from '../db/pool'
import { env } from '../env'
import { engineSkipped, testEngine } from '../testing/engine'
import { ensureReferenceData } from '../territory/load-reference'
import { zoneId } from '../territory/zone-id'
import { prepareDatabase } from './prepare-database'

afterAll(() => closePool())

describe.skipIf(engineSkipped)(`prepareDatabase on ${testEngine}`, () => {
  it('applied every migration once, and re-running applies nothing', async () => {
    const { rows } = await query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    )
    expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version))
    expect(await migrate(pool())).toEqual([])
  })

  it('loaded the reference territory once', async () => {
    const counts = await query<{
      communes: number
      zones: number
      naf: number
      bands: number
      members: number
    }>(
      `SELECT (SELECT count(*) FROM commune) AS communes, (SELECT count(*) FROM zone) AS zones,
              (SELECT count(*) FROM naf) AS naf, (SELECT count(*) FROM tranche_effectif) AS bands,
              (SELECT count(*) FROM zone_commune) AS members`,
    )
    expect(counts.rows[0]!.communes).toBeGreaterThan(34_000)
    expect(counts.rows[0]!.zones).toBeGreaterThan(1_300)
    expect(counts.rows[0]!.naf).toBe(732)
    expect(counts.rows[0]!.bands).toBe(16)
    const rennes = await query(
      `SELECT z.type, z.code FROM zone_commune zc JOIN zone z ON z.id = zc.zone_id WHERE zc.code_commune = '35238' ORDER BY z.type`,
    )
    expect(rennes.rows.map((r) => r.type)).toEqual(['departement', 'epci', 'region'])
    const ille = await query('SELECT id, nom FROM zone WHERE type = $1 AND code = $2', ['departement', '35'])
    expect(ille.rows[0]).toEqual({ id: zoneId('departement', '35'), nom: 'Ille-et-Vilaine' })
    expect((await ensureReferenceData(pool())).loaded).toBe(false)
  })

  it('normalises names the same way on both engines', async () => {
    const { rows } = await query<{ a: string; b: string; c: string }>(
      "SELECT tda_normalise($1) AS a, tda_normalise($2) AS b, tda_normalise('') AS c",
      ["L'Étoile  d'Or", 'Œuvre-Ça, Müller & Fils'],
    )
    expect(rows[0]).toEqual({ a: 'L ETOILE D OR', b: 'OEUVRE CA MULLER FILS', c: '' })
  })

  it('created the bootstrap administrator and follows ADMIN_PASSWORD', async () => {
    const admin = await findUserByEmail(env().ADMIN_EMAIL)
    expect(admin?.role).toBe('admin')
    expect(await ensureAdminUser(env().ADMIN_EMAIL, env().ADMIN_PASSWORD)).toBe('unchanged')
    expect(await ensureAdminUser(env().ADMIN_EMAIL, 'another-password')).toBe('updated')
    expect(await ensureAdminUser(env().ADMIN_EMAIL, env().ADMIN_PASSWORD)).toBe('updated')
  })

  it('is idempotent as a whole', async () => {
    const lines: string[] = []
    await prepareDatabase(pool(), { env: env(), seedIfEmpty: false, log: (l) => lines.push(l) })
    expect(lines).toEqual(['migrations: schema up to date'])
  })
})
