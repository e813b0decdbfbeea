// Query strings as plain objects for zod: repeated keys (or `key[]`) become lists and bracket keys
// nest, so `search[code_commune]=35238&search[code_commune]=35047&page=2` gives
// { search: { code_commune: ['35238', '35047'] }, page: '2' }.
import { keyNestingDepth, MAX_NESTING } from './nesting'

export type QueryValue = string | string[] | QueryObject
export interface QueryObject {
  [key: string]: QueryValue
}

const BRACKETS = /^([^[\]]+)((?:\[[^[\]]*\])+)$/
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * Splits `a[b][]` into path ['a', 'b'] with list = true; null for malformed keys and for keys nested
 * deeper than MAX_NESTING (kept verbatim: the values built from them stay shallow).
 */
function keyPath(key: string): { path: string[]; list: boolean } | null {
  if (keyNestingDepth(key) > MAX_NESTING) return null
  const match = BRACKETS.exec(key)
  if (!match) return key.includes('[') || key.includes(']') ? null : { path: [key], list: false }
  const inner = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)
  const list = inner[inner.length - 1] === ''
  const rest = list ? inner.slice(0, -1) : inner
  if (rest.some((s) => s === '')) return null
  return { path: [match[1]!, ...rest], list }
}

function emptyObject(): QueryObject {
  return Object.create(null) as QueryObject
}

export function queryToObject(params: URLSearchParams): QueryObject {
  const out = emptyObject()
  for (const [rawKey, value] of params) {
    const parsed = keyPath(rawKey)
    // Malformed or dangerous keys are kept verbatim at the top level so validation reports them.
    if (!parsed || parsed.path.some((p) => FORBIDDEN.has(p))) {
      if (!FORBIDDEN.has(rawKey)) out[rawKey] = value
      continue
    }
    let node = out
    for (const segment of parsed.path.slice(0, -1)) {
      const existing = node[segment]
      if (existing === undefined || typeof existing === 'string' || Array.isArray(existing)) {
        node[segment] = emptyObject()
      }
      node = node[segment] as QueryObject
    }
    const leaf = parsed.path[parsed.path.length - 1]!
    const existing = node[leaf]
    if (existing === undefined) node[leaf] = parsed.list ? [value] : value
    else if (Array.isArray(existing)) existing.push(value)
    else if (typeof existing === 'string') node[leaf] = [existing, value]
    else node[leaf] = value
  }
  return out
}

const INDEX = /^(0|[1-9]\d{0,3})$/

/**
 * Lists of objects as HTML forms write them (`offre[contacts][0][name]=…&offre[contacts][1][name]=…`,
 * nested by queryToObject into objects keyed "0", "1", …): every object whose keys are all indices
 * becomes the list of its values in index order. Other values are kept as they are.
 */
export function indexedObjectsToLists(value: QueryValue): QueryValue | QueryValue[] {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value
  const keys = Object.keys(value)
  const converted = emptyObject() as Record<string, QueryValue | QueryValue[]>
  for (const key of keys) converted[key] = indexedObjectsToLists(value[key]!)
  if (keys.length > 0 && keys.every((k) => INDEX.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k]) as QueryValue[]
  }
  return converted as QueryValue
}
