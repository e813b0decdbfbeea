// Fiscal subdivisions of parcels (GET /ca/suf/:id): the record with its parcel's link.
import { z } from 'zod'
import { PARCEL_URL_PREFIX, refSchema, SUF_URL_PREFIX } from '../cadastre/refs'
import { query, type Queryable } from '../db/pool'
import { notFound } from '../http/api-error'
import { SUF_GROUPS, type SufGroup } from './codes'

export const sufWireSchema = z
  .object({
    id: z
      .string()
      .describe('Identifiant : identifiant de la parcelle (14 caractères) et lettre de la subdivision'),
    suffixe: z.string().describe('Lettre de la subdivision fiscale (ccosub)'),
    codcom: z.string().describe('Code commune INSEE'),
    parcelle: refSchema(PARCEL_URL_PREFIX).describe('La parcelle de la subdivision'),
    groupe: z
      .enum(Object.keys(SUF_GROUPS) as [SufGroup])
      .describe('Groupe de nature de culture (cgrnum, 01 à 13)'),
    groupe_libelle: z.string(),
    contenance: z
      .int()
      .describe('Contenance (m²) ; la somme des subdivisions est la contenance de la parcelle'),
    valeur_locative: z.int().describe('Valeur locative cadastrale de l’année 2025 (euros)'),
    revenu_cadastral: z
      .int()
      .describe('Revenu cadastral 2025 : valeur locative moins l’abattement de 20 % (euros)'),
    url: z.string().startsWith(SUF_URL_PREFIX),
  })
  .strict()
export type SufWire = z.infer<typeof sufWireSchema>

interface SufRow {
  id: string
  parcelle: string
  codcom: string
  suffixe: string
  groupe: SufGroup
  contenance: number
  valeur_locative: number
  revenu_cadastral: number
}

export function serialiseSuf(row: SufRow): SufWire {
  return {
    id: row.id,
    suffixe: row.suffixe,
    codcom: row.codcom,
    parcelle: { id: row.parcelle, url: `${PARCEL_URL_PREFIX}${row.parcelle}` },
    groupe: row.groupe,
    groupe_libelle: SUF_GROUPS[row.groupe],
    contenance: row.contenance,
    valeur_locative: row.valeur_locative,
    revenu_cadastral: row.revenu_cadastral,
    url: `${SUF_URL_PREFIX}${row.id}`,
  }
}

/** The record of GET /v0/ca/suf/:id; 404 when unknown. */
export async function sufRecord(id: string, db?: Queryable): Promise<SufWire> {
  const { rows } = await query<SufRow>(
    `SELECT id, parcelle, codcom, suffixe, groupe, contenance, valeur_locative, revenu_cadastral
       FROM suf WHERE id = $1`,
    [id],
    db,
  )
  if (!rows[0]) throw notFound(`Aucune subdivision fiscale « ${id} ».`)
  return serialiseSuf(rows[0])
}
