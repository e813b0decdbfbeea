// Evaluation parts of premises (GET /ca/pev/:id): the record with its premises' link.
import { z } from 'zod'
import { PEV_URL_PREFIX, PREMISES_URL_PREFIX, refSchema } from '../cadastre/refs'
import { query, type Queryable } from '../db/pool'
import { notFound } from '../http/api-error'
import { AFFECTATIONS, CATEGORIES, type Affectation, type Category } from './codes'

export const pevWireSchema = z
  .object({
    id: z
      .string()
      .describe('Identifiant : identifiant du local (15 caractères) et numéro de la PEV (3 chiffres)'),
    numero: z.string().describe('Numéro de la partie d’évaluation dans le local'),
    codcom: z.string().describe('Code commune INSEE'),
    local: refSchema(PREMISES_URL_PREFIX).describe('Le local de la partie d’évaluation'),
    affectation: z
      .enum(Object.keys(AFFECTATIONS) as [Affectation])
      .describe('Affectation (code MAJIC ccoaff)'),
    affectation_libelle: z.string(),
    categorie: z
      .enum(Object.keys(CATEGORIES) as [Category])
      .describe('Catégorie (dcapec ou catégorie de la révision de 2017)'),
    categorie_libelle: z.string(),
    surface: z.int().describe('Surface (m²)'),
    valeur_locative: z.int().describe('Valeur locative cadastrale de l’année 2025 (euros)'),
    revenu_cadastral: z
      .int()
      .describe('Revenu cadastral 2025 : valeur locative moins l’abattement de 50 % (euros)'),
    url: z.string().startsWith(PEV_URL_PREFIX),
  })
  .strict()
export type PevWire = z.infer<typeof pevWireSchema>

interface PevRow {
  id: string
  local: string
  codcom: string
  numero: string
  affectation: Affectation
  categorie: Category
  surface: number
  valeur_locative: number
  revenu_cadastral: number
}

export function serialisePev(row: PevRow): PevWire {
  return {
    id: row.id,
    numero: row.numero,
    codcom: row.codcom,
    local: { id: row.local, url: `${PREMISES_URL_PREFIX}${row.local}` },
    affectation: row.affectation,
    affectation_libelle: AFFECTATIONS[row.affectation],
    categorie: row.categorie,
    categorie_libelle: CATEGORIES[row.categorie],
    surface: row.surface,
    valeur_locative: row.valeur_locative,
    revenu_cadastral: row.revenu_cadastral,
    url: `${PEV_URL_PREFIX}${row.id}`,
  }
}

/** The record of GET /v0/ca/pev/:id; 404 when unknown. */
export async function pevRecord(id: string, db?: Queryable): Promise<PevWire> {
  const { rows } = await query<PevRow>(
    `SELECT id, local, codcom, numero, affectation, categorie, surface, valeur_locative, revenu_cadastral
       FROM pev WHERE id = $1`,
    [id],
    db,
  )
  if (!rows[0]) throw notFound(`Aucune partie d’évaluation « ${id} ».`)
  return serialisePev(rows[0])
}
