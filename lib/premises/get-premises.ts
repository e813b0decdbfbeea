// One local premises record by id (GET /v0/ca/locaux/:id).
import { z } from 'zod'
import { query, type Queryable } from '../db/pool'
import { notFound } from '../http/api-error'
import { PREMISES_SELECT, rowToPremises, type Premises, type PremisesRow } from './read-model'
import { PEV_URL_PREFIX, refs } from '../cadastre/refs'
import { serialisePremises, type PremisesDetailWire } from './serialise'

/** Commune code (5 characters) followed by the 10-digit invariant. */
export const premisesIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    /^(\d{5}|2[AB]\d{3})\d{10}$/,
    'Un identifiant de local est le code commune (5 caractères) suivi de l’invariant (10 chiffres).',
  )

export async function getPremisesOrThrow(id: string, db?: Queryable): Promise<Premises> {
  const { rows } = await query<PremisesRow>(
    `SELECT ${PREMISES_SELECT} FROM local l WHERE l.id = $1`,
    [id],
    db,
  )
  if (!rows[0]) throw notFound(`Aucun local « ${id} ».`)
  return rowToPremises(rows[0])
}

/** The record of GET /v0/ca/locaux/:id with its evaluation parts; 404 for an unknown id. */
export async function premisesRecord(id: string, db?: Queryable): Promise<PremisesDetailWire> {
  const premises = await getPremisesOrThrow(id, db)
  const { rows } = await query<{ id: string }>('SELECT id FROM pev WHERE local = $1 ORDER BY id', [id], db)
  return {
    ...serialisePremises(premises),
    pev: refs(
      PEV_URL_PREFIX,
      rows.map((r) => r.id),
    ),
  }
}
