'use client'

// Administrators: "Créer un jeu de données à partir de cette recherche" — a modal dialog asking a
// title and the file encoding, posting to /bff/datasets. The dataset holds the whole result (no
// 10,000 cap); its CSV file is generated in the background and followed in the workshop.
import { useMutation } from '@tanstack/react-query'
import Link from 'next/link'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { BffError, bffFetch, errorMessage } from '@/lib/queries/bff-client'
import type { ApiSearch } from '@/lib/explorer/search-state'
import { CsvEncodingChoice, type CsvEncoding } from '@/components/datasets/csv-encoding-choice'

interface CreateDatasetDialogProps {
  open: boolean
  onClose: () => void
  /** The API search object of the current search (undefined: every establishment). */
  search: ApiSearch | undefined
  /** A proposed title describing the search. */
  suggestedTitle: string
}

interface Created {
  dataset: { id: string; title: string; total: number; encoding: string }
}

export function CreateDatasetDialog({ open, onClose, search, suggestedTitle }: CreateDatasetDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [title, setTitle] = useState(suggestedTitle)
  const [encoding, setEncoding] = useState<CsvEncoding>('UTF-8')
  const create = useMutation({
    mutationFn: () =>
      bffFetch<Created>('/bff/datasets', {
        method: 'POST',
        body: { title, model: 'siret', encoding, ...(search ? { search } : {}) },
      }),
  })

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    create.mutate()
  }

  const titleError = create.error instanceof BffError ? create.error.fieldMessages('title')[0] : undefined
  const created = create.data?.dataset

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="creer-jeu-titre" onClose={onClose}>
      <h2 id="creer-jeu-titre">Créer un jeu de données à partir de cette recherche</h2>
      {created ? (
        <div role="status">
          <p>
            Le jeu de données « {created.title} » est créé : {created.total.toLocaleString('fr-FR')}{' '}
            établissement{created.total > 1 ? 's' : ''}, fichier CSV en {created.encoding}, en cours de
            génération.
          </p>
          <p>
            <Link href="/jeux-de-donnees">Suivre sa génération dans les jeux de données</Link>
          </p>
          <div className="form-actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              Fermer
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit}>
          <p>
            Le jeu de données contiendra tous les établissements de la recherche, sans la limite de 10 000.
          </p>
          <div className={`field${titleError ? ' field-invalid' : ''}`}>
            <label htmlFor="jeu-titre">Titre</label>
            <input
              id="jeu-titre"
              type="text"
              required
              maxLength={200}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              aria-invalid={titleError ? true : undefined}
              aria-describedby={titleError ? 'jeu-titre-erreur' : undefined}
            />
            {titleError ? (
              <p id="jeu-titre-erreur" className="field-error">
                {titleError}
              </p>
            ) : null}
          </div>
          <CsvEncodingChoice name="encodage" value={encoding} onChange={setEncoding} />
          {create.isError && !titleError ? (
            <p className="field-error" role="alert">
              La création a échoué : {errorMessage(create.error)}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="submit" className="button" disabled={create.isPending}>
              {create.isPending ? 'Création…' : 'Créer le jeu de données'}
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              Annuler
            </button>
          </div>
        </form>
      )}
    </dialog>
  )
}
