// Synthetic business real-estate offers, deterministic for a seed, shaped like the ones partner
// applications post: premises kinds and surfaces by kind, rents and prices per m² in the ranges of
// French business property, communes weighted by population (arrondissements for Paris, Lyon and
// Marseille, as SIRENE files them), tags, contacts, and a history — created, then published,
// refused with a reason or archived — over the months from September 2019 to June 2026.
import { postalUpperCase } from '../establishments/address'
import { createRandom, WeightedPicker, type Random } from '../seed/random'
import { FIRST_NAMES, STREET_NAMES, STREET_TYPE_CODES, SURNAMES } from '../seed/words'
import type { CommuneRef } from '../territory/reference-data'
import { LOCAL_TYPES, type LocalType, type OfferFields, type TransactionType } from './fields'
import { formatReference, type OfferAction, type OfferStatus } from './offer-store'

/** Applications the synthetic offers come from (client ids of partner portals). */
export const SEEDED_APPLICATIONS = [
  { clientId: 'tda_exemple_portail_cci', name: 'Portail immobilier CCI (exemple)' },
  { clientId: 'tda_exemple_agence_eco', name: 'Agence de développement économique (exemple)' },
  { clientId: 'tda_exemple_bourse_locaux', name: 'Bourse des locaux d’activité (exemple)' },
] as const

export interface GeneratedEvent {
  at: Date
  action: OfferAction
  status: OfferStatus
  reason: string | null
  actorKind: 'application' | 'staff'
  actorName: string
}

export interface GeneratedOffer {
  reference: string
  status: OfferStatus
  rejectionReason: string | null
  clientId: string
  fields: OfferFields
  createdAt: Date
  updatedAt: Date
  publishedAt: Date | null
  events: GeneratedEvent[]
}

/** Kinds, their weights, surfaces (m²) and yearly rent / sale price per m² (€ HT). */
const KINDS: ReadonlyArray<{
  type: LocalType
  weight: number
  surface: [number, number]
  rent: [number, number]
  price: [number, number]
}> = [
  { type: 'bureaux', weight: 35, surface: [40, 2500], rent: [120, 320], price: [1500, 4500] },
  { type: 'local_commercial', weight: 30, surface: [25, 800], rent: [100, 450], price: [1200, 5000] },
  { type: 'local_activite', weight: 12, surface: [150, 3000], rent: [50, 110], price: [500, 1300] },
  { type: 'entrepot', weight: 10, surface: [500, 12000], rent: [35, 75], price: [350, 900] },
  { type: 'atelier', weight: 6, surface: [60, 600], rent: [60, 130], price: [600, 1500] },
  { type: 'terrain', weight: 4, surface: [1000, 30000], rent: [3, 10], price: [20, 120] },
  { type: 'coworking', weight: 3, surface: [15, 300], rent: [250, 500], price: [2500, 5000] },
]

const TAGS_BY_KIND: Record<LocalType, readonly string[]> = {
  bureaux: [
    'Fibre optique',
    'Climatisation',
    'Open space',
    'Salle de réunion',
    'Ascenseur',
    'PMR (Personne à Mobilité Réduite)',
    'Parking',
  ],
  local_commercial: [
    'Vitrine',
    'Angle de rue',
    'Centre-ville',
    'Extraction',
    'Cave',
    'PMR (Personne à Mobilité Réduite)',
    'Licence IV',
  ],
  local_activite: [
    'Quai de chargement',
    'Porte sectionnelle',
    'Hauteur sous plafond 6 m',
    'Bureaux attenants',
    'Parking',
  ],
  entrepot: [
    'Quai de chargement',
    'Cour camion',
    'Hauteur sous plafond 10 m',
    'Sprinklage',
    'Accès autoroute',
  ],
  atelier: ['Porte sectionnelle', 'Force motrice', 'Mezzanine', 'Parking'],
  terrain: ['Viabilisé', 'Zone d’activités', 'Accès autoroute', 'Constructible'],
  coworking: ['Fibre optique', 'Salle de réunion', 'Cuisine équipée', 'Accès 24h/24'],
}

const REJECTION_REASONS = [
  'Adresse incomplète : précisez le numéro et la voie.',
  'Offre en double d’une offre déjà publiée pour le même local.',
  'Description insuffisante : ajoutez le descriptif du bien et des surfaces.',
  'Surface incohérente avec le descriptif des surfaces.',
  'Loyer ou prix de vente manquant pour le type de transaction choisi.',
]

