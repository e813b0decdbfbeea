'use client'

import { useId } from 'react'
import type { ApplicationWithSecret } from '@/lib/queries/applications'
import { CopyButton } from '../ui/copy-button'
import { Dialog } from '../ui/dialog'
import styles from './applications.module.css'

/** The credentials of a new or rotated application, shown once; closing the dialog forgets them. */
export function SecretDialog({
  shown,
  rotated,
  onClose,
}: {
  shown: ApplicationWithSecret | null
  rotated: boolean
  onClose: () => void
}) {
  const id = useId()
  return (
    <Dialog
      open={shown !== null}
      title={rotated ? 'Nouveau secret' : 'Application créée'}
      onClose={onClose}
      role="alertdialog"
    >
      {shown ? (
        <div className={styles.secret}>
          <p className={styles.warning} role="alert">
            <strong>Copiez le secret maintenant : il ne sera plus jamais affiché.</strong> Il est conservé
            haché ; s’il est perdu, il faudra en générer un nouveau.
            {rotated ? ' L’ancien secret ne fonctionne plus.' : ''}
          </p>
          <p>
            Application <strong>{shown.application.client_name}</strong>
          </p>
          <div className="field">
            <label htmlFor={`${id}-client-id`}>Identifiant client (client_id)</label>
            <input
              id={`${id}-client-id`}
              readOnly
              value={shown.application.client_id}
              data-testid="new-client-id"
            />
            <CopyButton value={shown.application.client_id} label="Copier l’identifiant" />
          </div>
          <div className="field">
            <label htmlFor={`${id}-secret`}>Secret client (client_secret)</label>
            <input id={`${id}-secret`} readOnly value={shown.client_secret} data-testid="new-client-secret" />
            <CopyButton value={shown.client_secret} label="Copier le secret" />
          </div>
          <div className={styles.actions}>
            <button type="button" className="button" onClick={onClose}>
              J’ai conservé le secret
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  )
}
