// The offers workshop of the browser app (« Offres immobilières »): staff list and read offers and
// create them through a form with the API's validation; administrators edit an offer before
// publishing it, publish, refuse with a reason and archive. The BFF contracts and what they answer.
import { z } from 'zod'
import type { StaffUser } from '../auth/users'
import type { BffContract } from '../http/bff-route'
import { notFound } from '../http/api-error'
import { offerFieldsSchema, LOCAL_TYPE_VALUES, type LocalType } from './fields'
import { countByStatus, findOffers, offerPoints, toOfferCriteria } from './offer-search'
import {
  changeStatus,
  createOffer,
  editOffer,
  findOffer,
  offerHistory,
  OFFER_STATUS_VALUES,
  type Actor,
  type OfferEvent,
  type OfferStatus,
  type StoredOffer,
  type Transition,
} from './offer-store'
import { offerFeatures, serialiseOfferDetail, type OfferDetailWire } from './serialise'
import { offerReferenceSchema } from './contract'

export const WORKSHOP_PAGE_SIZE = 25

/** The filters of the workshop's list, as its address carries them (bad values are ignored). */
export const workshopFiltersSchema = z.object({
  statut: z.enum(OFFER_STATUS_VALUES).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  type: z.enum(LOCAL_TYPE_VALUES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
})
export type WorkshopFilters = z.output<typeof workshopFiltersSchema>

export interface WorkshopOffer {
  reference: string
  status: OfferStatus
  label: string | null
  localType: LocalType
  codeCommune: string | null
  libelleCommune: string | null
  surface: number
  creator: string | null
  createdAt: string
  rejectionReason: string | null
}

export interface WorkshopList {
  counts: Record<OfferStatus, number>
  total: number
  page: number
  size: number
  offers: WorkshopOffer[]
}

function workshopOffer(offer: StoredOffer): WorkshopOffer {
  return {
    reference: offer.reference,
    status: offer.status,
    label: offer.fields.label ?? null,
    localType: offer.fields.local_type,
    codeCommune: offer.fields.code_commune ?? null,
    libelleCommune: offer.libelleCommune,
    surface: offer.fields.surface,
    creator: offer.creatorName,
    createdAt: offer.createdAt,
    rejectionReason: offer.rejectionReason,
  }
}

/** A page of the workshop's list, newest first, with the number of offers in each status. */
export async function workshopList(filters: WorkshopFilters): Promise<WorkshopList> {
  const page = filters.page ?? 1
  const criteria = {
    ...(filters.q ? toOfferCriteria(filters.q) : {}),
    ...(filters.statut ? { statuses: [filters.statut] } : {}),
    ...(filters.type ? { localTypes: [filters.type] } : {}),
  }
  const [counts, result] = await Promise.all([
    countByStatus(),
    findOffers(criteria, { page, size: WORKSHOP_PAGE_SIZE, order: 'created' }),
  ])
  return {
    counts,
    total: result.total,
    page,
    size: WORKSHOP_PAGE_SIZE,
    offers: result.offers.map(workshopOffer),
  }
}

export interface WorkshopOfferDetail {
  offre: OfferDetailWire
  creator: string | null
  history: OfferEvent[]
}

/** One offer with its creator and history; 404 when unknown. */
export async function workshopOfferDetail(reference: string): Promise<WorkshopOfferDetail> {
  const offer = await findOffer(reference)
  if (!offer) throw notFound(`Aucune offre de référence ${reference}.`)
  return {
    offre: serialiseOfferDetail(offer),
    creator: offer.creatorName,
    history: await offerHistory(reference),
  }
}

/** The GeoJSON of published offers for the workshop's map (at most 10,000). */
export async function publishedOffersMap(): Promise<ReturnType<typeof offerFeatures>> {
  return offerFeatures(await offerPoints({ statuses: ['published'] }, 10_000))
}

const staffActor = (user: StaffUser): Actor => ({ kind: 'staff', userId: user.id, name: user.name })

/** Creation by staff: the same fields and validation as POST /eco/immo/offres. */
export async function createOfferByStaff(user: StaffUser, fields: z.output<typeof offerFieldsSchema>) {
  const created = await createOffer(fields, { kind: 'staff', userId: user.id, name: user.name })
  return workshopOfferDetail(created.reference)
}

export async function editOfferByStaff(
  user: StaffUser,
  reference: string,
  fields: z.output<typeof offerFieldsSchema>,
) {
  await editOffer(reference, fields, staffActor(user))
  return workshopOfferDetail(reference)
}

export async function changeStatusByStaff(
  user: StaffUser,
  reference: string,
  transition: Transition,
  reason?: string,
) {
  await changeStatus(reference, transition, staffActor(user), reason ? { reason } : {})
  return workshopOfferDetail(reference)
}

const referenceParams = z.object({ reference: offerReferenceSchema })

export const workshopListContract = { role: 'staff', query: workshopFiltersSchema } satisfies BffContract
export const workshopCreateContract = { role: 'staff', body: offerFieldsSchema } satisfies BffContract
export const workshopOfferContract = { role: 'staff', params: referenceParams } satisfies BffContract
export const workshopEditContract = {
  role: 'admin',
  params: referenceParams,
  body: offerFieldsSchema,
} satisfies BffContract
export const workshopTransitionContract = { role: 'admin', params: referenceParams } satisfies BffContract
export const workshopRejectContract = {
  role: 'admin',
  params: referenceParams,
  body: z.strictObject({
    reason: z
      .string({ error: 'Le motif du refus est requis.' })
      .trim()
      .min(3, 'Donnez le motif du refus : il est communiqué à l’application qui a créé l’offre.')
      .max(1000, 'Au plus 1 000 caractères.'),
  }),
} satisfies BffContract
