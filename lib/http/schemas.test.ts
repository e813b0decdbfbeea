import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { dispatchByType, inputJsonSchema, isString, oneOrMany } from './schemas'

describe('oneOrMany', () => {
  const codes = oneOrMany(z.string().regex(/^\d{5}$/, 'cinq chiffres'), 3)
  it('turns one value or a list into a deduplicated list', () => {
    expect(codes.parse('35238')).toEqual(['35238'])
    expect(codes.parse(['35238', '35238', '29019'])).toEqual(['35238', '29019'])
  })
  it('reports item issues with their position', () => {
    const result = codes.safeParse(['35238', 'x'])
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([[[1], 'cinq chiffres']])
  })
  it('reports the type and the size', () => {
    expect(codes.safeParse(5).error?.issues[0]?.message).toMatch(/chaîne ou une liste/)
    expect(codes.safeParse([]).error?.issues[0]?.message).toBe('La liste est vide.')
    expect(codes.safeParse(['11111', '22222', '33333', '44444']).error?.issues[0]?.message).toBe(
      'Au plus 3 valeurs.',
    )
  })
  it('documents both forms', () => {
    expect(inputJsonSchema(codes)).toMatchObject({
      anyOf: [{ type: 'string' }, { type: 'array', minItems: 1, maxItems: 3 }],
    })
  })
})

describe('dispatchByType', () => {
  it('validates with the alternative that applies', () => {
    const schema = dispatchByType([{ accepts: isString, schema: z.string().min(2) }], 'texte attendu')
    expect(schema.safeParse('a').error?.issues[0]?.code).toBe('too_small')
    expect(schema.safeParse(1).error?.issues[0]?.message).toBe('texte attendu')
  })
})
