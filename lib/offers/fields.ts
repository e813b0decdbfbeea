// The fields of a business real-estate offer as POST /eco/immo/offres and the workshop's form take
// them (`{"offre": {…}}` in JSON, or `offre[field]=…` in a form), validated once: every issue of
// every field is reported, enums name their accepted values, and what a form sends as text (numbers,
// a single value for a list, empty optional fields) reads as its JSON equivalent.
import { z } from 'zod'
import { communeCodeSchema } from '../territory/code-schemas'

/** Kinds of business premises, with their French labels. */
export const LOCAL_TYPES = {
  bureaux: 'Bureaux',
  local_commercial: 'Local commercial',
  local_activite: 'Local d’activité',
  entrepot: 'Entrepôt, logistique',
  atelier: 'Atelier, local artisanal',
  terrain: 'Terrain',
  coworking: 'Espace de coworking',
} as const
export type LocalType = keyof typeof LOCAL_TYPES
export const LOCAL_TYPE_VALUES = Object.keys(LOCAL_TYPES) as [LocalType, ...LocalType[]]

export const TRANSACTION_TYPES = { acheter: 'Vente', louer: 'Location' } as const
export type TransactionType = keyof typeof TRANSACTION_TYPES
export const TRANSACTION_TYPE_VALUES = Object.keys(TRANSACTION_TYPES) as [
  TransactionType,
  ...TransactionType[],
]

export const CONTACT_TYPES = {
  proprietaire: 'Propriétaire',
  commercialisateur: 'Commercialisateur',
  gestionnaire: 'Gestionnaire',
  autre: 'Autre',
} as const
export type ContactType = keyof typeof CONTACT_TYPES
const CONTACT_TYPE_VALUES = Object.keys(CONTACT_TYPES) as [ContactType, ...ContactType[]]

export const MAX_TAGS = 20
const CURRENT_YEAR_LIMIT = 2100

/** An empty form field is an absent field. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

function optionalText(max: number) {
  return z.preprocess(
    blankToUndefined,
    z.string({ error: 'Attendu : un texte.' }).trim().max(max, `Au plus ${max} caractères.`).optional(),
  )
}

/** A number as JSON gives it, or as the text of a form (decimal point or comma). */
const numberFromText = (v: unknown) =>
  typeof v === 'string' && /^\s*-?\d{1,12}([.,]\d{1,4})?\s*$/.test(v) ? Number(v.replace(',', '.')) : v

function integer(label: string, min: number, max: number) {
  return z.preprocess(
    numberFromText,
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? `${label} est requise.` : `${label} : attendu un nombre entier.`,
      })
      .int(`${label} : attendu un nombre entier.`)
      .min(min, `${label} : au moins ${min}.`)
      .max(max, `${label} : au plus ${max.toLocaleString('fr-FR')}.`),
  )
}

function amount(label: string) {
  return z.preprocess(
    (v) => numberFromText(blankToUndefined(v)),
    z
      .number({ error: `${label} : attendu un montant en euros.` })
      .min(0, `${label} : un montant ne peut pas être négatif.`)
      .max(1_000_000_000, `${label} : montant hors limites.`)
      .transform((v) => Math.round(v * 100) / 100)
      .optional(),
  )
}

function enumOf<T extends string>(values: readonly [T, ...T[]], what: string) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined
        ? `${what} requis ; valeurs acceptées : ${values.join(', ')}.`
        : `${what} inconnu ; valeurs acceptées : ${values.join(', ')}.`,
  })
}

/** A list, or in a form a single value standing for a list of one. */
const listFromForm = (v: unknown) => (typeof v === 'string' ? [v] : v)

/** DD-MM-YYYY (the date form the API documents), as an ISO date. */
export const frenchDateSchema = z
  .string({ error: 'Une date s’écrit JJ-MM-AAAA.' })
  .trim()
  .regex(/^\d{2}-\d{2}-\d{4}$/, 'Une date s’écrit JJ-MM-AAAA, par exemple 30-09-2026.')
  .transform((value, ctx) => {
    const [day, month, year] = value.split('-').map(Number) as [number, number, number]
    const date = new Date(Date.UTC(year, month - 1, day))
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
      ctx.addIssue({ code: 'custom', message: `Le ${value} n’existe pas.` })
      return z.NEVER
    }
    return date.toISOString().slice(0, 10)
  })

