import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePool, pool, query } from '../db/pool'
import { seedDatabase } from '../seed/seed-database'
import { engineSkipped, testEngine } from '../testing/engine'
import {
  ESTABLISHMENT_JOINS,
  ESTABLISHMENT_SELECT,
  rowToEstablishment,
  type EstablishmentRow,
} from './read-model'
import { establishmentDetailWireSchema, serialiseEstablishmentDetail } from './serialise'

beforeAll(async () => {
  await seedDatabase(pool(), { establishments: 500, premises: 10, seed: 3 })
})
afterAll(() => closePool())

describe.skipIf(engineSkipped)(`establishment read model on ${testEngine}`, () => {
  it('reads rows that serialise to the spec shape, with labels joined', async () => {
    const { rows } = await query<EstablishmentRow>(
      `SELECT ${ESTABLISHMENT_SELECT} FROM etablissement e ${ESTABLISHMENT_JOINS} ORDER BY e.siret`,
    )
    expect(rows).toHaveLength(500)
    for (const row of rows) {
      const wire = establishmentDetailWireSchema.parse(serialiseEstablishmentDetail(rowToEstablishment(row)))
      expect(wire.libelle_naf).not.toBe('')
      expect(wire.effectif_details.tranche_label).not.toBe(wire.effectif_details.tranche_code)
      expect(typeof wire.effectif === 'number').toBe(wire.effectif_details.valeur_saisie !== null)
    }
    expect(rows.some((r) => r.lon === null)).toBe(true)
    expect(typeof rows[0]!.lon === 'number' || rows[0]!.lon === null).toBe(true)
  })
})
