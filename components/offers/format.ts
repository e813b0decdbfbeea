// Labels and formatting of the offers workshop (French, Paris time, so that server and browser
// render the same text).
import { LOCAL_TYPES, TRANSACTION_TYPES, type LocalType, type TransactionType } from '@/lib/offers/fields'
import { OFFER_STATUSES, type OfferAction, type OfferStatus } from '@/lib/offers/statuses'

const number = new Intl.NumberFormat('fr-FR')
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 })
const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
})

export const formatNumber = (value: number) => number.format(value)
export const formatEuros = (value: number) => euros.format(value)
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))

export const statusLabel = (status: OfferStatus) => OFFER_STATUSES[status]
export const localTypeLabel = (type: LocalType) => LOCAL_TYPES[type]
export const transactionLabels = (types: readonly TransactionType[]) =>
  types.map((t) => TRANSACTION_TYPES[t]).join(', ')

export const ACTION_LABELS: Record<OfferAction, string> = {
  created: 'Création',
  edited: 'Modification',
  published: 'Publication',
  rejected: 'Refus',
  archived: 'Archivage',
}
