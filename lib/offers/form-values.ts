// The offer form's values as typed (every field a string), from an offer's record for an edit, and
// to the body the workshop sends (the API's field names). Plain data: the server page builds the
// initial values, the browser form edits and sends them.
import type { OfferDetailWire } from './serialise'

/** The form's values, as typed. */
export interface OfferFormValues {
  local_type: string
  transaction_types: string[]
  surface: string
  label: string
  number: string
  voie: string
  code_commune: string
  tags: string
  disponibilite: string
  annee_de_construction: string
  parking_number: string
  prix_de_vente: string
  taxe_fonciere: string
  charges_mensuelles_copropriete: string
  loyer_mensuel: string
  charges_locatives: string
  divisible_at: string
  website: string
  descriptif_bien: string
  descriptif_surface: string
  descriptif_caracteristique: string
  acces: string
  descriptif_tarif: string
  contact_type: string
  contact_name: string
  contact_email: string
  contact_phone: string
}

export const EMPTY_OFFER: OfferFormValues = {
  local_type: 'bureaux',
  transaction_types: [],
  surface: '',
  label: '',
  number: '',
  voie: '',
  code_commune: '',
  tags: '',
  disponibilite: '',
  annee_de_construction: '',
  parking_number: '',
  prix_de_vente: '',
  taxe_fonciere: '',
  charges_mensuelles_copropriete: '',
  loyer_mensuel: '',
  charges_locatives: '',
  divisible_at: '',
  website: '',
  descriptif_bien: '',
  descriptif_surface: '',
  descriptif_caracteristique: '',
  acces: '',
  descriptif_tarif: '',
  contact_type: 'commercialisateur',
  contact_name: '',
  contact_email: '',
  contact_phone: '',
}

export type OfferTextKey = Exclude<keyof OfferFormValues, 'transaction_types' | `contact_${string}`>

/** The body sent: empty fields left out, tags split on commas, one contact when named. */
export function offerFormBody(values: OfferFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { transaction_types: values.transaction_types }
  for (const [key, value] of Object.entries(values)) {
    if (key === 'transaction_types' || key.startsWith('contact_') || key === 'tags') continue
    if (typeof value === 'string' && value.trim() !== '') body[key] = value.trim()
  }
  const tags = values.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
  if (tags.length > 0) body.tags = tags
  const contact = { name: values.contact_name, email: values.contact_email, phone: values.contact_phone }
  if (Object.values(contact).some((v) => v.trim() !== '')) {
    body.contact_offers_attributes = [{ type: values.contact_type, ...contact }]
  }
  return body
}

const text = (value: string | number | null) => (value === null ? '' : String(value))

/** The values of the edit form of an offer. */
export function offerFormValues(offre: OfferDetailWire): OfferFormValues {
  const contact = offre.contacts[0]
  return {
    ...EMPTY_OFFER,
    local_type: offre.local_type,
    transaction_types: offre.transaction_types,
    surface: String(offre.surface),
    label: text(offre.label),
    number: text(offre.number),
    voie: text(offre.voie),
    code_commune: text(offre.code_commune),
    tags: offre.tags.join(', '),
    disponibilite: text(offre.disponibilite),
    annee_de_construction: text(offre.annee_de_construction),
    parking_number: text(offre.parking_number),
    prix_de_vente: text(offre.prix_de_vente),
    taxe_fonciere: text(offre.taxe_fonciere),
    charges_mensuelles_copropriete: text(offre.charges_mensuelles_copropriete),
    loyer_mensuel: text(offre.loyer_mensuel),
    charges_locatives: text(offre.charges_locatives),
    divisible_at: text(offre.divisible_at),
    website: text(offre.website),
    descriptif_bien: text(offre.descriptif_bien),
    descriptif_surface: text(offre.descriptif_surface),
    descriptif_caracteristique: text(offre.descriptif_caracteristique),
    acces: text(offre.acces),
    descriptif_tarif: text(offre.descriptif_tarif),
    ...(contact
      ? {
          contact_type: contact.type,
          contact_name: contact.name,
          contact_email: text(contact.email),
          contact_phone: text(contact.phone),
        }
      : {}),
  }
}