/** An ISO date (YYYY-MM-DD) as the API writes it: DD-MM-YYYY. */
export function frenchDate(iso: string): string {
  const [year, month, day] = iso.split('-')
  return `${day}-${month}-${year}`
}

const contactSchema = z.strictObject(
  {
    type: enumOf(CONTACT_TYPE_VALUES, 'Type de contact'),
    name: z
      .string({ error: 'Le nom du contact est requis.' })
      .trim()
      .min(1, 'Le nom du contact est requis.')
      .max(200, 'Au plus 200 caractères.'),
    email: z.preprocess(
      blankToUndefined,
      z.email('Adresse électronique invalide.').max(254, 'Au plus 254 caractères.').optional(),
    ),
    phone: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(
          /^\+?[\d .-]{6,20}$/,
          'Numéro de téléphone invalide (chiffres, espaces, points, tirets, + en tête).',
        )
        .optional(),
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Champ de contact inconnu : ${issue.keys.join(', ')}.` : undefined,
  },
)

/** An optional http(s) address of at most 500 characters (a blank form field is none). */
function websiteSchema() {
  return z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'Adresse de site invalide (http:// ou https://).' })
      .max(500, 'Au plus 500 caractères.')
      .optional(),
  )
}

const offerShape = {
  local_type: enumOf(LOCAL_TYPE_VALUES, 'Type de local').describe('Type de local'),
  transaction_types: z
    .preprocess(
      listFromForm,
      z
        .array(enumOf(TRANSACTION_TYPE_VALUES, 'Type de transaction'), {
          error: 'Attendu : une liste de types de transaction.',
        })
        .min(1, `Au moins un type de transaction (${TRANSACTION_TYPE_VALUES.join(', ')}).`),
    )
    .transform((v) => TRANSACTION_TYPE_VALUES.filter((t) => v.includes(t)))
    .describe('Types de transaction'),
  surface: integer('La surface', 1, 10_000_000).describe('Surface en m²'),
  label: optionalText(200).describe('Libellé'),
  website: websiteSchema()
    .describe('Site internet de l’offre, adresse http:// ou https:// (0.13.0)')
    .meta({ examples: ['https://www.exemple.fr/offres/plateau-bureaux-rennes'] }),
  site_internet: websiteSchema()
    .describe(
      'Ancien nom de website, accepté pour les clients écrits avant 0.13.0 : enregistré comme website. Envoyer website.',
    )
    .meta({ deprecated: true }),
  number: optionalText(20).describe('Numéro dans la voie'),
  voie: optionalText(200).describe('Nom de la voie'),
  code_commune: z
    .preprocess(blankToUndefined, communeCodeSchema.optional())
    .describe('Code INSEE de la commune'),
  tags: z
    .preprocess(
      listFromForm,
      z
        .array(
          z
            .string({ error: 'Un mot-clé est un texte.' })
            .trim()
            .min(1, 'Mot-clé vide.')
            .max(60, 'Au plus 60 caractères.'),
          {
            error: 'Attendu : une liste de mots-clés.',
          },
        )
        .max(MAX_TAGS, `Au plus ${MAX_TAGS} mots-clés.`)
        .optional(),
    )
    .transform((v) => (v ? [...new Set(v)] : []))
    .describe('Mots-clés (textes libres, ex. « Vitrine »)'),
  annee_de_construction: z
    .preprocess(blankToUndefined, integer('L’année de construction', 1500, CURRENT_YEAR_LIMIT).optional())
    .describe('Année de construction'),
  parking_number: z
    .preprocess(blankToUndefined, integer('Le nombre de places de parking', 0, 100_000).optional())
    .describe('Nombre de places de parking'),
  disponibilite: z
    .preprocess(blankToUndefined, frenchDateSchema.optional())
    .describe('Date de disponibilité (JJ-MM-AAAA)'),
  descriptif_bien: optionalText(5000).describe('Description du bien'),
  descriptif_surface: optionalText(5000).describe('Description des surfaces'),
  descriptif_caracteristique: optionalText(5000).describe('Description des caractéristiques'),
  acces: optionalText(5000).describe('Description de l’accessibilité'),
  descriptif_tarif: optionalText(5000).describe('Description du tarif'),
  prix_de_vente: amount('Le prix de vente').describe('Prix de vente (€)'),
  taxe_fonciere: amount('La taxe foncière').describe('Taxe foncière (€ HT par an)'),
  charges_mensuelles_copropriete: amount('Les charges de copropriété').describe(
    'Charges mensuelles de copropriété (€)',
  ),
  loyer_mensuel: amount('Le loyer mensuel').describe('Loyer mensuel (€ HT-HC)'),
  charges_locatives: amount('Les charges locatives').describe('Charges locatives (€ HT par an)'),
  divisible_at: z
    .preprocess(blankToUndefined, integer('La divisibilité', 1, 10_000_000).optional())
    .describe('Surface (m²) à partir de laquelle le local peut être divisé, au plus la surface (0.13.0)')
    .meta({ examples: [150] }),
  latitude: z
    .preprocess(
      (v) => numberFromText(blankToUndefined(v)),
      z
        .number({ error: 'Latitude : attendu un nombre.' })
        .min(-90, 'Latitude entre -90 et 90.')
        .max(90, 'Latitude entre -90 et 90.')
        .optional(),
    )
    .describe('Latitude WGS 84 (à défaut, le centre de la commune)'),
  longitude: z
    .preprocess(
      (v) => numberFromText(blankToUndefined(v)),
      z
        .number({ error: 'Longitude : attendu un nombre.' })
        .min(-180, 'Longitude entre -180 et 180.')
        .max(180, 'Longitude entre -180 et 180.')
        .optional(),
    )
    .describe('Longitude WGS 84 (à défaut, le centre de la commune)'),
  contact_offers_attributes: z
    .preprocess(
      listFromForm,
      z
        .array(contactSchema, { error: 'Attendu : une liste de contacts.' })
        .max(10, 'Au plus 10 contacts.')
        .optional(),
    )
    .transform((v) => v ?? [])
    .describe('Contacts : type, name, email, phone'),
}

export const OFFER_FIELDS = Object.keys(offerShape) as Array<keyof typeof offerShape>
/** The fields named in messages (the former name site_internet is accepted, not advertised). */
const ADVERTISED_FIELDS = OFFER_FIELDS.filter((field) => field !== 'site_internet')

/** The fields of an offer (creation, and edition in the workshop). */
export const offerFieldsSchema = z
  .strictObject(offerShape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys')
        return `Champ inconnu : ${issue.keys.join(', ')}. Champs acceptés : ${ADVERTISED_FIELDS.join(', ')}.`
      if (issue.code === 'invalid_type') return 'L’offre est requise : un objet de ses champs.'
      return undefined
    },
  })
  .superRefine((offer, ctx) => {
    if ((offer.latitude === undefined) !== (offer.longitude === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [offer.latitude === undefined ? 'latitude' : 'longitude'],
        message: 'Une position se donne par sa latitude et sa longitude ensemble.',
      })
    }
    if (offer.divisible_at !== undefined && offer.divisible_at > offer.surface) {
      ctx.addIssue({
        code: 'custom',
        path: ['divisible_at'],
        message: 'La divisibilité ne peut pas dépasser la surface.',
      })
    }
    if (
      offer.site_internet !== undefined &&
      offer.website !== undefined &&
      offer.site_internet !== offer.website
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['site_internet'],
        message: 'site_internet est l’ancien nom de website : envoyer website seul.',
      })
    }
  })
  // The former name is stored and served as website.
  .transform(({ site_internet, ...offer }) =>
    site_internet === undefined || offer.website !== undefined ? offer : { ...offer, website: site_internet },
  )

export type OfferFields = z.output<typeof offerFieldsSchema>
export type OfferFieldsInput = z.input<typeof offerFieldsSchema>

/** The body of POST /eco/immo/offres: `{"offre": {…}}`. */
export const createOfferBodySchema = z.strictObject(
  { offre: offerFieldsSchema },
  {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys')
        return `Paramètre inconnu : ${issue.keys.join(', ')}. Le corps est {"offre": {…}} (ou offre[champ]=… en formulaire).`
      if (issue.code === 'invalid_type' && issue.path?.length === 0)
        return 'Le corps est {"offre": {…}} (ou offre[champ]=… en formulaire).'
      return undefined
    },
  },
)
