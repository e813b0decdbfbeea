// The contact information of an establishment (spec 0.10.0: "an object with lists of e-mail
// addresses and telephone numbers and a website"), as stored and on the wire of
// GET /v0/eco/sirets/:id. SIRENE carries no contact: imported establishments have empty lists.
import { z } from 'zod'

export interface EstablishmentContact {
  emails: readonly string[]
  telephones: readonly string[]
  website: string | null
}

export const NO_CONTACT: EstablishmentContact = { emails: [], telephones: [], website: null }

/**
 * A French telephone number as directories write it: national "0X XX XX XX XX", or international
 * "+33 X XX XX XX XX" (overseas: "+590 590 XX XX XX", "+262 262 XX XX XX"…).
 */
export const TELEPHONE_PATTERN =
  /^(?:0[1-9](?: \d{2}){4}|\+33 [1-9](?: \d{2}){4}|\+(?:262|590|594|596) \d{3}(?: \d{2}){3})$/

export const contactWireSchema = z
  .strictObject({
    emails: z
      .array(z.email())
      .describe('Adresses électroniques, la principale d’abord ; liste vide si aucune')
      .meta({ examples: [['contact@boulangerie-martin.fr']] }),
    telephones: z
      .array(z.string().regex(TELEPHONE_PATTERN))
      .describe(
        'Numéros de téléphone, le principal d’abord, au format national « 0X XX XX XX XX » ou international « +33 X XX XX XX XX » ; liste vide si aucun',
      )
      .meta({ examples: [['02 99 31 42 17', '+33 6 12 34 56 78']] }),
    website: z
      .url()
      .nullable()
      .describe('Site internet (adresse http ou https) ; null si aucun')
      .meta({ examples: ['https://www.boulangerie-martin.fr'] }),
  })
  .describe(
    'Coordonnées de contact (0.10.0) : listes d’adresses électroniques et de numéros de téléphone, site internet. Les établissements importés de SIRENE, qui n’en diffuse pas, ont des listes vides et un site null.',
  )
export type ContactWire = z.infer<typeof contactWireSchema>

export function serialiseContact(contact: EstablishmentContact): ContactWire {
  return { emails: [...contact.emails], telephones: [...contact.telephones], website: contact.website }
}
