// Calls of the offers workshop to its BFF routes (/bff/offres/**).
import type { OfferDetailWire } from '../offers/serialise'
import type { OfferEvent } from '../offers/offer-store'
import { bffFetch } from './bff-client'

export interface WorkshopOfferDetailWire {
  offre: OfferDetailWire
  creator: string | null
  history: OfferEvent[]
}

/** The fields of the offer form as sent: texts as typed (the server reads numbers and dates). */
export type OfferFormBody = Record<string, unknown>

export const createOffer = (body: OfferFormBody) =>
  bffFetch<WorkshopOfferDetailWire>('/bff/offres', { method: 'POST', body })

export const editOffer = (reference: string, body: OfferFormBody) =>
  bffFetch<WorkshopOfferDetailWire>(`/bff/offres/${reference}`, { method: 'PATCH', body })

export const publishOffer = (reference: string) =>
  bffFetch<WorkshopOfferDetailWire>(`/bff/offres/${reference}/publish`, { method: 'POST' })

export const archiveOffer = (reference: string) =>
  bffFetch<WorkshopOfferDetailWire>(`/bff/offres/${reference}/archive`, { method: 'POST' })

export const rejectOffer = (reference: string, reason: string) =>
  bffFetch<WorkshopOfferDetailWire>(`/bff/offres/${reference}/reject`, { method: 'POST', body: { reason } })
