'use client'

// Administrators, in the workshop: « Créer un jeu de données du cadastre » — a search of cadastral
// parcels (model `parcelle`) or of owner accounts (model `prop`) with the keys of GET /ca/parcelles
// and GET /ca/props, previewed (number of records and the first ones) then saved as a dataset with a
// title and its file's encoding. The search is checked by the server with the API's own rules: its
// messages are shown next to the fields they concern.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import Link from 'next/link'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Dialog } from '@/components/ui/dialog'
import { BffError, bffFetch, errorMessage } from '@/lib/queries/bff-client'
import { datasetsKey } from '@/lib/queries/datasets'
import { CsvEncodingChoice, type CsvEncoding } from './csv-encoding-choice'
import { formatNumber } from './format'
import styles from './datasets.module.css'

type CadastreModel = 'parcelle' | 'prop'

interface Created {
  dataset: { id: string; title: string; total: number; encoding: string }
}

interface Preview {
  total: number
  data: Array<{ id: string; adresse?: string; nom?: string; commune?: string }>
}

/** The form's fields: text as typed; lists separated by commas. */
interface Fields {
  codcom: string
  section: string
  proprietaire: string
  contenance_min: string
  contenance_max: string
  personne: '' | 'physique' | 'morale'
  droit: string
  siren: string
  q: string
}

const EMPTY: Fields = {
  codcom: '',
  section: '',
  proprietaire: '',
  contenance_min: '',
  contenance_max: '',
  personne: '',
  droit: '',
  siren: '',
  q: '',
}

/** The keys each model's search takes (GET /ca/parcelles, GET /ca/props). */
const KEYS: Record<CadastreModel, ReadonlyArray<keyof Fields>> = {
  parcelle: ['codcom', 'section', 'proprietaire', 'contenance_min', 'contenance_max', 'q'],
  prop: ['codcom', 'personne', 'droit', 'siren', 'q'],
}
const LISTS = new Set<keyof Fields>(['codcom', 'section', 'droit', 'siren'])

const RECORD_NAMES: Record<CadastreModel, [string, string]> = {
  parcelle: ['parcelle', 'parcelles'],
  prop: ['compte communal', 'comptes communaux'],
}

/** The search object of the chosen model: its filled keys only, lists split at commas. */
export function cadastreSearch(model: CadastreModel, fields: Fields): Record<string, unknown> {
  const search: Record<string, unknown> = {}
  for (const key of KEYS[model]) {
    const value = fields[key].trim()
    if (!value) continue
    if (LISTS.has(key)) {
      const items = value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
      search[key] = items.length === 1 ? items[0] : items
    } else search[key] = value
  }
  return search
}

const recordCount = (model: CadastreModel, total: number) =>
  `${formatNumber(total)} ${RECORD_NAMES[model][total > 1 ? 1 : 0]}`

