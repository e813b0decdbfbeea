// GET / (spec §4.1): the deployed version, plus what the data is and how fresh, read from the
// metadata that seeding and imports record (never counted per request).
import { z } from 'zod'
import { dataInfoSchema, readDataInfo, type DataInfo } from '../data-info/data-info'
import { unavailable } from '../http/api-error'
import { VERSION } from '../version'

export const statusSchema = z.object({
  version: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/)
    .describe('Version du service déployé'),
  donnees: dataInfoSchema.nullable().describe('Données servies ; null tant qu’aucune n’est chargée'),
})
export type Status = z.infer<typeof statusSchema>

export async function getStatus(): Promise<Status> {
  let donnees: DataInfo | null
  try {
    donnees = await readDataInfo()
  } catch (error) {
    console.error('[status] database unavailable:', (error as Error).message)
    throw unavailable(`La base de données ne répond pas (version ${VERSION}).`, 5)
  }
  return { version: VERSION, donnees }
}
