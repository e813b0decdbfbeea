import type { OfferStatus } from '@/lib/offers/statuses'
import { Badge } from '../ui/status-badge'
import { statusLabel } from './format'

const TONES: Record<OfferStatus, 'neutral' | 'danger' | 'ok'> = {
  pending_validation: 'neutral',
  published: 'ok',
  rejected: 'danger',
  archived: 'neutral',
}

/** The status of an offer as a labelled badge (the text carries the meaning). */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return <Badge tone={TONES[status]}>{statusLabel(status)}</Badge>
}
