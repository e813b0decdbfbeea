// How deeply a request may nest its input: at most MAX_NESTING levels of JSON arrays and objects, or
// of bracketed form and query keys (`a[b][c]`). Deeper input would overflow the stack of the code
// that walks it (validation, conversions), so it is measured on the text, before anything parses
// it, and refused with a 400 problem. No contract of this API nests deeper than a few levels.

export const MAX_NESTING = 32

/** The deepest nesting of arrays and objects in a JSON text (strings skipped); stops past `stopAt`. */
export function jsonNestingDepth(text: string, stopAt = MAX_NESTING): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c /* \ */) i++
      else if (c === 0x22 /* " */) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++
      if (depth > deepest) {
        deepest = depth
        if (deepest > stopAt) return deepest
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth = Math.max(0, depth - 1)
  }
  return deepest
}

/** The nesting of a bracketed key: `a` 1, `a[b]` 2, `a[b][]` 3. */
export function keyNestingDepth(key: string): number {
  let depth = 1
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) === 0x5b) depth++
  return depth
}

/** Whether any key of a form or query string nests deeper than MAX_NESTING. */
export function formTooDeep(params: URLSearchParams): boolean {
  for (const key of params.keys()) if (keyNestingDepth(key) > MAX_NESTING) return true
  return false
}

export const TOO_DEEP_MESSAGE = `Les données sont imbriquées sur plus de ${MAX_NESTING} niveaux.`
