'use client'

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { errorMessage } from '@/lib/queries/bff-client'
import {
  datasetKey,
  datasetQuery,
  datasetsKey,
  deleteDataset,
  isGenerating,
  refreshDataset,
  updateDataset,
  type WorkshopDataset,
} from '@/lib/queries/datasets'
import { ConfirmDialog } from '../ui/dialog'
import { Progress } from '../ui/progress'
import { StatusBadge } from '../ui/status-badge'
import { ApiAddresses } from './api-addresses'
import { DatasetPreview } from './dataset-preview'
import { DownloadPanel } from './download-panel'
import { EncodingForm } from './encoding-form'
import { TitleForm } from './title-form'
import { formatBytes, formatDateTime, formatNumber, MODEL_LABELS } from './format'
import styles from './datasets.module.css'

/** The generation in progress or its outcome, announced politely as it changes. */
function GenerationState({ dataset }: { dataset: WorkshopDataset }) {
  const { latest, current } = dataset
  return (
    <section className={styles.panel} aria-labelledby="generation-title">
      <h2 id="generation-title">Fichier</h2>
      <div data-testid="generation-state">
        {/* Announced when the state changes; the progress bar below is not, it changes every second. */}
        <div aria-live="polite">
          {isGenerating(dataset) ? (
            <p>
              Version {latest.version} ({latest.encoding}) :{' '}
              {latest.status === 'pending' ? 'en attente de génération' : 'génération en cours'}.
            </p>
          ) : latest.status === 'failed' ? (
            <p className="alert" role="alert">
              La génération de la version {latest.version} a échoué
              {latest.failure_reason ? ` : ${latest.failure_reason}` : ''}.{' '}
              {current ? `La version ${current.version} reste servie.` : ''} Actualisez pour réessayer.
            </p>
          ) : null}
          {current ? (
            <p>
              Version servie : <strong data-testid="served-version">{current.version}</strong>,{' '}
              {current.encoding}, {formatNumber(current.total)} enregistrements
              {current.file_bytes !== null ? `, ${formatBytes(current.file_bytes)}` : ''}
              {current.finished_at ? `, générée le ${formatDateTime(current.finished_at)}` : ''}.
            </p>
          ) : null}
          {current && current.encoding === 'ISO-8859-15' ? (
            <p data-testid="replaced-characters">
              {current.replaced_characters === 0
                ? 'Tous les caractères sont représentés en Latin-9.'
                : `${formatNumber(current.replaced_characters)} caractère${current.replaced_characters > 1 ? 's' : ''} que Latin-9 ne peut pas représenter (’, Ł, émojis…) ${current.replaced_characters > 1 ? 'ont été remplacés' : 'a été remplacé'} par « ? ».`}
            </p>
          ) : null}
        </div>
        {isGenerating(dataset) ? (
          <>
            <Progress
              done={latest.progress.rows}
              total={latest.progress.total}
              label={`Génération de la version ${latest.version}`}
            />
            <p className={styles.hint}>
              {current
                ? `La version ${current.version} reste servie jusqu’à ce que la nouvelle soit prête.`
                : 'Le fichier sera disponible dès la fin de la génération.'}
            </p>
          </>
        ) : null}
      </div>
    </section>
  )
}

