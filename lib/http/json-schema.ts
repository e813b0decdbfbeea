// JSON Schema (2020-12) of the API's zod schemas, for the OpenAPI document: what zod writes, adjusted
// where it is not standard or not what the server accepts, so the document keeps the rules of the
// schemas the routes validate with (one source):
// - a value piped into its rule (`z.string().trim().pipe(sirenSchema)`, into an enum or a UUID; a
//   number into its bounds) is documented with the rule's pattern, enum, format or bounds, where zod
//   documents the input side only;
// - `startsWith` (zod's non-standard `format: starts_with`) keeps its standard `pattern` only.
import { z } from 'zod'

export type JsonSchema = Record<string, unknown>

interface ZodInternal {
  _zod: { def: { type: string; in?: ZodInternal; out?: ZodInternal }; traits: Set<string> }
}

function override(io: 'input' | 'output') {
  return (ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
    const json = ctx.jsonSchema
    if (json.format === 'starts_with') delete json.format
    if (io !== 'input') return
    const def = (ctx.zodSchema as ZodInternal)._zod.def
    if (def.type !== 'pipe' || !def.in || !def.out) return
    if (def.in._zod.traits.has('$ZodTransform') || def.out._zod.traits.has('$ZodTransform')) return
    const source = jsonSchemaOf(def.in as unknown as z.ZodType, 'input')
    const rule = jsonSchemaOf(def.out as unknown as z.ZodType, 'output')
    const numeric = (t: unknown) => t === 'number' || t === 'integer'
    const compatible =
      rule.type === undefined || rule.type === source.type || (numeric(source.type) && numeric(rule.type))
    if (!compatible || (source.type !== 'string' && !numeric(source.type))) return
    for (const [key, value] of Object.entries(rule)) {
      if (key === 'type' && source.type === 'integer') continue
      if (key === 'description' && json.description !== undefined) continue
      json[key] = value
    }
  }
}

/** The JSON Schema of a zod schema's input (request) or output (response), without $schema. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: override(io),
  }) as JsonSchema
  return json
}
