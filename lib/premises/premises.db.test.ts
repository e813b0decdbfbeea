// Local premises on both engines: one record by id, and the search filter checked against the same
// criteria applied in JavaScript to the test's own rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePool, query } from '../db/pool'
import type { PremisesRecord } from '../seed/generate-premises'
import { insertPremises } from '../testing/dataset-fixtures'
import { engineSkipped, testEngine } from '../testing/engine'
import { zoneId } from '../territory/zone-id'
import { getPremisesOrThrow } from './get-premises'
import { premisesSearchSchema, toPremisesCriteria } from './search-criteria'
import { selectMatchingPremises } from './search-filter'
import { serialisePremises } from './serialise'

afterAll(() => closePool())

describe.skipIf(engineSkipped)(`local premises on ${testEngine}`, () => {
  const tag = testEngine === 'postgres' ? 'ZQXP0301' : 'ZQXP0302'
  let records: PremisesRecord[]

  beforeAll(async () => {
    records = await insertPremises(tag, 18)
  })

  async function matching(search: unknown): Promise<string[]> {
    const select = selectMatchingPremises(toPremisesCriteria(premisesSearchSchema.parse(search)), {
      select: 'l.id',
      orderBy: 'l.id',
    })
    const { rows } = await query<{ id: string }>(select.text, select.values)
    return rows.map((r) => r.id).filter((id) => records.some((r) => r.id === id))
  }

  const ids = (keep: (r: PremisesRecord) => boolean) =>
    records
      .filter(keep)
      .map((r) => r.id)
      .sort()

  it.each<[string, unknown, (r: PremisesRecord) => boolean]>([
    [
      'an owner text, accents and case aside',
      `sci ${tag.toLowerCase()} boeuf`,
      (r) => r.proprietaire.includes('Bœuf'),
    ],
    ['a year', { proprietaire: tag, annee: 2024 }, (r) => r.annee === 2024],
    ['a commune', { proprietaire: tag, codcom: '35238' }, () => true],
    ['another commune', { proprietaire: tag, code_commune: '35047' }, () => false],
    ['a department', { proprietaire: tag, departement: '35' }, () => true],
    ['a zone (the EPCI of Rennes)', { proprietaire: tag, zone_id: zoneId('epci', '243500139') }, () => true],
    ['a zone elsewhere', { proprietaire: tag, zone_id: zoneId('departement', '29') }, () => false],
    [
      'owners, any of',
      { proprietaire: [`${tag} cafe`, `${tag} plain`] },
      (r) => r.proprietaire.includes('Café') || r.proprietaire.includes('Plain'),
    ],
  ])('finds premises by %s', async (_name, search, keep) => {
    expect(await matching(search)).toEqual(ids(keep))
  })

  it('reads one record by id, 404 otherwise', async () => {
    const record = records[3]!
    const found = await getPremisesOrThrow(record.id)
    expect(serialisePremises(found)).toEqual({
      id: record.id,
      annee: record.annee,
      commune: record.commune,
      codcom: record.codcom,
      invariant: record.invariant,
      parcelle: record.parcelle,
      proprietaire: record.proprietaire,
      compte: null,
      adresse: record.adresse,
      url: `/v0/ca/locaux/${record.id}`,
    })
    await expect(getPremisesOrThrow('352389999999999')).rejects.toMatchObject({ status: 404 })
  })
})