export function DatasetDetail({ initial, apiOrigin }: { initial: WorkshopDataset; apiOrigin: string }) {
  const client = useQueryClient()
  const router = useRouter()
  const [confirming, setConfirming] = useState<'refresh' | 'delete' | null>(null)
  const [deleted, setDeleted] = useState(false)
  const { data: dataset, error } = useQuery({
    ...datasetQuery(initial.id),
    initialData: initial,
    // Once deleted, the page leaves: no more requests for the dataset.
    enabled: !deleted,
  })

  const applyChange = (changed: WorkshopDataset) => {
    client.setQueryData(datasetKey(changed.id), changed)
    void client.invalidateQueries({ queryKey: datasetsKey, exact: true })
  }

  const encoding = useMutation({
    mutationFn: (value: WorkshopDataset['encoding']) => updateDataset(dataset.id, { encoding: value }),
    onSuccess: ({ dataset: changed }) => applyChange(changed),
  })
  const rename = useMutation({
    mutationFn: (title: string) => updateDataset(dataset.id, { title }),
    onSuccess: ({ dataset: changed }) => applyChange(changed),
  })
  const refresh = useMutation({
    mutationFn: () => refreshDataset(dataset.id),
    onSuccess: ({ dataset: changed }) => {
      applyChange(changed)
      setConfirming(null)
    },
  })
  const remove = useMutation({
    mutationFn: () => deleteDataset(dataset.id),
    onSuccess: () => {
      // Its queries are left to expire (removing them now would make the mounted page refetch them).
      setDeleted(true)
      void client.invalidateQueries({ queryKey: datasetsKey, exact: true })
      router.push('/jeux-de-donnees?supprime=1')
    },
  })

  const busy = isGenerating(dataset)
  return (
    <article className={styles.detail}>
      <p className={styles.breadcrumb}>
        <Link href="/jeux-de-donnees">← Tous les jeux de données</Link>
      </p>
      <header className={styles.detailHeader}>
        <h1>{dataset.title}</h1>
        <StatusBadge status={dataset.status} />
      </header>
      {error ? (
        <p className="alert" role="alert">
          Actualisation impossible : {errorMessage(error)}
        </p>
      ) : null}
      <dl className={styles.facts}>
        <div>
          <dt>Modèle</dt>
          <dd>
            {MODEL_LABELS[dataset.model]} (<code>{dataset.model}</code>)
          </dd>
        </div>
        <div>
          <dt>Enregistrements</dt>
          <dd data-testid="dataset-total">{formatNumber(dataset.total)}</dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>{dataset.version}</dd>
        </div>
        <div>
          <dt>Encodage</dt>
          <dd data-testid="dataset-encoding">{dataset.encoding}</dd>
        </div>
        <div>
          <dt>Créé le</dt>
          <dd>{formatDateTime(dataset.created_at)}</dd>
        </div>
      </dl>
      <TitleForm
        key={dataset.title}
        title={dataset.title}
        pending={rename.isPending}
        error={rename.error}
        onRename={(title) => rename.mutate(title)}
      />
      <details className={styles.search}>
        <summary>Recherche enregistrée</summary>
        <pre tabIndex={0}>{JSON.stringify(dataset.search, null, 2)}</pre>
      </details>

      <GenerationState dataset={dataset} />

      <div className={styles.columns}>
        <EncodingForm
          key={dataset.encoding}
          dataset={dataset}
          pending={encoding.isPending}
          error={encoding.error ? errorMessage(encoding.error) : null}
          onChange={(value) => encoding.mutateAsync(value)}
        />
        <DownloadPanel dataset={dataset} />
      </div>

      <section className={styles.panel} aria-labelledby="actions-title">
        <h2 id="actions-title">Actions</h2>
        <p className={styles.hint}>
          Actualiser rejoue la recherche enregistrée sur les données du moment : nouveaux enregistrements,
          nouvelle version du fichier.
        </p>
        <div className="form-actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => {
              refresh.reset()
              setConfirming('refresh')
            }}
          >
            Actualiser
          </button>
          <button
            type="button"
            className={`button button--secondary ${styles.dangerOutline}`}
            onClick={() => {
              remove.reset()
              setConfirming('delete')
            }}
          >
            Supprimer
          </button>
        </div>
        {busy ? <p className={styles.hint}>Actualisation possible une fois la génération terminée.</p> : null}
      </section>

      <DatasetPreview dataset={dataset} />
      <ApiAddresses dataset={dataset} apiOrigin={apiOrigin} />

      <ConfirmDialog
        open={confirming === 'refresh'}
        title="Actualiser le jeu de données ?"
        confirmLabel="Actualiser"
        pendingLabel="Actualisation…"
        pending={refresh.isPending}
        error={refresh.error ? errorMessage(refresh.error) : null}
        onConfirm={() => refresh.mutate()}
        onCancel={() => setConfirming(null)}
      >
        <p>
          La recherche enregistrée sera rejouée et un nouveau fichier (version {dataset.latest.version + 1})
          sera généré. La version actuelle reste servie pendant la génération.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'delete'}
        title="Supprimer le jeu de données ?"
        confirmLabel="Supprimer définitivement"
        pendingLabel="Suppression…"
        danger
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(null)}
      >
        <p>
          « {dataset.title} » et ses fichiers seront supprimés, y compris ceux dont des liens de
          téléchargement ont été distribués. Les applications ne pourront plus le lire. Cette action est
          irréversible.
        </p>
      </ConfirmDialog>
    </article>
  )
}
