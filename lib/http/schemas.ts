// Reusable zod building blocks for API inputs.
import { z } from 'zod'
import { jsonSchemaOf } from './json-schema'

/** JSON Schema of a zod schema's input, without the $schema header (for embedding in another). */
export function inputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return jsonSchemaOf(schema, 'input')
}

/**
 * Validates a value with the first alternative whose `accepts` says it applies (a type test), so
 * that its own issues are reported with their paths — a zod union only says that no alternative
 * matched. `typeError` is reported when no alternative applies.
 */
export function dispatchByType<T>(
  alternatives: ReadonlyArray<{ accepts: (value: unknown) => boolean; schema: z.ZodType<T> }>,
  typeError: string,
) {
  return z
    .unknown()
    .transform((value, ctx): T => {
      const alternative = alternatives.find((a) => a.accepts(value))
      if (!alternative) {
        ctx.addIssue({ code: 'custom', message: typeError })
        return z.NEVER
      }
      const result = alternative.schema.safeParse(value)
      if (result.success) return result.data
      for (const issue of result.error.issues) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0])
      return z.NEVER
    })
    .meta({ anyOf: alternatives.map((a) => inputJsonSchema(a.schema)) })
}

export const isString = (value: unknown): value is string => typeof value === 'string'
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** One string value or a non-empty list of them (any of them matches), deduplicated. */
export function oneOrMany(item: z.ZodType<string>, max: number) {
  return dispatchByType<string[]>(
    [
      { accepts: isString, schema: item.transform((v) => [v]) },
      {
        accepts: Array.isArray,
        schema: z
          .array(item)
          .min(1, 'La liste est vide.')
          .max(max, `Au plus ${max} valeurs.`)
          .transform((v) => [...new Set(v)]),
      },
    ],
    'Attendu : une chaîne ou une liste de chaînes.',
  )
}

/**
 * The `search` parameter of a search endpoint: a free text, or an object of criteria combined with
 * AND (a list meaning "any of"). Unknown keys are refused naming the accepted ones.
 */
export function searchParameterSchema<Shape extends z.ZodRawShape>(
  criteria: Shape,
  text: {
    description: string
    max?: number
    /** A rule between keys of the object form (e.g. a minimum under its maximum). */
    check?: (criteria: z.output<z.ZodObject<Shape, z.core.$strict>>, ctx: z.RefinementCtx) => void
  },
) {
  const keys = Object.keys(criteria)
  const strict = z.strictObject(criteria, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Critère inconnu : ${issue.keys.join(', ')}. Critères acceptés : ${keys.join(', ')}.`
        : undefined,
  })
  const object = text.check ? strict.superRefine(text.check) : strict
  const max = text.max ?? 200
  return dispatchByType<string | z.output<typeof object>>(
    [
      { accepts: isString, schema: z.string().max(max, `Le texte recherché dépasse ${max} caractères.`) },
      { accepts: isPlainObject, schema: object },
    ],
    `search est un texte libre (${text.description}) ou un objet de critères.`,
  ).describe(
    `Texte libre (${text.description}) ou objet de critères combinés par ET ; une liste vaut « l’un de ».`,
  )
}
