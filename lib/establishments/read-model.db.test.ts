import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePool, pool, query } from '../db/pool'
import { seedDatabase } from '../seed/seed-database'
import { engineSkipped, testEngine } from '../testing/engine'
import {
  ESTABLISHMENT_DETAIL_SELECT,
  ESTABLISHMENT_JOINS,
  rowToEstablishmentDetail,
  type EstablishmentDetailRow,
} from './read-model'
import { establishmentDetailWireSchema, serialiseEstablishmentDetail } from './serialise'

beforeAll(async () => {
  await seedDatabase(pool(), { establishments: 500, premises: 10, seed: 3 })
})
afterAll(() => closePool())

describe.skipIf(engineSkipped)(`establishment read model on ${testEngine}`, () => {
  it('reads rows that serialise to the spec shape, with labels joined', async () => {
    const { rows } = await query<EstablishmentDetailRow>(
      `SELECT ${ESTABLISHMENT_DETAIL_SELECT} FROM etablissement e ${ESTABLISHMENT_JOINS} ORDER BY e.siret`,
    )
    expect(rows).toHaveLength(500)
    for (const row of rows) {
      const wire = establishmentDetailWireSchema.parse(
        serialiseEstablishmentDetail(rowToEstablishmentDetail(row)),
      )
      expect(wire.libelle_naf).not.toBe('')
      expect(wire.effectif_details.tranche_label).not.toBe(wire.effectif_details.tranche_code)
      expect(typeof wire.effectif === 'number').toBe(wire.effectif_details.valeur_saisie !== null)
    }
    expect(rows.some((r) => r.lon === null)).toBe(true)
    expect(typeof rows[0]!.lon === 'number' || rows[0]!.lon === null).toBe(true)
  })

  it('reads the contact lists the seed stored, as arrays, and none for some establishments', async () => {
    const { rows } = await query<EstablishmentDetailRow>(
      `SELECT ${ESTABLISHMENT_DETAIL_SELECT} FROM etablissement e ${ESTABLISHMENT_JOINS} ORDER BY e.siret`,
    )
    const contacts = rows.map((row) => rowToEstablishmentDetail(row).contact)
    const none = contacts.filter((c) => c.emails.length + c.telephones.length === 0 && c.website === null)
    expect(none.length / rows.length).toBeGreaterThan(0.2)
    expect(none.length / rows.length).toBeLessThan(0.5)
    expect(contacts.some((c) => c.telephones.length > 1)).toBe(true)
    expect(contacts.some((c) => c.emails.length > 0)).toBe(true)
    expect(contacts.some((c) => c.website !== null)).toBe(true)
    for (const c of contacts) {
      expect(Array.isArray(c.emails) && Array.isArray(c.telephones)).toBe(true)
    }
  })
})
