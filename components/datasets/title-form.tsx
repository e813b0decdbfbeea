'use client'

import { useId, useState } from 'react'
import { BffError, errorMessage } from '@/lib/queries/bff-client'
import styles from './datasets.module.css'

/** Renames the dataset (the title applications see in every representation). */
export function TitleForm({
  title,
  pending,
  error,
  onRename,
}: {
  title: string
  pending: boolean
  error: unknown
  onRename: (title: string) => void
}) {
  const id = useId()
  const [value, setValue] = useState(title)
  const unchanged = value.trim() === title || value.trim() === ''
  const messages =
    error instanceof BffError && error.fieldMessages('title').length > 0
      ? error.fieldMessages('title')
      : error
        ? [errorMessage(error)]
        : []
  return (
    <form
      className={styles.titleForm}
      onSubmit={(event) => {
        event.preventDefault()
        if (!unchanged) onRename(value.trim())
      }}
    >
      <div className="field">
        <label htmlFor={id}>Titre du jeu de données</label>
        <input
          id={id}
          value={value}
          maxLength={200}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={messages.length > 0}
          aria-describedby={messages.length > 0 ? `${id}-error` : undefined}
        />
      </div>
      <button type="submit" className="button button--secondary" disabled={unchanged || pending}>
        {pending ? 'Enregistrement…' : 'Renommer'}
      </button>
      {messages.length > 0 ? (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {messages.join(' ')}
        </p>
      ) : null}
    </form>
  )
}
