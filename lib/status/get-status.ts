// GET / (spec §4.1): the deployed version, plus what the data is and how fresh, read from the
// metadata that seeding and imports record (never counted per request).
import { z } from 'zod'
import { query } from '../db/pool'
import { unavailable } from '../http/api-error'
import { VERSION } from '../version'

export const dataInfoSchema = z.object({
  source: z.enum(['synthetic', 'sirene']).describe('Origine des établissements'),
  mise_a_jour: z.string().describe('Date de la dernière mise à jour des données (ISO 8601)'),
  etablissements: z.number().int(),
  locaux: z.number().int(),
})
export type DataInfo = z.infer<typeof dataInfoSchema>

export const statusSchema = z.object({
  version: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/)
    .describe('Version du service déployé'),
  donnees: dataInfoSchema.nullable().describe('Données servies ; null tant qu’aucune n’est chargée'),
})
export type Status = z.infer<typeof statusSchema>

export const DATA_INFO_KEY = 'data'

export async function getStatus(): Promise<Status> {
  let row: { value: unknown } | undefined
  try {
    row = (await query<{ value: unknown }>('SELECT value FROM app_meta WHERE key = $1', [DATA_INFO_KEY]))
      .rows[0]
  } catch (error) {
    console.error('[status] database unavailable:', (error as Error).message)
    throw unavailable(`La base de données ne répond pas (version ${VERSION}).`, 5)
  }
  const info = dataInfoSchema.safeParse(row?.value)
  return { version: VERSION, donnees: info.success ? info.data : null }
}
