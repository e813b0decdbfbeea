// What the `model.url` of a dataset's JSON view points to (/modeles/<type>): the fields of the
// model's records, its CSV columns, scope and formats, derived from the schemas the API validates.
import { z } from 'zod'
import { MEDIA_TYPES } from '../http/negotiate'
import { DATASET_MODELS, datasetModel, type DatasetModelType, type ModelCodeList } from './models'

export interface FieldDescription {
  name: string
  type: string
  description: string | null
  optional: boolean
}

export interface ModelDescription {
  type: DatasetModelType
  label: string
  scope: string
  formats: string[]
  fields: FieldDescription[]
  csvColumns: readonly string[]
  /** Codes some fields take, with their meaning. */
  codeLists: readonly ModelCodeList[]
  csvNotes: string | null
  /** How the figures are computed (fiscal models). */
  notes: readonly string[]
}

type JsonSchema = {
  type?: string | string[]
  description?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  items?: JsonSchema
}

function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' ou ')
  if (schema.type === 'array' && schema.items) return `liste (${typeOf(schema.items)})`
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'valeur']
  return types.join(' ou ')
}

export function isDatasetModelType(value: string): value is DatasetModelType {
  return (DATASET_MODELS as readonly string[]).includes(value)
}

export function describeModel(type: DatasetModelType): ModelDescription {
  const model = datasetModel(type)
  const json = z.toJSONSchema(model.recordSchema, { io: 'output', unrepresentable: 'any' }) as JsonSchema
  const required = new Set(json.required ?? [])
  const notes = model.fieldNotes ?? {}
  const fields: FieldDescription[] = []
  for (const [name, schema] of Object.entries(json.properties ?? {})) {
    fields.push({
      name,
      type: typeOf(schema),
      description: schema.description ?? notes[name] ?? null,
      optional: !required.has(name),
    })
    // Fields of an object, or of each object of a list (`droits[].code`).
    const inside = schema.properties ? schema : schema.items?.properties ? schema.items : null
    const prefix = inside === schema ? name : `${name}[]`
    for (const [inner, innerSchema] of Object.entries(inside?.properties ?? {})) {
      fields.push({
        name: `${prefix}.${inner}`,
        type: typeOf(innerSchema),
        description: notes[`${prefix}.${inner}`] ?? innerSchema.description ?? null,
        optional: !(inside?.required ?? []).includes(inner),
      })
    }
  }
  return {
    type,
    label: model.label,
    scope: model.scope,
    formats: model.formats.map((f) => MEDIA_TYPES[f]),
    fields,
    csvColumns: model.csvColumns,
    codeLists: model.codeLists ?? [],
    csvNotes: model.csvNotes ?? null,
    notes: model.notes ?? [],
  }
}
