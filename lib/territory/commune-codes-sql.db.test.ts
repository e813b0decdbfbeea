// The commune codes a search's commune criterion stands for, on the reference data of both engines.
import { afterAll, describe, expect, it } from 'vitest'
import { closePool, query } from '../db/pool'
import { engineSkipped, testEngine } from '../testing/engine'
import { communeCodesMatching } from './commune-codes-sql'

afterAll(() => closePool())

async function matching(codes: string[]): Promise<string[]> {
  const { rows } = await query<{ code: string }>(
    `SELECT code FROM (${communeCodesMatching('$1::text[]')}) m ORDER BY code`,
    [codes],
  )
  return rows.map((r) => r.code)
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i))

describe.skipIf(engineSkipped)(`commune codes of a search on ${testEngine}`, () => {
  it('expands Paris, Lyon and Marseille to their arrondissements', async () => {
    expect(await matching(['75056'])).toEqual(['75056', ...range(75101, 75120)])
    expect(await matching(['69123'])).toEqual(['69123', ...range(69381, 69389)])
    expect(await matching(['13055'])).toEqual(['13055', ...range(13201, 13216)])
  })

  it('keeps other codes, arrondissements and unknown codes as they are', async () => {
    expect(await matching(['35238', '69383', '99999'])).toEqual(['35238', '69383', '99999'])
  })
})