const STAFF_NAMES = ['Claire Moreau (atelier économique)', 'Yann Le Goff (atelier économique)']

const FIRST_MONTH = { year: 2019, month: 9 }
const MONTHS = 82 // September 2019 to June 2026
const LAST_DAY = Date.UTC(2026, 9, 31)

const DAY = 86_400_000
const between = (random: Random, [min, max]: [number, number]) => min + random.next() * (max - min)
const roundTo = (value: number, step: number) => Math.round(value / step) * step

function kindPicker() {
  return new WeightedPicker(KINDS, (k) => k.weight)
}

function transactions(random: Random, kind: LocalType): TransactionType[] {
  if (kind === 'coworking') return ['louer']
  const draw = random.next()
  return draw < 0.6 ? ['louer'] : draw < 0.85 ? ['acheter'] : ['acheter', 'louer']
}

function pickTags(random: Random, kind: LocalType): string[] {
  const pool = TAGS_BY_KIND[kind]
  const count = random.int(0, Math.min(3, pool.length))
  const chosen = new Set<string>()
  while (chosen.size < count) chosen.add(random.pick(pool))
  return [...chosen]
}

function contact(random: Random, type: 'proprietaire' | 'commercialisateur' | 'gestionnaire') {
  const first = random.pick(FIRST_NAMES)
  const last = random.pick(SURNAMES)
  const slug = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]+/g, '')
  return {
    type,
    name: `${first} ${last}`,
    email: `${slug(first)}.${slug(last)}@exemple.fr`,
    phone: `0${random.int(1, 5)} ${Array.from({ length: 4 }, () => String(random.int(0, 99)).padStart(2, '0')).join(' ')}`,
  }
}

function offerFields(
  random: Random,
  commune: CommuneRef,
  kinds: WeightedPicker<(typeof KINDS)[number]>,
  createdAt: Date,
): OfferFields {
  const kind = kinds.pick(random)
  const surface = roundTo(between(random, kind.surface), kind.surface[1] > 2000 ? 50 : 5)
  const transaction = transactions(random, kind.type)
  const yearlyRent = surface * between(random, kind.rent)
  const positioned = commune.point !== null && random.chance(0.3)
  const fields: OfferFields = {
    local_type: kind.type,
    transaction_types: transaction,
    surface,
    label: `${LOCAL_TYPES[kind.type]} de ${surface.toLocaleString('fr-FR')} m² à ${commune.nom}`,
    number: String(random.int(1, 180)),
    voie: postalUpperCase(`${random.pick(STREET_TYPE_CODES)} ${random.pick(STREET_NAMES)}`),
    code_commune: commune.code,
    tags: pickTags(random, kind.type),
    disponibilite: random.chance(0.5)
      ? new Date(createdAt.getTime() + random.int(0, 180) * DAY).toISOString().slice(0, 10)
      : undefined,
    descriptif_bien: `${LOCAL_TYPES[kind.type]} ${random.pick(['en bon état', 'rénové', 'neuf', 'à rafraîchir'])}, ${random.pick(['proche du centre', 'en zone d’activités', 'en pied d’immeuble', 'à proximité des transports'])}.`,
    descriptif_surface:
      kind.type === 'terrain'
        ? undefined
        : `Surface utile de ${surface} m²${surface > 300 ? ', divisible' : ''}.`,
    contact_offers_attributes: [contact(random, random.chance(0.6) ? 'commercialisateur' : 'proprietaire')],
  }
  if (kind.type !== 'terrain') fields.annee_de_construction = random.int(1955, 2024)
  if (random.chance(0.6)) fields.parking_number = random.int(0, Math.max(1, Math.round(surface / 60)))
  if (transaction.includes('louer')) {
    fields.loyer_mensuel = roundTo(yearlyRent / 12, 10)
    fields.charges_locatives = roundTo(yearlyRent * between(random, [0.05, 0.15]), 10)
  }
  if (transaction.includes('acheter')) {
    fields.prix_de_vente = roundTo(surface * between(random, kind.price), 1000)
    fields.taxe_fonciere = roundTo(surface * between(random, [6, 22]), 10)
    if (kind.type === 'bureaux' && random.chance(0.4)) {
      fields.charges_mensuelles_copropriete = roundTo(surface * between(random, [1, 3]), 10)
    }
  }
  if (surface > 300 && random.chance(0.5)) fields.divisible_at = roundTo(surface / random.int(2, 4), 10)
  if (random.chance(0.25)) fields.website = `https://www.exemple.fr/offres/${random.int(1000, 99999)}`
  if (positioned) {
    fields.longitude = Math.round((commune.point![0] + between(random, [-0.01, 0.01])) * 1e5) / 1e5
    fields.latitude = Math.round((commune.point![1] + between(random, [-0.007, 0.007])) * 1e5) / 1e5
  }
  for (const key of Object.keys(fields) as Array<keyof OfferFields>)
    if (fields[key] === undefined) delete fields[key]
  return fields
}

