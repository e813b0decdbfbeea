// The lines of a tax notice on the wire: one per tax and beneficiary, the management fees last;
// the notice's total is the sum of their amounts.
import { z } from 'zod'
import { BENEFICIARIES, TAXES } from './codes'
import { ratePercent, type NoticeLine } from './rules'

export const noticeLineWireSchema = z
  .object({
    taxe: z.enum(Object.keys(TAXES) as [keyof typeof TAXES]).describe('Code de la taxe (voir /modeles/tf)'),
    beneficiaire: z
      .enum(Object.keys(BENEFICIARIES) as [keyof typeof BENEFICIARIES])
      .describe('Bénéficiaire de la cotisation'),
    libelle: z.string(),
    base: z.int().nullable().describe('Base d’imposition (euros) ; null pour les frais de gestion'),
    taux: z.number().nullable().describe('Taux voté (en %) ; null pour les frais de gestion'),
    montant_centimes: z.int().describe('Cotisation (centimes d’euro)'),
  })
  .strict()
export type NoticeLineWire = z.infer<typeof noticeLineWireSchema>

export function serialiseLines(lines: readonly NoticeLine[]): NoticeLineWire[] {
  return lines.map((l) => ({
    taxe: l.taxe,
    beneficiaire: l.beneficiaire,
    libelle: l.libelle,
    base: l.base,
    taux: l.taux === null ? null : ratePercent(l.taux),
    montant_centimes: l.montant,
  }))
}
