// What the `model.url` of a dataset's JSON view points to (/modeles/<type>): the fields of the
// model's records, its CSV columns, scope and formats, derived from the schemas the API validates.
import { z } from 'zod'
import { MEDIA_TYPES } from '../http/negotiate'
import { DATASET_MODELS, datasetModel, type DatasetModelType } from './models'

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
  /** Codes of the records with their labels (fiscal models). */
  codes: ReadonlyArray<{ title: string; field: string; entries: ReadonlyArray<readonly [string, string]> }>
  /** How the figures are computed (fiscal models). */
  notes: readonly string[]
}

type JsonSchema = {
  type?: string | string[]
  description?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
}

function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' ou ')
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
  const fields: FieldDescription[] = []
  for (const [name, schema] of Object.entries(json.properties ?? {})) {
    fields.push({
      name,
      type: typeOf(schema),
      description: schema.description ?? null,
      optional: !required.has(name),
    })
    for (const [inner, innerSchema] of Object.entries(schema.properties ?? {})) {
      fields.push({
        name: `${name}.${inner}`,
        type: typeOf(innerSchema),
        description: innerSchema.description ?? null,
        optional: !(schema.required ?? []).includes(inner),
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
    codes: model.codes ?? [],
    notes: model.notes ?? [],
  }
}
