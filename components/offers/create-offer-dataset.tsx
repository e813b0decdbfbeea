'use client'

// Administrators, on the published offers of the workshop: « Créer un jeu de données de ces offres »
// — the published offers matching the list's filters (text, kind of premises) as a dataset of model
// `offre`, with a title and the file's encoding; followed in the datasets workshop.
import { useMutation } from '@tanstack/react-query'
import Link from 'next/link'
import { useState, type FormEvent } from 'react'
import { Dialog } from '@/components/ui/dialog'
import { BffError, bffFetch, errorMessage } from '@/lib/queries/bff-client'
import { CsvEncodingChoice, type CsvEncoding } from '@/components/datasets/csv-encoding-choice'

interface Created {
  dataset: { id: string; title: string; total: number; encoding: string }
}

export function CreateOfferDataset({
  search,
  suggestedTitle,
}: {
  /** The search of GET /eco/immo/offres matching the list's filters. */
  search: Record<string, string[]>
  suggestedTitle: string
}) {
  const [open, setOpen] = useState(false)
  const [title, setTitle] = useState(suggestedTitle)
  const [encoding, setEncoding] = useState<CsvEncoding>('UTF-8')
  const create = useMutation({
    mutationFn: () =>
      bffFetch<Created>('/bff/datasets', {
        method: 'POST',
        body: { title, model: 'offre', encoding, search },
      }),
  })
  const titleError = create.error instanceof BffError ? create.error.fieldMessages('title')[0] : undefined
  const created = create.data?.dataset

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    create.mutate()
  }

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Créer un jeu de données de ces offres
      </button>
      <Dialog
        open={open}
        title="Créer un jeu de données des offres publiées"
        onClose={() => {
          setOpen(false)
          create.reset()
        }}
      >
        {created ? (
          <div role="status">
            <p>
              Le jeu de données « {created.title} » est créé : {created.total.toLocaleString('fr-FR')} offre
              {created.total > 1 ? 's' : ''} publiée{created.total > 1 ? 's' : ''}, fichier CSV en{' '}
              {created.encoding}, en cours de génération.
            </p>
            <p>
              <Link href={`/jeux-de-donnees/${created.id}`}>Suivre le jeu de données dans l’atelier</Link>
            </p>
          </div>
        ) : (
          <form onSubmit={submit} noValidate>
            <p>
              Les offres publiées qui répondent aux filtres de la liste, avec tous leurs champs, leurs
              contacts et leur position : JSON, GeoJSON et CSV par l’API (portée <code>eco</code>).
            </p>
            <div className="field">
              <label htmlFor="offre-jeu-titre">Titre</label>
              <input
                id="offre-jeu-titre"
                value={title}
                onChange={(event) => setTitle(event.target.value)}
                required
                maxLength={200}
                aria-invalid={titleError ? true : undefined}
                aria-describedby={titleError ? 'offre-jeu-titre-erreur' : undefined}
              />
              {titleError ? (
                <p id="offre-jeu-titre-erreur" className="field-error">
                  {titleError}
                </p>
              ) : null}
            </div>
            <CsvEncodingChoice name="offre-jeu-encodage" value={encoding} onChange={setEncoding} />
            {create.error && !titleError ? (
              <p className="alert" role="alert">
                Création impossible : {errorMessage(create.error)}
              </p>
            ) : null}
            <div className="form-actions">
              <button type="submit" className="button" disabled={create.isPending}>
                {create.isPending ? 'Création…' : 'Créer le jeu de données'}
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  )
}
