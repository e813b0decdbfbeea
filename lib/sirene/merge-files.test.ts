import { describe, expect, it } from 'vitest'
import { sortedRecords, UnsortedInputError } from './merge-files'
import type { FileSummary } from './stage-file'

async function* batchesOf(...batches: string[][][]): AsyncGenerator<readonly string[][]> {
  for (const batch of batches) yield batch
}

const map = (row: string[]) => (row[0] === 'x' ? 'illisible' : { key: row[0]!, value: row[1]! })

async function collect(batches: string[][][]) {
  const summary: FileSummary = { fichier: 'f.csv', lues: 0, retenues: 0, ignorees: {} }
  let duplicates = 0
  const out: Array<Array<{ key: string; value: string }>> = []
  for await (const batch of sortedRecords(
    batchesOf(...batches),
    map,
    (r) => r.key,
    summary,
    () => duplicates++,
  ))
    out.push(batch)
  return { out, summary, duplicates }
}

describe('sortedRecords', () => {
  it('keeps the last of repeated keys, across batches too, and counts skipped rows', async () => {
    const { out, summary, duplicates } = await collect([
      [
        ['1', 'a'],
        ['2', 'b'],
        ['x', ''],
      ],
      [
        ['2', 'c'],
        ['3', 'd'],
      ],
      [['3', 'e']],
      [],
      [['4', 'f']],
    ])
    expect(out.flat()).toEqual([
      { key: '1', value: 'a' },
      { key: '2', value: 'c' },
      { key: '3', value: 'e' },
      { key: '4', value: 'f' },
    ])
    expect(summary).toEqual({ fichier: 'f.csv', lues: 7, retenues: 6, ignorees: { illisible: 1 } })
    expect(duplicates).toBe(2)
  })

  it('ignores skipped rows when checking the order', async () => {
    const { out } = await collect([
      [
        ['1', 'a'],
        ['x', ''],
        ['2', 'b'],
      ],
    ])
    expect(out.flat().map((r) => r.key)).toEqual(['1', '2'])
  })

  it('throws UnsortedInputError naming the record where a key goes back', async () => {
    const failing = collect([
      [
        ['1', 'a'],
        ['3', 'b'],
      ],
      [['2', 'c']],
    ])
    await expect(failing).rejects.toBeInstanceOf(UnsortedInputError)
    await expect(failing).rejects.toThrow('f.csv n’est pas trié : 2 (enregistrement 4) vient après 3')
  })

  it('yields nothing for a file without kept rows', async () => {
    expect((await collect([[['x', '']]])).out).toEqual([])
  })
})
