'use client'

// The explorer's search form: free text, communes, zone, NAF activity and headcount band. The
// criteria apply when the form is submitted, once the pickers have resolved what was typed in them
// (a text matching nothing stops the search, said next to its field); validation messages from the
// API appear next to the field they concern.
import { useRef, useState, type FormEvent } from 'react'
import { EMPTY_CRITERIA, type CriteriaField, type ExplorerCriteria } from '@/lib/explorer/search-state'
import { TRANCHES_EFFECTIF } from '@/lib/territory/effectif'
import { Combobox } from './combobox'
import { CommunePicker } from './commune-picker'
import { suggestNaf, suggestZones } from './suggestions'

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
  const [draft, setDraftState] = useState<ExplorerCriteria>(criteria)
  // The latest criteria, read by a submission that waited for the pickers.
  const latest = useRef(criteria)
  const pending = useRef(new Set<Promise<boolean>>())
  const set = (field: CriteriaField) => (value: string) => {
    latest.current = { ...latest.current, [field]: value }
    setDraftState(latest.current)
  }
  const onResolving = (resolution: Promise<boolean>) => {
    pending.current.add(resolution)
    void resolution.finally(() => pending.current.delete(resolution))
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const resolutions = await Promise.all([...pending.current])
    // A typed text that matches nothing: the field says so, the search waits for a correction.
    if (resolutions.includes(false)) return
    onSearch(latest.current)
  }

  return (
    <form
      className="search-form"
      role="search"
      aria-label="Recherche d’établissements"
      onSubmit={(event) => void submit(event)}
    >
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
      <CommunePicker
        value={draft.commune}
        onChange={set('commune')}
        onResolving={onResolving}
        error={errors.commune}
      />
      <Combobox
        id="recherche-zone"
        label="Zone"
        hint="Région, département ou intercommunalité"
        value={draft.zone}
        onPick={(option) => set('zone')(option.value)}
        onClear={() => set('zone')('')}
        source="zones"
        suggest={suggestZones}
        noMatch={(text) => `Aucune zone ne correspond à « ${text} ».`}
        onResolving={onResolving}
        error={errors.zone}
      />
      <Combobox
        id="recherche-naf"
        label="Activité (NAF)"
        hint="Code, libellé ou métier (« restaurant », « garage »)"
        value={draft.naf}
        onPick={(option) => set('naf')(option.value)}
        onClear={() => set('naf')('')}
        source="naf"
        suggest={suggestNaf}
        noMatch={(text) => `Aucune activité ne correspond à « ${text} ».`}
        onResolving={onResolving}
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
            latest.current = EMPTY_CRITERIA
            setDraftState(EMPTY_CRITERIA)
            onSearch(EMPTY_CRITERIA)
          }}
        >
          Réinitialiser
        </button>
      </div>
    </form>
  )
}
