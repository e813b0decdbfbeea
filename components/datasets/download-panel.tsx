'use client'

import { useMutation } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { errorMessage } from '@/lib/queries/bff-client'
import { fetchDownloadLink, LINK_VALIDITIES, type WorkshopDataset } from '@/lib/queries/datasets'
import { CopyButton } from '../ui/copy-button'
import { formatDateTime } from './format'
import styles from './datasets.module.css'

/** Validity of the address behind the download button: just long enough to start the download. */
const DOWNLOAD_SECONDS = 300

/** Downloads the served CSV file, and issues temporary links of a chosen validity to pass on. */
export function DownloadPanel({ dataset }: { dataset: WorkshopDataset }) {
  const [validity, setValidity] = useState<number>(LINK_VALIDITIES[1].seconds)
  const selectId = useId()
  const linkId = useId()
  const download = useMutation({
    mutationFn: () => fetchDownloadLink(dataset.id, DOWNLOAD_SECONDS),
    onSuccess: (link) => window.location.assign(link.location),
  })
  const link = useMutation({ mutationFn: (seconds: number) => fetchDownloadLink(dataset.id, seconds) })
  const unavailable = dataset.current === null

  return (
    <section className={styles.panel} aria-labelledby="download-title">
      <h2 id="download-title">Téléchargement</h2>
      {unavailable ? (
        <p className={styles.hint}>Le fichier sera téléchargeable dès la fin de sa première génération.</p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="button"
          disabled={unavailable || download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending ? 'Préparation…' : 'Télécharger le CSV'}
        </button>
      </div>
      {download.error ? (
        <p className="alert" role="alert">
          Téléchargement impossible : {errorMessage(download.error)}
        </p>
      ) : null}

      <form
        className={styles.linkForm}
        onSubmit={(event) => {
          event.preventDefault()
          link.mutate(validity)
        }}
      >
        <div className="field">
          <label htmlFor={selectId}>Durée de validité du lien temporaire</label>
          <select
            id={selectId}
            value={validity}
            onChange={(event) => {
              setValidity(Number(event.target.value))
              link.reset()
            }}
          >
            {LINK_VALIDITIES.map((v) => (
              <option key={v.seconds} value={v.seconds}>
                {v.label}
              </option>
            ))}
          </select>
        </div>
        <div className="form-actions">
          <button type="submit" className="button button--secondary" disabled={unavailable || link.isPending}>
            Créer un lien temporaire
          </button>
        </div>
      </form>
      {link.error ? (
        <p className="alert" role="alert">
          Lien impossible : {errorMessage(link.error)}
        </p>
      ) : null}
      {link.data ? (
        <div className={styles.issuedLink} aria-live="polite">
          <label htmlFor={linkId}>
            Lien vers la version {link.data.version} ({link.data.encoding}), valable jusqu’au{' '}
            {formatDateTime(link.data.expires_at)}
          </label>
          <input
            id={linkId}
            readOnly
            value={link.data.location}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="temporary-link"
          />
          <CopyButton value={link.data.location} label="Copier le lien" />
        </div>
      ) : null}
    </section>
  )
}
