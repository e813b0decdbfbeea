'use client'

import { useQuery } from '@tanstack/react-query'
import { errorMessage } from '@/lib/queries/bff-client'
import { datasetPreviewQuery, PREVIEW_SIZE, type WorkshopDataset } from '@/lib/queries/datasets'
import styles from './datasets.module.css'

/** The first records of the served version, as the JSON view gives them. */
export function DatasetPreview({ dataset }: { dataset: WorkshopDataset }) {
  const served = dataset.current?.version ?? null
  const { data, error, isPending } = useQuery({
    ...datasetPreviewQuery(dataset.id, served ?? 0),
    enabled: served !== null,
  })
  return (
    <section className={styles.panel} aria-labelledby="preview-title">
      <h2 id="preview-title">Aperçu des premiers enregistrements</h2>
      {served === null ? (
        <p className={styles.hint}>L’aperçu sera disponible dès que la première version sera prête.</p>
      ) : error ? (
        <p className="alert" role="alert">
          Aperçu indisponible : {errorMessage(error)}
        </p>
      ) : isPending ? (
        <p className={styles.skeleton} aria-busy="true">
          Chargement de l’aperçu…
        </p>
      ) : data.data.length === 0 ? (
        <p>Ce jeu de données ne contient aucun enregistrement.</p>
      ) : (
        <>
          <p className={styles.hint}>
            {Math.min(PREVIEW_SIZE, data.data.length)} premiers enregistrements sur {data.total} (version{' '}
            {data.version}, vue JSON).
          </p>
          <pre
            className={styles.json}
            tabIndex={0}
            aria-label="Premiers enregistrements (JSON)"
            data-testid="preview-json"
          >
            {JSON.stringify(data.data, null, 2)}
          </pre>
        </>
      )}
    </section>
  )
}
