// Local premises on the wire: the record of spec §2.2 (also one CSV row of a `local` dataset).
import { z } from 'zod'
import { ACCOUNT_URL_PREFIX, PEV_URL_PREFIX, PREMISES_URL_PREFIX, refSchema } from '../cadastre/refs'
import type { Premises } from './read-model'

export { PREMISES_URL_PREFIX }

const premisesUrl = (id: string) => `${PREMISES_URL_PREFIX}${id}`

export const premisesWireSchema = z
  .object({
    id: z.string(),
    annee: z.int().describe('Année du millésime'),
    commune: z.string(),
    codcom: z.string().describe('Code commune INSEE'),
    invariant: z.string().describe('Invariant du local'),
    parcelle: z.string().describe('Référence cadastrale de la parcelle'),
    proprietaire: z.string().describe('Nom du titulaire du compte communal'),
    compte: z
      .string()
      .nullable()
      .describe(`Compte communal du propriétaire (sa fiche : ${ACCOUNT_URL_PREFIX}{compte})`),
    adresse: z.string(),
    url: z.string().startsWith(PREMISES_URL_PREFIX),
  })
  .strict()
export type PremisesWire = z.infer<typeof premisesWireSchema>

/** The record of GET /ca/locaux/:id: the list's record and the evaluation parts of the premises. */
export const premisesDetailWireSchema = premisesWireSchema
  .extend({ pev: z.array(refSchema(PEV_URL_PREFIX)).describe('Parties d’évaluation (PEV) du local') })
  .strict()
export type PremisesDetailWire = z.infer<typeof premisesDetailWireSchema>

export function serialisePremises(p: Premises): PremisesWire {
  return {
    id: p.id,
    annee: p.annee,
    commune: p.commune,
    codcom: p.codeCommune,
    invariant: p.invariant,
    parcelle: p.parcelle,
    proprietaire: p.proprietaire,
    compte: p.compte,
    adresse: p.adresse,
    url: premisesUrl(p.id),
  }
}