export function CreateCadastreDataset() {
  const [open, setOpen] = useState(false)
  const [model, setModel] = useState<CadastreModel>('parcelle')
  const [fields, setFields] = useState<Fields>(EMPTY)
  const [title, setTitle] = useState('')
  const [encoding, setEncoding] = useState<CsvEncoding>('UTF-8')
  const queryClient = useQueryClient()
  const search = cadastreSearch(model, fields)

  const preview = useMutation({
    mutationFn: () =>
      bffFetch<Preview>('/bff/datasets/preview', { method: 'POST', body: { model, search, size: 5 } }),
  })
  const create = useMutation({
    mutationFn: () =>
      bffFetch<Created>('/bff/datasets', { method: 'POST', body: { title, model, encoding, search } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasetsKey }),
  })

  // A change of the search makes the preview and the last refusal stale.
  function change(update: Partial<Fields>) {
    setFields((previous) => ({ ...previous, ...update }))
    preview.reset()
    create.reset()
  }
  function chooseModel(next: CadastreModel) {
    setModel(next)
    preview.reset()
    create.reset()
  }

  const refusal = create.error ?? preview.error
  const messages = (path: string) => (refusal instanceof BffError ? refusal.fieldMessages(path) : [])
  const searchMessages = (key: keyof Fields) => messages(`search.${key}`)
  const titleError = create.error instanceof BffError ? create.error.fieldMessages('title')[0] : undefined
  const fieldPaths = ['title', ...KEYS[model].map((k) => `search.${k}`)]
  const otherRefusal =
    refusal && !(refusal instanceof BffError && fieldPaths.some((p) => messages(p).length > 0))
  const created = create.data?.dataset

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    create.mutate()
  }

  function close() {
    setOpen(false)
    if (created) {
      setFields(EMPTY)
      setTitle('')
      create.reset()
      preview.reset()
    }
  }

  const text = (key: keyof Fields, label: string, hint: string, inputMode?: 'numeric' | 'decimal') => (
    <Field key={key} id={`cadastre-${key}`} label={label} hint={hint} errors={searchMessages(key)}>
      {(props) => (
        <input
          {...props}
          type="text"
          inputMode={inputMode}
          value={fields[key]}
          onChange={(event) => change({ [key]: event.target.value })}
        />
      )}
    </Field>
  )

  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Créer un jeu de données du cadastre
      </button>
      <Dialog open={open} title="Créer un jeu de données du cadastre" onClose={close}>
        {created ? (
          <div role="status">
            <p>
              Le jeu de données « {created.title} » est créé : {recordCount(model, created.total)}, fichier
              CSV en {created.encoding}, en cours de génération.
            </p>
            <p>
              <Link href={`/jeux-de-donnees/${created.id}`}>Ouvrir le jeu de données</Link>
            </p>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className={styles.cadastreForm}>
            <fieldset className="field">
              <legend>Modèle</legend>
              <label className="choice">
                <input
                  type="radio"
                  name="cadastre-modele"
                  checked={model === 'parcelle'}
                  onChange={() => chooseModel('parcelle')}
                />{' '}
                Parcelles cadastrales (<code>parcelle</code> : JSON, GeoJSON, CSV)
              </label>
              <label className="choice">
                <input
                  type="radio"
                  name="cadastre-modele"
                  checked={model === 'prop'}
                  onChange={() => chooseModel('prop')}
                />{' '}
                Comptes communaux, propriétaires (<code>prop</code> : JSON, CSV)
              </label>
              <p className={styles.hint}>
                Portée <code>fiscal</code>. Critères combinés par ET ; dans une liste séparée par des
                virgules, l’une des valeurs suffit.{' '}
                <Link href={`/modeles/${model}`} target="_blank">
                  Champs du modèle {model}
                </Link>
              </p>
            </fieldset>
            <fieldset className="field">
              <legend>Recherche</legend>
              {text('codcom', 'Communes', 'Codes INSEE séparés par des virgules, ex. 35238')}
              {model === 'parcelle' ? (
                <>
                  {text(
                    'section',
                    'Sections',
                    'Code (AB, 0A) ou identifiant (35238000AB), séparés par des virgules',
                  )}
                  {text(
                    'proprietaire',
                    'Propriétaire',
                    'Compte communal (ex. 35238+00012) ou nom du titulaire',
                  )}
                  {text('contenance_min', 'Contenance minimale (m²)', 'Nombre de m²', 'decimal')}
                  {text('contenance_max', 'Contenance maximale (m²)', 'Nombre de m²', 'decimal')}
                </>
              ) : (
                <>
                  <Field id="cadastre-personne" label="Personne" errors={searchMessages('personne')}>
                    {(props) => (
                      <select
                        {...props}
                        value={fields.personne}
                        onChange={(event) => change({ personne: event.target.value as Fields['personne'] })}
                      >
                        <option value="">Physique ou morale</option>
                        <option value="physique">Personne physique</option>
                        <option value="morale">Personne morale</option>
                      </select>
                    )}
                  </Field>
                  {text(
                    'droit',
                    'Droits',
                    'Codes MAJIC séparés par des virgules, ex. P, U, N (voir le modèle prop)',
                  )}
                  {text('siren', 'SIREN', 'SIREN des personnes morales, séparés par des virgules', 'numeric')}
                </>
              )}
              {text(
                'q',
                'Texte libre',
                model === 'parcelle'
                  ? 'Identifiant de parcelle, de section ou de compte, mots de l’adresse ou du nom du titulaire'
                  : 'Identifiant de compte, SIREN ou mots du nom d’un titulaire',
              )}
              <div className="form-actions">
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={preview.isPending}
                  onClick={() => preview.mutate()}
                >
                  {preview.isPending ? 'Recherche…' : 'Aperçu de la recherche'}
                </button>
              </div>
              {preview.data ? (
                <div role="status" data-testid="cadastre-preview">
                  <p>
                    Cette recherche trouve <strong>{recordCount(model, preview.data.total)}</strong>.
                  </p>
                  {preview.data.data.length > 0 ? (
                    <ul className={styles.previewList}>
                      {preview.data.data.map((r) => (
                        <li key={r.id}>
                          <code>{r.id}</code> {r.nom ?? r.adresse ?? ''}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ) : null}
            </fieldset>
            <Field id="cadastre-titre" label="Titre" errors={titleError ? [titleError] : []}>
              {(props) => (
                <input
                  {...props}
                  type="text"
                  required
                  maxLength={200}
                  value={title}
                  onChange={(event) => setTitle(event.target.value)}
                />
              )}
            </Field>
            <CsvEncodingChoice name="cadastre-encodage" value={encoding} onChange={setEncoding} />
            {otherRefusal ? (
              <p className="alert" role="alert">
                {create.error ? 'Création impossible' : 'Aperçu impossible'} : {errorMessage(refusal)}
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

interface FieldProps {
  id: string
  label: string
  hint?: string
  errors: readonly string[]
  children: (props: {
    id: string
    'aria-invalid': true | undefined
    'aria-describedby': string | undefined
  }) => ReactNode
}

/** A labelled field with its hint and the server's messages about it. */
function Field({ id, label, hint, errors, children }: FieldProps) {
  const hintId = useId()
  const errorId = `${id}-erreur`
  const describedBy = [hint ? hintId : null, errors.length ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={`field${errors.length ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        'aria-invalid': errors.length ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {errors.length ? (
        <p id={errorId} className="field-error">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}
