'use client'

import { useQuery } from '@tanstack/react-query'
import Link from 'next/link'
import { errorMessage } from '@/lib/queries/bff-client'
import { datasetsQuery, isGenerating, type WorkshopDataset } from '@/lib/queries/datasets'
import { Progress } from '../ui/progress'
import { StatusBadge } from '../ui/status-badge'
import { formatNumber, MODEL_LABELS } from './format'
import styles from './datasets.module.css'

/** The workshop's list: every dataset, its served version and the generation in progress (polled live). */
export function DatasetList({ initial }: { initial: WorkshopDataset[] }) {
  const { data, error, refetch } = useQuery({ ...datasetsQuery, initialData: initial })

  if (error && !data) {
    return (
      <div className="alert" role="alert">
        <p>Impossible de charger les jeux de données : {errorMessage(error)}</p>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Réessayer
        </button>
      </div>
    )
  }
  if (data.length === 0) {
    return (
      <p className={styles.empty}>
        Aucun jeu de données pour l’instant. Créez-en un depuis l’<Link href="/">explorateur</Link> avec «
        Créer un jeu de données à partir de cette recherche », ou du cadastre avec le bouton ci-dessus.
      </p>
    )
  }
  return (
    <>
      {error ? (
        <p className="alert" role="alert">
          Actualisation impossible : {errorMessage(error)}. La liste affichée peut être ancienne.
        </p>
      ) : null}
      <div className={styles.tableScroll} role="region" aria-label="Jeux de données" tabIndex={0}>
        <table className={styles.table}>
          <caption className={styles.caption}>
            {data.length} jeu{data.length > 1 ? 'x' : ''} de données
          </caption>
          <thead>
            <tr>
              <th scope="col">Titre</th>
              <th scope="col">Modèle</th>
              <th scope="col" className={styles.numeric}>
                Enregistrements
              </th>
              <th scope="col" className={styles.numeric}>
                Version
              </th>
              <th scope="col">Encodage</th>
              <th scope="col">État</th>
            </tr>
          </thead>
          <tbody>
            {data.map((dataset) => (
              <tr key={dataset.id} data-testid="dataset-row">
                <th scope="row">
                  <Link href={`/jeux-de-donnees/${dataset.id}`}>{dataset.title}</Link>
                </th>
                <td>{MODEL_LABELS[dataset.model]}</td>
                <td className={styles.numeric}>{formatNumber(dataset.total)}</td>
                <td className={styles.numeric}>{dataset.version}</td>
                <td>{dataset.encoding}</td>
                <td>
                  <StatusBadge status={dataset.status} />
                  {isGenerating(dataset) ? (
                    <Progress
                      done={dataset.progress.rows}
                      total={dataset.progress.total}
                      label={`Génération de la version ${dataset.latest.version} de « ${dataset.title} »`}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
