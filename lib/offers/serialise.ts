// Offers as the API writes them: the record of GET /eco/immo/offres/:id, the items of the search
// and of /statuts, and the GeoJSON of published offers' positions (one point per position, carrying
// the offers there), each with its zod schema for the contracts and the tests.
import { z } from 'zod'
import {
  CONTACT_TYPES,
  frenchDate,
  LOCAL_TYPE_VALUES,
  TRANSACTION_TYPE_VALUES,
  type ContactType,
} from './fields'
import { ZONE_TYPES, zoneId, zoneUrl } from '../territory/zone-id'
import type { StoredOffer } from './offer-store'
import { OFFER_STATUS_VALUES } from './statuses'

export const OFFER_URL_PREFIX = '/v0/eco/immo/offres/'
export const offerUrl = (reference: string) => `${OFFER_URL_PREFIX}${reference}`

const nullableText = z.string().nullable()
const nullableNumber = z.number().nullable()

const contactWireSchema = z.strictObject({
  type: z.enum(Object.keys(CONTACT_TYPES) as [ContactType, ...ContactType[]]),
  name: z.string(),
  email: nullableText,
  phone: nullableText,
})

/** A zone containing an offer's commune (items' `zones`, 0.14.0). */
export const offerZoneWireSchema = z
  .strictObject({
    id: z.uuid().describe('Identifiant de la zone (search.zone_id, GET /v0/zones/{id})'),
    type: z.enum(ZONE_TYPES).describe('epci, departement ou region'),
    code: z.string().describe('Code SIREN de l’EPCI, code du département ou de la région'),
    nom: z.string(),
    url: z.string().describe('Adresse du contour de la zone'),
  })
  .meta({
    examples: [
      {
        id: zoneId('departement', '35'),
        type: 'departement',
        code: '35',
        nom: 'Ille-et-Vilaine',
        url: zoneUrl(zoneId('departement', '35')),
      },
    ],
  })

/** The item of a search of published offers. */
export const offerSummaryWireSchema = z.strictObject({
  id: z.string().describe('La référence'),
  reference: z.string().describe('AAAA-MM-NNNNN, attribuée à la création'),
  local_type: z.enum(LOCAL_TYPE_VALUES),
  label: nullableText,
  code_commune: nullableText,
  libelle_commune: nullableText,
  surface: z.int().describe('m²'),
  transaction_types: z.array(z.enum(TRANSACTION_TYPE_VALUES)),
  tags: z.array(z.string()),
  address: nullableText.describe('Numéro et voie'),
  prix_de_vente: nullableNumber,
  loyer_mensuel: nullableNumber,
  disponibilite: nullableText.describe('JJ-MM-AAAA'),
  published_at: nullableText,
  zones: z
    .array(offerZoneWireSchema)
    .describe(
      'Les zones (0.14.0) qui contiennent la commune de l’offre : son EPCI, son département et sa région, dans cet ordre ; liste vide sans commune. id est la valeur de search.zone_id',
    ),
  url: z.string(),
})
export type OfferSummaryWire = z.infer<typeof offerSummaryWireSchema>

/** The record of GET /eco/immo/offres/:id. */
export const offerDetailWireSchema = offerSummaryWireSchema.extend({
  status: z.enum(OFFER_STATUS_VALUES),
  rejection_reason: nullableText.describe(
    'Motif du refus (offre refusée, vue par l’application qui l’a créée)',
  ),
  number: nullableText,
  voie: nullableText,
  website: nullableText
    .describe('Site internet de l’offre (0.13.0)')
    .meta({ examples: ['https://www.exemple.fr/offres/plateau-bureaux-rennes'] }),
  site_internet: nullableText
    .describe('Ancien nom de website, même valeur ; lire website')
    .meta({ deprecated: true }),
  annee_de_construction: nullableNumber,
  parking_number: nullableNumber,
  descriptif_bien: nullableText,
  descriptif_surface: nullableText,
  descriptif_caracteristique: nullableText,
  acces: nullableText,
  descriptif_tarif: nullableText,
  taxe_fonciere: nullableNumber,
  charges_mensuelles_copropriete: nullableNumber,
  charges_locatives: nullableNumber,
  divisible_at: nullableNumber
    .describe('Surface (m²) à partir de laquelle le local peut être divisé (0.13.0)')
    .meta({ examples: [150] }),
  contacts: z.array(contactWireSchema),
  coordonnees: z
    .strictObject({ lon: z.number(), lat: z.number(), source: z.enum(['offre', 'commune']) })
    .nullable()
    .describe('Position donnée avec l’offre, à défaut le centre de sa commune'),
  created_at: z.string(),
})
export type OfferDetailWire = z.infer<typeof offerDetailWireSchema>

