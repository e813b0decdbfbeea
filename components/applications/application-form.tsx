'use client'

import { useId, useState } from 'react'
import { BffError, errorMessage } from '@/lib/queries/bff-client'
import {
  parseQuotaField,
  parseRedirectUris,
  type ApplicationInput,
  type QuotaDefaults,
} from '@/lib/queries/applications'
import styles from './applications.module.css'

export interface ScopeOption {
  scope: string
  label: string
}

/** Messages of the field errors at `path`, with the line of a redirect URI named. */
function fieldErrors(error: unknown, path: string): string[] {
  if (!(error instanceof BffError)) return []
  return error.fieldErrors(path).map((e) => {
    // Redirect URIs are typed one per line: name the line of the refused one.
    const index = path === 'redirect_uris' ? /\.(\d+)$/.exec(e.path)?.[1] : undefined
    return index === undefined ? e.message : `Ligne ${Number(index) + 1} : ${e.message}`
  })
}

const integer = new Intl.NumberFormat('fr-FR')

/**
 * Name, scopes and redirect URIs of an application, and its own quotas when editing one (given
 * `quotaDefaults`); the API's refusals shown next to their field.
 */
export function ApplicationForm({
  initial,
  scopes,
  quotaDefaults,
  submitLabel,
  pendingLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initial: ApplicationInput
  scopes: readonly ScopeOption[]
  quotaDefaults?: QuotaDefaults
  submitLabel: string
  pendingLabel: string
  pending: boolean
  error: unknown
  onSubmit: (input: ApplicationInput) => void
  onCancel: () => void
}) {
  const id = useId()
  const [name, setName] = useState(initial.client_name)
  const [chosen, setChosen] = useState<string[]>(initial.scopes)
  const [redirects, setRedirects] = useState(initial.redirect_uris.join('\n'))
  const [perMinute, setPerMinute] = useState(String(initial.quota_per_minute ?? ''))
  const [perDay, setPerDay] = useState(String(initial.quota_per_day ?? ''))
  const nameErrors = fieldErrors(error, 'client_name')
  const scopeErrors = fieldErrors(error, 'scopes')
  const redirectErrors = fieldErrors(error, 'redirect_uris')
  const minuteErrors = fieldErrors(error, 'quota_per_minute')
  const dayErrors = fieldErrors(error, 'quota_per_day')
  const fieldless =
    error &&
    nameErrors.length +
      scopeErrors.length +
      redirectErrors.length +
      minuteErrors.length +
      dayErrors.length ===
      0
  const quotaField = (
    key: 'minute' | 'day',
    label: string,
    value: string,
    set: (v: string) => void,
    errors: string[],
    fallback: number,
  ) => (
    <div className="field">
      <label htmlFor={`${id}-quota-${key}`}>{label}</label>
      <input
        id={`${id}-quota-${key}`}
        inputMode="numeric"
        value={value}
        placeholder={integer.format(fallback)}
        onChange={(event) => set(event.target.value)}
        aria-invalid={errors.length > 0}
        aria-describedby={`${id}-quota-hint${errors.length > 0 ? ` ${id}-quota-${key}-error` : ''}`}
      />
      {errors.length > 0 ? (
        <p id={`${id}-quota-${key}-error`} className={styles.fieldError}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit({
          client_name: name,
          scopes: chosen,
          redirect_uris: parseRedirectUris(redirects),
          ...(quotaDefaults
            ? { quota_per_minute: parseQuotaField(perMinute), quota_per_day: parseQuotaField(perDay) }
            : {}),
        })
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>Nom de l’application</label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={200}
          aria-invalid={nameErrors.length > 0}
          aria-describedby={nameErrors.length > 0 ? `${id}-name-error` : undefined}
        />
        {nameErrors.length > 0 ? (
          <p id={`${id}-name-error`} className={styles.fieldError}>
            {nameErrors.join(' ')}
          </p>
        ) : null}
      </div>
      <fieldset
        className={styles.scopes}
        aria-describedby={scopeErrors.length > 0 ? `${id}-scopes-error` : undefined}
      >
        <legend>Portées</legend>
        {scopes.map(({ scope, label }) => (
          <label key={scope} className={styles.scope}>
            <input
              type="checkbox"
              name="scopes"
              value={scope}
              checked={chosen.includes(scope)}
              onChange={(event) =>
                setChosen((current) =>
                  event.target.checked ? [...current, scope] : current.filter((s) => s !== scope),
                )
              }
            />
            <span>
              {label} (<code>{scope}</code>)
            </span>
          </label>
        ))}
        {scopeErrors.length > 0 ? (
          <p id={`${id}-scopes-error`} className={styles.fieldError}>
            {scopeErrors.join(' ')}
          </p>
        ) : null}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-redirects`}>Adresses de redirection (une par ligne, facultatif)</label>
        <textarea
          id={`${id}-redirects`}
          value={redirects}
          rows={3}
          onChange={(event) => setRedirects(event.target.value)}
          aria-invalid={redirectErrors.length > 0}
          aria-describedby={`${id}-redirects-hint${redirectErrors.length > 0 ? ` ${id}-redirects-error` : ''}`}
        />
        <p id={`${id}-redirects-hint`} className={styles.hint}>
          Nécessaires pour le flux Authorization Code (PKCE) ; https obligatoire, sauf sur localhost. Sans
          adresse, l’application n’utilise que client credentials.
        </p>
        {redirectErrors.length > 0 ? (
          <ul id={`${id}-redirects-error`} className={styles.fieldError}>
            {redirectErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {quotaDefaults ? (
        <fieldset className={styles.scopes}>
          <legend>Quotas de requêtes à l’API</legend>
          <p id={`${id}-quota-hint`} className={styles.hint}>
            Vides : les quotas du service ({integer.format(quotaDefaults.perMinute)} par minute,{' '}
            {integer.format(quotaDefaults.perDay)} par jour). Au-delà, l’API répond 429.
          </p>
          {quotaField('minute', 'Par minute', perMinute, setPerMinute, minuteErrors, quotaDefaults.perMinute)}
          {quotaField('day', 'Par jour', perDay, setPerDay, dayErrors, quotaDefaults.perDay)}
        </fieldset>
      ) : null}
      {fieldless ? (
        <p className="alert" role="alert">
          {errorMessage(error)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Annuler
        </button>
        <button type="submit" className="button" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  )
}
