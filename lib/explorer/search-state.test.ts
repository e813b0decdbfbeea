import { describe, expect, it } from 'vitest'
import { queryToObject } from '../http/query'
import {
  bffSearchQuery,
  communeCodes,
  EMPTY_CRITERIA,
  explorerHref,
  explorerQueryString,
  fieldOfIssue,
  hasCriteria,
  joinCommunes,
  lastPage,
  parseExplorerState,
  toApiSearch,
} from './search-state'

describe('explorer search state', () => {
  it('reads the address, with defaults for missing or unusable paging', () => {
    const state = parseExplorerState(new URLSearchParams('q=boulangerie&commune=35238&page=3&taille=25'))
    expect(state).toEqual({ ...EMPTY_CRITERIA, q: 'boulangerie', commune: '35238', page: 3, size: 25 })
    expect(parseExplorerState(new URLSearchParams('page=0&taille=30'))).toMatchObject({ page: 1, size: 50 })
    expect(parseExplorerState(new URLSearchParams('page=-2&taille=abc'))).toMatchObject({ page: 1, size: 50 })
  })

  it('writes the address without defaults and reads back the same state', () => {
    const state = {
      ...EMPTY_CRITERIA,
      zone: 'c6b4b0a8-0000-5000-8000-000000000000',
      naf: '62.01Z',
      page: 2,
      size: 100 as const,
    }
    const qs = explorerQueryString(state)
    expect(qs).toBe('zone=c6b4b0a8-0000-5000-8000-000000000000&naf=62.01Z&page=2&taille=100')
    expect(parseExplorerState(new URLSearchParams(qs))).toEqual(state)
    expect(explorerQueryString({ ...EMPTY_CRITERIA, page: 1, size: 50 })).toBe('')
  })

  it('builds the API search object from the criteria set', () => {
    expect(toApiSearch(EMPTY_CRITERIA)).toBeUndefined()
    expect(hasCriteria(EMPTY_CRITERIA)).toBe(false)
    const criteria = { ...EMPTY_CRITERIA, q: 'Dupont', effectif: '11', commune: '2A004' }
    expect(hasCriteria(criteria)).toBe(true)
    expect(toApiSearch(criteria)).toEqual({ q: 'Dupont', code_commune: '2A004', tranche_effectif: '11' })
    expect(toApiSearch({ ...EMPTY_CRITERIA, commune: '69123, 35238,,69123' })).toEqual({
      code_commune: ['69123', '35238'],
    })
  })

  it('keeps several communes in one address parameter and sends them as a list', () => {
    expect(communeCodes(' 69123,35238 ,69123, ')).toEqual(['69123', '35238'])
    expect(communeCodes('')).toEqual([])
    expect(joinCommunes(['01001', '01093', '01001'])).toBe('01001,01093')
    const state = parseExplorerState(new URLSearchParams('commune=69123%2C35238'))
    expect(state.commune).toBe('69123,35238')
    const qs = bffSearchQuery(state)
    expect(qs).toBe('search%5Bcode_commune%5D=69123&search%5Bcode_commune%5D=35238')
    expect(queryToObject(new URLSearchParams(qs))).toEqual({ search: { code_commune: ['69123', '35238'] } })
  })

  it('builds a BFF query string that the server nests back into the search object', () => {
    const criteria = { ...EMPTY_CRITERIA, q: 'a&b=c', naf: '10.71C' }
    const qs = bffSearchQuery(criteria, { page: 4, size: 10 })
    expect(queryToObject(new URLSearchParams(qs))).toEqual({
      search: { q: 'a&b=c', code_naf: '10.71C' },
      page: '4',
      size: '10',
    })
    expect(bffSearchQuery(EMPTY_CRITERIA)).toBe('')
  })

  it('maps API issue paths to form fields', () => {
    expect(fieldOfIssue('search.code_commune')).toBe('commune')
    expect(fieldOfIssue('search.q.0')).toBe('q')
    expect(fieldOfIssue('search.zone_id')).toBe('zone')
    expect(fieldOfIssue('size')).toBe('size')
    expect(fieldOfIssue('search')).toBeNull()
    expect(fieldOfIssue('')).toBeNull()
  })

  it('stops the pages at the 10,000 results the API serves', () => {
    expect(lastPage(0, 50)).toBe(1)
    expect(lastPage(101, 50)).toBe(3)
    expect(lastPage(250_000, 100)).toBe(100)
    expect(lastPage(250_000, 25)).toBe(400)
  })

  it('gives page links that carry the whole search', () => {
    const state = { ...EMPTY_CRITERIA, commune: '69123', naf: '56.10A', page: 3, size: 25 as const }
    expect(explorerHref(state)).toBe('/?commune=69123&naf=56.10A&page=3&taille=25')
    expect(explorerHref({ ...EMPTY_CRITERIA, page: 1, size: 50 })).toBe('/')
  })
})
