// The search filter against a JavaScript oracle over the same deterministic synthetic data, on
// both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closePool, pool, query } from '../db/pool'
import { seedDatabase } from '../seed/seed-database'
import { engineSkipped, testEngine } from '../testing/engine'
import type { SearchCriteria } from './search-criteria'
import { selectMatching } from './search-filter'
import { normalise, syntheticWorld } from '../testing/search-oracle'

const SEED = { establishments: 3000, premises: 10, seed: 11 }
const { ref, records, communes, oracle } = syntheticWorld(SEED)

async function run(criteria: SearchCriteria): Promise<string[]> {
  const q = selectMatching(criteria, { select: 'e.siret', orderBy: 'e.siret' })
  return (await query<{ siret: string }>(q.text, q.values)).rows.map((r) => r.siret)
}

beforeAll(async () => {
  await seedDatabase(pool(), SEED)
})
afterAll(() => closePool())

describe.skipIf(engineSkipped)(`establishment search filter on ${testEngine}`, () => {
  const sample = records[123]!
  const perCommune = new Map<string, number>()
  for (const r of records) perCommune.set(r.codeCommune, (perCommune.get(r.codeCommune) ?? 0) + 1)
  const busiest = [...perCommune].sort((a, b) => b[1] - a[1])[0]![0]
  const departementZone = ref.zones.find(
    (z) => z.type === 'departement' && z.code === communes.get(busiest)!.departement,
  )!
  const epciZone = ref.zones.find((z) => z.type === 'epci' && z.communes.includes(busiest))

  const cases: Array<[string, SearchCriteria]> = [
    ['commune', { communes: [busiest] }],
    ['communes (any of)', { communes: [busiest, sample.codeCommune] }],
    ['department zone', { zones: [departementZone.id] }],
    ['EPCI zone', { zones: epciZone ? [epciZone.id] : [departementZone.id] }],
    ['department code', { departements: [communes.get(sample.codeCommune)!.departement] }],
    ['region', { regions: ['11', '53'] }],
    ['NAF and band', { nafs: ['68.20B', '70.10Z'], tranches: ['NN'] }],
    ['SIRET', { sirets: [sample.siret] }],
    ['SIREN', { sirens: [sample.siren] }],
    ['text, other case and no accents', { texts: [normalise(sample.entreprise).toLowerCase()] }],
    ['text as SIRET', { texts: [sample.siret] }],
    ['texts (any of)', { texts: ['boulangerie', 'pharmacie'] }],
    ['AND of keys', { regions: ['11'], texts: ['sas'], tranches: ['NN', '00', '01'] }],
    ['commune inside zone', { zones: [departementZone.id], communes: [busiest, '29019'] }],
  ]

  for (const [name, criteria] of cases) {
    it(`selects exactly the matches: ${name}`, async () => {
      const expected = oracle(criteria)
      expect(expected.length).toBeGreaterThan(0)
      expect(await run(criteria)).toEqual(expected)
    })
  }

  it('returns nothing for a text found nowhere', async () => {
    expect(await run({ texts: ['zzzqqqxxx'] })).toEqual([])
  })
})
