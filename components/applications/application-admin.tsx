'use client'

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '@/lib/queries/bff-client'
import {
  applicationsKey,
  applicationsQuery,
  createApplication,
  revokeApplication,
  rotateApplicationSecret,
  updateApplication,
  type AdminApplication,
  type ApplicationInput,
  type ApplicationWithSecret,
  type QuotaDefaults,
} from '@/lib/queries/applications'
import { ConfirmDialog, Dialog } from '../ui/dialog'
import { ApplicationCard } from './application-card'
import { ApplicationForm, type ScopeOption } from './application-form'
import { SecretDialog } from './secret-dialog'
import styles from './applications.module.css'

type Pending =
  | { kind: 'create' }
  | { kind: 'edit'; application: AdminApplication }
  | { kind: 'rotate'; application: AdminApplication }
  | { kind: 'revoke'; application: AdminApplication }

const EMPTY: ApplicationInput = { client_name: '', scopes: [], redirect_uris: [] }

/** The applications admin: list, create, edit, rotate the secret, revoke (administrators). */
export function ApplicationAdmin({
  initial,
  scopes,
  quotaDefaults,
}: {
  initial: AdminApplication[]
  scopes: readonly ScopeOption[]
  quotaDefaults: QuotaDefaults
}) {
  const client = useQueryClient()
  const { data, error, refetch } = useQuery({ ...applicationsQuery, initialData: initial })
  const [pending, setPending] = useState<Pending | null>(null)
  const [secret, setSecret] = useState<{ shown: ApplicationWithSecret; rotated: boolean } | null>(null)

  const replace = (application: AdminApplication) => {
    client.setQueryData(applicationsKey, (list: AdminApplication[] | undefined) =>
      list?.some((a) => a.id === application.id)
        ? list.map((a) => (a.id === application.id ? application : a))
        : [application, ...(list ?? [])],
    )
    void client.invalidateQueries({ queryKey: applicationsKey })
  }
  const close = () => setPending(null)

  const create = useMutation({
    mutationFn: createApplication,
    onSuccess: (result) => {
      replace(result.application)
      close()
      setSecret({ shown: result, rotated: false })
    },
  })
  const edit = useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ApplicationInput }) =>
      updateApplication(id, changes),
    onSuccess: ({ application }) => {
      replace(application)
      close()
    },
  })
  const rotate = useMutation({
    mutationFn: rotateApplicationSecret,
    onSuccess: (result) => {
      replace(result.application)
      close()
      setSecret({ shown: result, rotated: true })
    },
  })
  const revoke = useMutation({
    mutationFn: revokeApplication,
    onSuccess: ({ application }) => {
      replace(application)
      close()
    },
  })

  const open = (next: Pending) => {
    for (const m of [create, edit, rotate, revoke]) m.reset()
    setPending(next)
  }

  return (
    <>
      <div className={styles.toolbar}>
        <button type="button" className="button" onClick={() => open({ kind: 'create' })}>
          Nouvelle application
        </button>
      </div>
      {error ? (
        <div className="alert" role="alert">
          <p>Impossible d’actualiser la liste : {errorMessage(error)}</p>
          <button type="button" className="button button--secondary" onClick={() => void refetch()}>
            Réessayer
          </button>
        </div>
      ) : null}
      {data.length === 0 ? (
        <p className={styles.empty}>
          Aucune application cliente. Créez-en une pour donner accès à l’API (client credentials).
        </p>
      ) : (
        <ul className={styles.list} aria-label="Applications clientes">
          {data.map((application) => (
            <li key={application.id}>
              <ApplicationCard
                application={application}
                scopes={scopes}
                quotaDefaults={quotaDefaults}
                onEdit={() => open({ kind: 'edit', application })}
                onRotate={() => open({ kind: 'rotate', application })}
                onRevoke={() => open({ kind: 'revoke', application })}
              />
            </li>
          ))}
        </ul>
      )}

      <Dialog open={pending?.kind === 'create'} title="Nouvelle application" onClose={close}>
        <ApplicationForm
          initial={EMPTY}
          scopes={scopes}
          submitLabel="Créer l’application"
          pendingLabel="Création…"
          pending={create.isPending}
          error={create.error}
          onSubmit={(input) => create.mutate(input)}
          onCancel={close}
        />
      </Dialog>
      <Dialog
        open={pending?.kind === 'edit'}
        title={pending?.kind === 'edit' ? `Modifier « ${pending.application.client_name} »` : 'Modifier'}
        onClose={close}
      >
        {pending?.kind === 'edit' ? (
          <>
            <p className={styles.hint}>
              Les portées changées valent pour l’API en quelques secondes : une portée retirée ne vaut plus,
              même pour les jetons déjà émis ; une portée ajoutée vaut pour les jetons demandés ensuite.
            </p>
            <ApplicationForm
              initial={{
                client_name: pending.application.client_name,
                scopes: pending.application.scopes,
                redirect_uris: pending.application.redirect_uris,
                quota_per_minute: pending.application.quota_per_minute,
                quota_per_day: pending.application.quota_per_day,
              }}
              scopes={scopes}
              quotaDefaults={quotaDefaults}
              submitLabel="Enregistrer"
              pendingLabel="Enregistrement…"
              pending={edit.isPending}
              error={edit.error}
              onSubmit={(changes) => edit.mutate({ id: pending.application.id, changes })}
              onCancel={close}
            />
          </>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={pending?.kind === 'rotate'}
        title="Générer un nouveau secret ?"
        confirmLabel="Générer un nouveau secret"
        pendingLabel="Génération…"
        pending={rotate.isPending}
        error={rotate.error ? errorMessage(rotate.error) : null}
        onConfirm={() => pending?.kind === 'rotate' && rotate.mutate(pending.application.id)}
        onCancel={close}
      >
        <p>
          L’ancien secret de « {pending?.kind === 'rotate' ? pending.application.client_name : ''} » cessera
          de fonctionner immédiatement : l’application ne pourra plus obtenir de jeton avec lui. Les jetons
          déjà émis restent valables jusqu’à leur expiration.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.kind === 'revoke'}
        title="Révoquer l’application ?"
        confirmLabel="Révoquer définitivement"
        pendingLabel="Révocation…"
        danger
        pending={revoke.isPending}
        error={revoke.error ? errorMessage(revoke.error) : null}
        onConfirm={() => pending?.kind === 'revoke' && revoke.mutate(pending.application.id)}
        onCancel={close}
      >
        <p>
          « {pending?.kind === 'revoke' ? pending.application.client_name : ''} » ne pourra plus obtenir de
          jeton et ses jetons en cours seront refusés par l’API d’ici quelques secondes. Cette action est
          irréversible.
        </p>
      </ConfirmDialog>
      <SecretDialog
        shown={secret?.shown ?? null}
        rotated={secret?.rotated ?? false}
        onClose={() => setSecret(null)}
      />
    </>
  )
}
