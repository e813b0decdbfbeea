'use client'

import { useState } from 'react'
import { isGenerating, type WorkshopDataset } from '@/lib/queries/datasets'
import { ConfirmDialog } from '../ui/dialog'
import { ENCODING_LABELS } from './format'
import styles from './datasets.module.css'

type Encoding = WorkshopDataset['encoding']
const ENCODINGS = Object.keys(ENCODING_LABELS) as Encoding[]

const HINTS: Record<Encoding, string> = {
  'UTF-8': 'Tous les caractères ; pour les outils de traitement de données.',
  'ISO-8859-15':
    'Pour les tableurs qui attendent Latin-9 ; les caractères qu’il ne représente pas deviennent « ? ».',
}

/** Chooses the dataset's encoding; the change (a new file, a new version) is confirmed first. */
export function EncodingForm({
  dataset,
  pending,
  error,
  onChange,
}: {
  dataset: WorkshopDataset
  pending: boolean
  error: string | null
  onChange: (encoding: Encoding) => Promise<unknown>
}) {
  const [chosen, setChosen] = useState<Encoding>(dataset.encoding)
  const [confirming, setConfirming] = useState(false)
  const unchanged = chosen === dataset.encoding
  const generating = isGenerating(dataset)

  return (
    <section className={styles.panel} aria-labelledby="encoding-title">
      <h2 id="encoding-title">Encodage</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (!unchanged) setConfirming(true)
        }}
      >
        <fieldset className={styles.choices}>
          <legend>Encodage du fichier CSV</legend>
          {ENCODINGS.map((encoding) => (
            <label key={encoding} className={styles.choice}>
              <input
                type="radio"
                name="encoding"
                value={encoding}
                checked={chosen === encoding}
                onChange={() => setChosen(encoding)}
              />
              <span>
                <strong>{ENCODING_LABELS[encoding]}</strong>
                {encoding === dataset.encoding ? ' (actuel)' : ''}
                <br />
                <span className={styles.hint}>{HINTS[encoding]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button" disabled={unchanged || generating || pending}>
            Changer l’encodage
          </button>
        </div>
        {generating && !unchanged ? (
          <p className={styles.hint}>Changement possible une fois la génération en cours terminée.</p>
        ) : null}
      </form>
      <ConfirmDialog
        open={confirming}
        title={`Passer en ${chosen} ?`}
        confirmLabel="Régénérer le fichier"
        pendingLabel="Envoi…"
        pending={pending}
        error={error}
        onConfirm={() => {
          onChange(chosen).then(
            () => setConfirming(false),
            () => undefined,
          )
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Un nouveau fichier (version {dataset.latest.version + 1}) sera généré en {ENCODING_LABELS[chosen]}.
          Les applications recevront ce fichier dès qu’il sera prêt ; d’ici là, la version actuelle reste
          servie.
        </p>
        {chosen === 'ISO-8859-15' ? (
          <p>Les caractères que Latin-9 ne représente pas (’, Ł, émojis…) seront remplacés par « ? ».</p>
        ) : null}
      </ConfirmDialog>
    </section>
  )
}
