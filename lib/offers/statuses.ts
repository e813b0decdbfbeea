// The statuses of an offer and the actions of its history, with their French labels: free of any
// server dependency, for the API and the browser app alike.
export const OFFER_STATUSES = {
  pending_validation: 'En cours de validation',
  published: 'Publiée',
  rejected: 'Refusée',
  archived: 'Archivée',
} as const
export type OfferStatus = keyof typeof OFFER_STATUSES
export const OFFER_STATUS_VALUES = Object.keys(OFFER_STATUSES) as [OfferStatus, ...OfferStatus[]]

export type OfferAction = 'created' | 'edited' | 'published' | 'rejected' | 'archived'
