import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { indexNaf, matchNaf, NAF_COMMON_NAMES, stem, stems, type NafEntry } from './naf-match'

// The nomenclature the reference data loads (sous-classes only: codes like 62.01Z).
const require = createRequire(import.meta.url)
const raw = JSON.parse(readFileSync(require.resolve('@socialgouv/codes-naf/index.json'), 'utf8')) as Array<{
  id: string
  label: string
}>
const NAF: NafEntry[] = raw
  .filter((e) => /^\d{2}\.\d{2}[A-Z]$/.test(e.id))
  .map((e) => ({ code: e.id, libelle: e.label }))
const index = indexNaf(NAF)
const codes = (text: string, limit = 20) => matchNaf(index, text, limit).map((e) => e.code)

describe('stem', () => {
  it('brings the name of a trade, its activity and their plurals together', () => {
    expect(stem('RESTAURANT')).toBe(stem('RESTAURATION'))
    expect(stem('RESTAURANTS')).toBe('RESTAUR')
    expect(stem('COIFFEUR')).toBe(stem('COIFFURE'))
    expect(stem('BOULANGER')).toBe(stem('BOULANGERIE'))
    expect(stem('BOUCHER')).toBe(stem('BOUCHERIES'))
  })

  it('keeps short words and at least four letters', () => {
    expect(stem('BAR')).toBe('BAR')
    expect(stem('TAXI')).toBe('TAXI')
    expect(stem('GARAGE')).toBe('GARAG')
  })

  it('drops stop words and normalises', () => {
    expect(stems('Débits de boissons')).toEqual(['DEBIT', 'BOISSON'])
  })
})

describe('matchNaf', () => {
  it('knows every code of the common names', () => {
    const known = new Set(NAF.map((e) => e.code))
    for (const code of Object.keys(NAF_COMMON_NAMES)) expect(known.has(code), code).toBe(true)
  })

  it('finds a code with or without the dot, then codes starting with it', () => {
    expect(codes('56.10A')[0]).toBe('56.10A')
    expect(codes('5610a')[0]).toBe('56.10A')
    const prefix = codes('56.1')
    expect(prefix).toEqual(['56.10A', '56.10B', '56.10C'])
  })

  it('finds activities by the common name of the trade', () => {
    expect(codes('restaurant')[0]).toBe('56.10A')
    expect(codes('restaurant')).toEqual(expect.arrayContaining(['56.10A', '56.10C']))
    expect(codes('Boulangerie')[0]).toBe('10.71C')
    expect(codes('coiffeur')[0]).toBe('96.02A')
    expect(codes('garage')[0]).toBe('45.20A')
    expect(codes('pharmacie')[0]).toBe('47.73Z')
    expect(codes('plombier')[0]).toBe('43.22A')
  })

  it('finds labels by the stems of their words, in any order, accents and case aside', () => {
    expect(codes('restauration traditionnelle')[0]).toBe('56.10A')
    expect(codes('traditionnelle restauration')).toContain('56.10A')
    expect(codes('coiffure')[0]).toBe('96.02A')
    expect(codes('PATISSERIE')).toEqual(expect.arrayContaining(['10.71C', '10.71D']))
    expect(codes('réparation automobiles')).toContain('45.20A')
  })

  it('finds a word being typed', () => {
    expect(codes('restau')).toContain('56.10A')
    expect(codes('coiff')).toContain('96.02A')
  })

  it('ranks the label equal to the text before labels containing its words', () => {
    expect(codes('Coiffure')[0]).toBe('96.02A')
    expect(codes('Supermarchés')[0]).toBe('47.11D')
  })

  it('returns nothing for no match and respects the limit', () => {
    expect(codes('zzqqxx')).toEqual([])
    expect(codes('--')).toEqual([])
    expect(codes('commerce', 5)).toHaveLength(5)
  })
})
