// Features written by PostgreSQL: the same text JSON.stringify writes for the same properties, on
// both engines (escapes, accents, numbers, nulls), around the stored outline as it is.
import { afterAll, describe, expect, it } from 'vitest'
import { closePool, query } from '../db/pool'
import { engineSkipped, testEngine } from '../testing/engine'
import { featureSql, featureText } from './parcels'

afterAll(() => closePool())

describe.skipIf(engineSkipped)(`features written in SQL on ${testEngine}`, () => {
  it('writes the text featureText writes', async () => {
    const cases: Array<[string, number | null]> = [
      ['352380000A0001', 70425],
      ['L’Haÿ-les-Roses « centre » \\ "quoted"', 0],
      ['tab\there, new\nline', 12.5],
      ['', null],
    ]
    const geometry = '{"type":"Polygon","coordinates":[[[-1.6,48.1],[-1.5,48.1],[-1.5,48.2],[-1.6,48.1]]]}'
    for (const [text, number] of cases) {
      const { rows } = await query<{ feature: string }>(
        `SELECT ${featureSql('$1::text', [
          ['id', '$2::text'],
          ['url', `'/v0/x/' || $2::text`],
          ['n', '$3::float8'],
        ])} AS feature`,
        [geometry, text, number],
      )
      expect(rows[0]!.feature).toBe(featureText(geometry, { id: text, url: `/v0/x/${text}`, n: number }))
    }
  })
})
