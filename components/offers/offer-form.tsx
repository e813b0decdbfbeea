'use client'

import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useId, useState, type ReactNode } from 'react'
import { CONTACT_TYPES, LOCAL_TYPES, TRANSACTION_TYPES } from '@/lib/offers/fields'
import { BffError, errorMessage } from '@/lib/queries/bff-client'
import { offerFormBody, type OfferFormValues, type OfferTextKey } from '@/lib/offers/form-values'
import { createOffer, editOffer, type OfferFormBody } from '@/lib/queries/offers'
import styles from './offers.module.css'

/** Creation (staff) and edition before publication (administrators), with the API's validation. */
export function OfferForm({ reference, initial }: { reference?: string; initial: OfferFormValues }) {
  const router = useRouter()
  const id = useId()
  const [values, setValues] = useState(initial)
  const save = useMutation({
    mutationFn: (body: OfferFormBody) => (reference ? editOffer(reference, body) : createOffer(body)),
    onSuccess: (saved) => {
      router.push(`/offres/${saved.offre.reference}?${reference ? 'modifiee' : 'creee'}=1`)
      router.refresh()
    },
  })
  const errorsAt = (path: string) => (save.error instanceof BffError ? save.error.fieldMessages(path) : [])
  const anyFieldError = save.error instanceof BffError && (save.error.problem?.errors?.length ?? 0) > 0
  const set = (key: keyof OfferFormValues, value: string) => setValues((v) => ({ ...v, [key]: value }))

  function field(
    key: OfferTextKey | `contact_${'name' | 'email' | 'phone'}`,
    label: string,
    options: {
      path?: string
      hint?: string
      multiline?: boolean
      full?: boolean
      inputMode?: 'numeric' | 'decimal'
      required?: boolean
    } = {},
  ): ReactNode {
    const errors = errorsAt(options.path ?? key)
    const describedBy = [options.hint ? `${id}-${key}-hint` : '', errors.length ? `${id}-${key}-error` : '']
      .filter(Boolean)
      .join(' ')
    const common = {
      id: `${id}-${key}`,
      name: key,
      value: values[key],
      'aria-invalid': errors.length > 0,
      'aria-describedby': describedBy || undefined,
      required: options.required,
    }
    return (
      <div className={`field${options.full || options.multiline ? ` ${styles.full}` : ''}`} key={key}>
        <label htmlFor={`${id}-${key}`}>{label}</label>
        {options.multiline ? (
          <textarea {...common} rows={3} onChange={(e) => set(key, e.target.value)} />
        ) : (
          <input {...common} inputMode={options.inputMode} onChange={(e) => set(key, e.target.value)} />
        )}
        {options.hint ? (
          <p id={`${id}-${key}-hint`} className={styles.hint}>
            {options.hint}
          </p>
        ) : null}
        {errors.length > 0 ? (
          <p id={`${id}-${key}-error`} className={styles.fieldError}>
            {errors.join(' ')}
          </p>
        ) : null}
      </div>
    )
  }

  const typeErrors = errorsAt('local_type')
  const transactionErrors = errorsAt('transaction_types')
  const contactTypeErrors = errorsAt('contact_offers_attributes.0.type')

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate(offerFormBody(values))
      }}
    >
      {save.error ? (
        <p className="alert" role="alert">
          {anyFieldError
            ? 'L’offre contient des champs invalides : corrigez les champs signalés.'
            : errorMessage(save.error)}
        </p>
      ) : null}
      <fieldset>
        <legend>Le local</legend>
        <div className="field">
          <label htmlFor={`${id}-local_type`}>Type de local</label>
          <select
            id={`${id}-local_type`}
            value={values.local_type}
            onChange={(e) => set('local_type', e.target.value)}
            aria-invalid={typeErrors.length > 0}
          >
            {Object.entries(LOCAL_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {typeErrors.length > 0 ? <p className={styles.fieldError}>{typeErrors.join(' ')}</p> : null}
        </div>
        <fieldset
          className={styles.full}
          aria-describedby={transactionErrors.length > 0 ? `${id}-transactions-error` : undefined}
        >
          <legend>Transaction</legend>
          {Object.entries(TRANSACTION_TYPES).map(([value, label]) => (
            <label key={value} className={styles.choice}>
              <input
                type="checkbox"
                name="transaction_types"
                value={value}
                checked={values.transaction_types.includes(value)}
                onChange={(e) =>
                  setValues((v) => ({
                    ...v,
                    transaction_types: e.target.checked
                      ? [...v.transaction_types, value]
                      : v.transaction_types.filter((t) => t !== value),
                  }))
                }
              />
              {label}
            </label>
          ))}
          {transactionErrors.length > 0 ? (
            <p id={`${id}-transactions-error`} className={styles.fieldError}>
              {transactionErrors.join(' ')}
            </p>
          ) : null}
        </fieldset>
        {field('surface', 'Surface (m²)', { inputMode: 'numeric', required: true })}
        {field('divisible_at', 'Divisible à partir de (m²)', { inputMode: 'numeric' })}
        {field('label', 'Libellé', { full: true })}
        {field('annee_de_construction', 'Année de construction', { inputMode: 'numeric' })}
        {field('parking_number', 'Places de parking', { inputMode: 'numeric' })}
        {field('disponibilite', 'Disponibilité', { hint: 'Date au format JJ-MM-AAAA.' })}
        {field('tags', 'Mots-clés', {
          hint: 'Séparés par des virgules, ex. Vitrine, Quai de chargement.',
          full: true,
        })}
      </fieldset>
      <fieldset>
        <legend>Adresse</legend>
        {field('number', 'Numéro')}
        {field('voie', 'Voie')}
        {field('code_commune', 'Code commune INSEE', { hint: '5 caractères, ex. 35238 (Rennes).' })}
        {field('website', 'Site internet', { full: true })}
      </fieldset>
      <fieldset>
        <legend>Prix</legend>
        {field('loyer_mensuel', 'Loyer mensuel (€ HT-HC)', { inputMode: 'decimal' })}
        {field('charges_locatives', 'Charges locatives (€ HT par an)', { inputMode: 'decimal' })}
        {field('prix_de_vente', 'Prix de vente (€)', { inputMode: 'decimal' })}
        {field('taxe_fonciere', 'Taxe foncière (€ HT par an)', { inputMode: 'decimal' })}
        {field('charges_mensuelles_copropriete', 'Charges mensuelles de copropriété (€)', {
          inputMode: 'decimal',
        })}
        {field('descriptif_tarif', 'Description du tarif', { multiline: true })}
      </fieldset>
      <fieldset>
        <legend>Descriptions</legend>
        {field('descriptif_bien', 'Description du bien', { multiline: true })}
        {field('descriptif_surface', 'Description des surfaces', { multiline: true })}
        {field('descriptif_caracteristique', 'Description des caractéristiques', { multiline: true })}
        {field('acces', 'Accès', { multiline: true })}
      </fieldset>
      <fieldset>
        <legend>Contact</legend>
        <div className="field">
          <label htmlFor={`${id}-contact_type`}>Rôle du contact</label>
          <select
            id={`${id}-contact_type`}
            value={values.contact_type}
            onChange={(e) => set('contact_type', e.target.value)}
            aria-invalid={contactTypeErrors.length > 0}
          >
            {Object.entries(CONTACT_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {field('contact_name', 'Nom', { path: 'contact_offers_attributes.0.name' })}
        {field('contact_email', 'Adresse électronique', { path: 'contact_offers_attributes.0.email' })}
        {field('contact_phone', 'Téléphone', { path: 'contact_offers_attributes.0.phone' })}
      </fieldset>
      <div className={styles.formActions}>
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement…' : reference ? 'Enregistrer les modifications' : 'Créer l’offre'}
        </button>
      </div>
    </form>
  )
}
