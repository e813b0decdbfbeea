'use client'

// The explorer's search form: free text, commune, zone, NAF activity and headcount band. The
// criteria apply when the form is submitted; validation messages from the API appear next to the
// field they concern.
import { useState, type FormEvent } from 'react'
import { EMPTY_CRITERIA, type CriteriaField, type ExplorerCriteria } from '@/lib/explorer/search-state'
import { TRANCHES_EFFECTIF } from '@/lib/territory/effectif'
import { Combobox } from './combobox'
import { suggestCommunes, suggestNaf, suggestZones } from './suggestions'

interface SearchFormProps {
  criteria: ExplorerCriteria
  errors: Partial<Record<CriteriaField, string>>
  onSearch: (criteria: ExplorerCriteria) => void
}

export function SearchForm(props: SearchFormProps) {
  // Keyed on the applied criteria: the fields start again from them whenever they change (back
  // button, shared link, reset).
  return <SearchFields key={JSON.stringify(props.criteria)} {...props} />
}

function SearchFields({ criteria, errors, onSearch }: SearchFormProps) {
  const [draft, setDraft] = useState<ExplorerCriteria>(criteria)
  const set = (field: CriteriaField) => (value: string) => setDraft((d) => ({ ...d, [field]: value }))

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onSearch(draft)
  }

  return (
    <form className="search-form" role="search" aria-label="Recherche d’établissements" onSubmit={submit}>
      <div className={`field field-wide${errors.q ? ' field-invalid' : ''}`}>
        <label htmlFor="recherche-texte">Nom, SIRET ou SIREN</label>
        <input
          id="recherche-texte"
          type="search"
          value={draft.q}
          onChange={(event) => set('q')(event.target.value)}
          aria-invalid={errors.q ? true : undefined}
          aria-describedby={errors.q ? 'recherche-texte-erreur' : undefined}
          autoComplete="off"
        />
        {errors.q ? (
          <p id="recherche-texte-erreur" className="field-error">
            {errors.q}
          </p>
        ) : null}
      </div>
      <Combobox
        id="recherche-commune"
        label="Commune"
        hint="Nom, code INSEE ou code postal"
        value={draft.commune}
        onChange={set('commune')}
        source="communes"
        suggest={suggestCommunes}
        error={errors.commune}
      />
      <Combobox
        id="recherche-zone"
        label="Zone"
        hint="Région, département ou intercommunalité"
        value={draft.zone}
        onChange={set('zone')}
        source="zones"
        suggest={suggestZones}
        error={errors.zone}
      />
      <Combobox
        id="recherche-naf"
        label="Activité (NAF)"
        hint="Code ou libellé"
        value={draft.naf}
        onChange={set('naf')}
        source="naf"
        suggest={suggestNaf}
        error={errors.naf}
      />
      <div className={`field${errors.effectif ? ' field-invalid' : ''}`}>
        <label htmlFor="recherche-effectif">Tranche d’effectif</label>
        <select
          id="recherche-effectif"
          value={draft.effectif}
          onChange={(event) => set('effectif')(event.target.value)}
          aria-invalid={errors.effectif ? true : undefined}
          aria-describedby={errors.effectif ? 'recherche-effectif-erreur' : undefined}
        >
          <option value="">Toutes</option>
          {TRANCHES_EFFECTIF.map((t) => (
            <option key={t.code} value={t.code}>
              {t.libelle}
            </option>
          ))}
        </select>
        {errors.effectif ? (
          <p id="recherche-effectif-erreur" className="field-error">
            {errors.effectif}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="button">
          Rechercher
        </button>
        <button
          type="reset"
          className="button button--secondary"
          onClick={(event) => {
            event.preventDefault()
            setDraft(EMPTY_CRITERIA)
            onSearch(EMPTY_CRITERIA)
          }}
        >
          Réinitialiser
        </button>
      </div>
    </form>
  )
}
