// The one check of text entering the service: every string a request brings (keys and values of
// parameters, bodies, identifiers such as client_id) must be storable, i.e. accepted by PostgreSQL's
// text and jsonb on both engines. Two things are not: U+0000 (text cannot hold it) and a lone UTF-16
// surrogate, which a JSON escape (\ud800) smuggles in and which has no UTF-8 form (jsonb refuses
// it with 22P02, text stores U+FFFD in its place). Such input is refused as 400, never a 500.

export type UnstorableReason = 'nul_character' | 'lone_surrogate'

export const UNSTORABLE_MESSAGES: Record<UnstorableReason, string> = {
  nul_character: 'Le caractère nul (U+0000) n’est pas accepté.',
  lone_surrogate:
    'Le texte contient un demi-caractère UTF-16 isolé (surrogate) : ce n’est pas du texte Unicode valide.',
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Why `text` cannot be stored, or null when it can. */
export function unstorableReason(text: string): UnstorableReason | null {
  if (text.includes('\u0000')) return 'nul_character'
  if (LONE_SURROGATE.test(text)) return 'lone_surrogate'
  return null
}

export function isStorableText(text: string): boolean {
  return unstorableReason(text) === null
}

export interface UnstorableText {
  /** Path of the key or value within `value` (keys as they are, list indices as numbers). */
  path: string[]
  reason: UnstorableReason
}

/**
 * Every unstorable string (key or value) within a parsed value: plain objects and lists are walked,
 * to at most `maxDepth` levels (inputs are bounded before parsing, lib/http/nesting.ts).
 */
export function findUnstorableText(value: unknown, maxDepth = 64): UnstorableText[] {
  const found: UnstorableText[] = []
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'string') {
      const reason = unstorableReason(node)
      if (reason) found.push({ path, reason })
      return
    }
    if (path.length >= maxDepth || node === null || typeof node !== 'object') return
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, [...path, String(index)]))
      return
    }
    const proto = Object.getPrototypeOf(node) as unknown
    if (proto !== Object.prototype && proto !== null) return
    for (const [key, item] of Object.entries(node)) {
      const reason = unstorableReason(key)
      if (reason) found.push({ path: [...path, key], reason })
      else walk(item, [...path, key])
    }
  }
  walk(value, [])
  return found
}
