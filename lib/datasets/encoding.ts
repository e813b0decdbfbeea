// Encodings of dataset files (spec §2.3): UTF-8 (default) or ISO-8859-15 (Latin-9), and the file
// names that carry them.
import { z } from 'zod'

export const DATASET_ENCODINGS = ['UTF-8', 'ISO-8859-15'] as const
export type DatasetEncoding = (typeof DATASET_ENCODINGS)[number]

const ALIASES: Record<string, DatasetEncoding> = {
  'utf-8': 'UTF-8',
  utf8: 'UTF-8',
  'iso-8859-15': 'ISO-8859-15',
  iso885915: 'ISO-8859-15',
  'iso_8859-15': 'ISO-8859-15',
  latin9: 'ISO-8859-15',
  'latin-9': 'ISO-8859-15',
}

/** The encoding a label names (case-insensitive, usual aliases), or null. */
export function encodingFromLabel(label: string): DatasetEncoding | null {
  return ALIASES[label.trim().toLowerCase()] ?? null
}

export const encodingSchema = z
  .string()
  .transform((value, ctx) => {
    const encoding = encodingFromLabel(value)
    if (encoding) return encoding
    ctx.addIssue({ code: 'custom', message: `Encodage inconnu ; valeurs : ${DATASET_ENCODINGS.join(', ')}.` })
    return z.NEVER
  })
  .meta({ type: 'string', enum: ['UTF-8', 'ISO-8859-15'] })

/** `<id>-v<version>.csv`, or `<id>-v<version>-iso-8859-15.csv` for Latin-9. */
export function datasetFileName(datasetId: string, version: number, encoding: DatasetEncoding): string {
  return `${datasetId}-v${version}${encoding === 'ISO-8859-15' ? '-iso-8859-15' : ''}.csv`
}