export const offerRecordWireSchema = z.strictObject({ offre: offerDetailWireSchema })

/** The item of GET /eco/immo/offres/statuts. */
export const offerStatusWireSchema = z.strictObject({
  reference: z.string(),
  status: z
    .enum(OFFER_STATUS_VALUES)
    .describe(
      'pending_validation (en cours de validation), published (publiée), rejected (refusée), archived (archivée)',
    ),
  rejection_reason: z.string().optional().describe('Motif du refus, pour une offre refusée'),
  created_at: z.string(),
  updated_at: z.string(),
  url: z.string(),
})
export type OfferStatusWire = z.infer<typeof offerStatusWireSchema>

export const offerFeatureCollectionSchema = z.strictObject({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.strictObject({
      type: z.literal('Feature'),
      geometry: z.strictObject({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.strictObject({
        offres: z.array(z.strictObject({ id: z.string(), label: nullableText, url: z.string() })),
      }),
    }),
  ),
})

function address(offer: StoredOffer): string | null {
  const text = [offer.fields.number, offer.fields.voie].filter(Boolean).join(' ').trim()
  return text === '' ? null : text
}

export function serialiseOfferSummary(offer: StoredOffer): OfferSummaryWire {
  const f = offer.fields
  return {
    id: offer.reference,
    reference: offer.reference,
    local_type: f.local_type,
    label: f.label ?? null,
    code_commune: f.code_commune ?? null,
    libelle_commune: offer.libelleCommune,
    surface: f.surface,
    transaction_types: f.transaction_types,
    tags: f.tags,
    address: address(offer),
    prix_de_vente: f.prix_de_vente ?? null,
    loyer_mensuel: f.loyer_mensuel ?? null,
    disponibilite: f.disponibilite ? frenchDate(f.disponibilite) : null,
    published_at: offer.publishedAt,
    zones: offer.zones.map((zone) => ({ ...zone, url: zoneUrl(zone.id) })),
    url: offerUrl(offer.reference),
  }
}

export function serialiseOfferDetail(offer: StoredOffer): OfferDetailWire {
  const f = offer.fields
  return {
    ...serialiseOfferSummary(offer),
    status: offer.status,
    rejection_reason: offer.rejectionReason,
    number: f.number ?? null,
    voie: f.voie ?? null,
    website: f.website ?? null,
    site_internet: f.website ?? null,
    annee_de_construction: f.annee_de_construction ?? null,
    parking_number: f.parking_number ?? null,
    descriptif_bien: f.descriptif_bien ?? null,
    descriptif_surface: f.descriptif_surface ?? null,
    descriptif_caracteristique: f.descriptif_caracteristique ?? null,
    acces: f.acces ?? null,
    descriptif_tarif: f.descriptif_tarif ?? null,
    taxe_fonciere: f.taxe_fonciere ?? null,
    charges_mensuelles_copropriete: f.charges_mensuelles_copropriete ?? null,
    charges_locatives: f.charges_locatives ?? null,
    divisible_at: f.divisible_at ?? null,
    contacts: f.contact_offers_attributes.map((c) => ({
      type: c.type,
      name: c.name,
      email: c.email ?? null,
      phone: c.phone ?? null,
    })),
    coordonnees: offer.position,
    created_at: offer.createdAt,
  }
}

export function serialiseOfferStatus(offer: {
  reference: string
  status: StoredOffer['status']
  rejectionReason: string | null
  createdAt: string
  updatedAt: string
}): OfferStatusWire {
  return {
    reference: offer.reference,
    status: offer.status,
    ...(offer.rejectionReason ? { rejection_reason: offer.rejectionReason } : {}),
    created_at: offer.createdAt,
    updated_at: offer.updatedAt,
    url: offerUrl(offer.reference),
  }
}

/** One Point feature per distinct position, carrying the offers located there. */
export function offerFeatures(
  points: ReadonlyArray<{ reference: string; label: string | null; lon: number; lat: number }>,
) {
  const byPosition = new Map<
    string,
    { lon: number; lat: number; offres: Array<{ id: string; label: string | null; url: string }> }
  >()
  for (const p of points) {
    const key = `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`
    let group = byPosition.get(key)
    if (!group) byPosition.set(key, (group = { lon: p.lon, lat: p.lat, offres: [] }))
    group.offres.push({ id: p.reference, label: p.label, url: offerUrl(p.reference) })
  }
  return {
    type: 'FeatureCollection' as const,
    features: [...byPosition.values()].map((g) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [g.lon, g.lat] as [number, number] },
      properties: { offres: g.offres },
    })),
  }
}

export type OfferFeatureCollection = z.infer<typeof offerFeatureCollectionSchema>