/**
 * `count` offers in creation order (references numbered from 1 each month). The first one is
 * published (the example of the API documentation); the others are published (about 55 %),
 * pending validation (20 %), refused (10 %) or archived after publication (15 %).
 */
export function* generateOffers(options: {
  count: number
  seed: number
  communes: readonly CommuneRef[]
}): Generator<GeneratedOffer> {
  const random = createRandom(options.seed * 104_729 + 31)
  const parents = new Set(options.communes.map((c) => c.parentCode).filter((c) => c !== null))
  const communes = new WeightedPicker(
    options.communes.filter((c) => c.population > 0 && !parents.has(c.code)),
    (c) => c.population,
  )
  const kinds = kindPicker()
  const serials = new Map<string, number>()
  for (let i = 0; i < options.count; i++) {
    // Spread over the months, in order; the time of day and the day within the month vary.
    const monthIndex = Math.floor((i * MONTHS) / options.count)
    const year = FIRST_MONTH.year + Math.floor((FIRST_MONTH.month - 1 + monthIndex) / 12)
    const month = ((FIRST_MONTH.month - 1 + monthIndex) % 12) + 1
    const monthKey = `${year}-${String(month).padStart(2, '0')}`
    const serial = (serials.get(monthKey) ?? 0) + 1
    serials.set(monthKey, serial)
    const createdAt = new Date(
      Date.UTC(year, month - 1, Math.min(27, 1 + serial * 3), 7 + random.int(0, 10), random.int(0, 59)),
    )
    const application = random.pick(SEEDED_APPLICATIONS)
    const fields = offerFields(random, communes.pick(random), kinds, createdAt)
    const draw = random.next()
    const status: OfferStatus =
      i === 0
        ? 'published'
        : draw < 0.55
          ? 'published'
          : draw < 0.75
            ? 'pending_validation'
            : draw < 0.85
              ? 'rejected'
              : 'archived'
    const events: GeneratedEvent[] = [
      {
        at: createdAt,
        action: 'created',
        status: 'pending_validation',
        reason: null,
        actorKind: 'application',
        actorName: application.name,
      },
    ]
    const staff = random.pick(STAFF_NAMES)
    let publishedAt: Date | null = null
    let rejectionReason: string | null = null
    if (status === 'published' || status === 'archived') {
      publishedAt = new Date(createdAt.getTime() + random.int(1, 12) * DAY)
      events.push({
        at: publishedAt,
        action: 'published',
        status: 'published',
        reason: null,
        actorKind: 'staff',
        actorName: staff,
      })
    }
    if (status === 'archived') {
      const at = new Date(Math.min(publishedAt!.getTime() + random.int(30, 400) * DAY, LAST_DAY))
      events.push({
        at,
        action: 'archived',
        status: 'archived',
        reason: null,
        actorKind: 'staff',
        actorName: staff,
      })
    }
    if (status === 'rejected') {
      rejectionReason = random.pick(REJECTION_REASONS)
      const at = new Date(createdAt.getTime() + random.int(1, 10) * DAY)
      events.push({
        at,
        action: 'rejected',
        status: 'rejected',
        reason: rejectionReason,
        actorKind: 'staff',
        actorName: staff,
      })
    }
    yield {
      reference: formatReference(monthKey, serial),
      status,
      rejectionReason,
      clientId: application.clientId,
      fields,
      createdAt,
      updatedAt: events[events.length - 1]!.at,
      publishedAt,
      events,
    }
  }
}
