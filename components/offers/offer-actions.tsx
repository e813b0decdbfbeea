'use client'

import { useMutation } from '@tanstack/react-query'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useId, useState } from 'react'
import { BffError, errorMessage } from '@/lib/queries/bff-client'
import { archiveOffer, publishOffer, rejectOffer } from '@/lib/queries/offers'
import type { OfferStatus } from '@/lib/offers/statuses'
import { ConfirmDialog } from '../ui/dialog'
import styles from './offers.module.css'

type Pending = 'publish' | 'reject' | 'archive' | null

/** The administrators' decisions on an offer: publish, refuse with a reason, archive (each confirmed). */
export function OfferActions({ reference, status }: { reference: string; status: OfferStatus }) {
  const router = useRouter()
  const id = useId()
  const [pending, setPending] = useState<Pending>(null)
  const [reason, setReason] = useState('')
  const done = () => {
    setPending(null)
    router.refresh()
  }
  const publish = useMutation({ mutationFn: () => publishOffer(reference), onSuccess: done })
  const archive = useMutation({ mutationFn: () => archiveOffer(reference), onSuccess: done })
  const reject = useMutation({ mutationFn: () => rejectOffer(reference, reason), onSuccess: done })
  const open = (next: Pending) => {
    for (const m of [publish, archive, reject]) m.reset()
    setReason('')
    setPending(next)
  }
  const reasonErrors = reject.error instanceof BffError ? reject.error.fieldMessages('reason') : []
  const canPublish = status === 'pending_validation' || status === 'archived'
  const canReject = status === 'pending_validation'
  const canArchive = status === 'pending_validation' || status === 'published'

  return (
    <>
      <div className={styles.actions}>
        {status === 'pending_validation' ? (
          <Link className="button button--secondary" href={`/offres/${reference}/modifier`}>
            Modifier
          </Link>
        ) : null}
        {canPublish ? (
          <button type="button" className="button" onClick={() => open('publish')}>
            {status === 'archived' ? 'Publier à nouveau' : 'Publier'}
          </button>
        ) : null}
        {canReject ? (
          <button type="button" className="button button--secondary" onClick={() => open('reject')}>
            Refuser
          </button>
        ) : null}
        {canArchive ? (
          <button type="button" className="button button--secondary" onClick={() => open('archive')}>
            Archiver
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={pending === 'publish'}
        title="Publier l’offre ?"
        confirmLabel="Publier"
        pendingLabel="Publication…"
        pending={publish.isPending}
        error={publish.error ? errorMessage(publish.error) : null}
        onConfirm={() => publish.mutate()}
        onCancel={() => setPending(null)}
      >
        <p>
          L’offre {reference} deviendra publique : toutes les applications la liront par{' '}
          <code>GET /eco/immo/offres</code>.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'reject'}
        title="Refuser l’offre ?"
        confirmLabel="Refuser l’offre"
        pendingLabel="Refus…"
        danger
        pending={reject.isPending}
        error={reject.error && reasonErrors.length === 0 ? errorMessage(reject.error) : null}
        onConfirm={() => reject.mutate()}
        onCancel={() => setPending(null)}
      >
        <div className="field">
          <label htmlFor={`${id}-reason`}>Motif du refus</label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            rows={3}
            required
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={reasonErrors.length > 0}
            aria-describedby={`${id}-reason-hint${reasonErrors.length > 0 ? ` ${id}-reason-error` : ''}`}
          />
          <p id={`${id}-reason-hint`} className={styles.hint}>
            L’application qui a créé l’offre lit ce motif dans <code>GET /eco/immo/offres/statuts</code>.
          </p>
          {reasonErrors.length > 0 ? (
            <p id={`${id}-reason-error`} className={styles.fieldError}>
              {reasonErrors.join(' ')}
            </p>
          ) : null}
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'archive'}
        title="Archiver l’offre ?"
        confirmLabel="Archiver"
        pendingLabel="Archivage…"
        pending={archive.isPending}
        error={archive.error ? errorMessage(archive.error) : null}
        onConfirm={() => archive.mutate()}
        onCancel={() => setPending(null)}
      >
        <p>L’offre {reference} ne sera plus publique. Elle pourra être publiée à nouveau.</p>
      </ConfirmDialog>
    </>
  )
}
