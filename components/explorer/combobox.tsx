'use client'

// An autocomplete field following the WAI-ARIA combobox pattern (list popup, aria-activedescendant):
// typing asks the server for suggestions (debounced, cached by react-query); arrow keys move through
// them, Enter or a click picks one, Escape closes the list then clears the field. What is typed
// without picking is kept as the value, so the API's validation message can explain it.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type KeyboardEvent } from 'react'
import { retryUnlessClientError } from '@/lib/queries/bff-client'
import { useDebounced } from './use-debounced'

export interface ComboboxOption {
  value: string
  label: string
  detail?: string
}

interface ComboboxProps {
  id: string
  label: string
  hint?: string
  /** Selected value (a code or an id), or what was typed; '' when empty. */
  value: string
  onChange: (value: string) => void
  /** Key of the suggestion source, for the cache. */
  source: string
  /** The suggestions for a text. */
  suggest: (text: string, signal: AbortSignal) => Promise<ComboboxOption[]>
  error?: string | null
}

export function Combobox({ id, label, hint, value, onChange, source, suggest, error }: ComboboxProps) {
  const listId = useId()
  const hintId = useId()
  const errorId = useId()
  const statusId = useId()
  // What is being typed; shown while it is the value (a value set from outside shows its label).
  const [draft, setDraft] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const queryClient = useQueryClient()
  const editing = draft !== null && draft.trim() === value
  const typed = useDebounced(editing ? draft.trim() : '', 250)

  // A value set from outside (the address, a shared link): its label is looked up once; picked
  // values are put in the cache.
  const resolved = useQuery({
    queryKey: [source, 'label', value],
    queryFn: async ({ signal }) => {
      const options = await suggest(value, signal)
      return options.find((o) => o.value.toUpperCase() === value.toUpperCase()) ?? null
    },
    enabled: value !== '' && !editing,
    staleTime: Infinity,
    retry: retryUnlessClientError,
  })
  const text = editing ? draft : value === '' ? '' : (resolved.data?.label ?? value)

  const searching = open && editing && typed !== '' && typed === draft.trim()
  const suggestions = useQuery({
    queryKey: [source, typed],
    queryFn: ({ signal }) => suggest(typed, signal),
    enabled: searching,
    staleTime: 5 * 60_000,
    retry: retryUnlessClientError,
  })
  const options = searching ? (suggestions.data ?? []) : []
  const expanded = open && options.length > 0

  function pick(option: ComboboxOption) {
    // A picked value reads well at once, and again after the search (no second lookup).
    queryClient.setQueryData([source, 'label', option.value], option)
    setDraft(null)
    setOpen(false)
    setActive(-1)
    onChange(option.value)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      if (!open) setOpen(true)
      setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((i) => (options.length === 0 ? -1 : i <= 0 ? options.length - 1 : i - 1))
    } else if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      event.preventDefault()
      pick(options[active])
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault()
        setOpen(false)
        setActive(-1)
      } else if (text !== '') {
        event.preventDefault()
        setDraft('')
        onChange('')
      }
    }
  }

  let status = ''
  if (searching && suggestions.isFetching && !suggestions.data) status = 'Recherche…'
  else if (searching && suggestions.isError) status = 'Suggestions indisponibles.'
  else if (searching && suggestions.data && options.length === 0) status = 'Aucune suggestion.'
  else if (expanded) status = `${options.length} suggestion${options.length > 1 ? 's' : ''}.`

  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field combobox${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <div className="combobox-body">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          value={text}
          onChange={(event) => {
            setDraft(event.target.value)
            setOpen(true)
            setActive(-1)
            onChange(event.target.value.trim())
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <ul id={listId} role="listbox" aria-label={label} className="combobox-list" hidden={!expanded}>
          {options.map((option, index) => (
            <li
              key={option.value}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'active' : undefined}
              // mousedown keeps the focus in the field (no blur before the click).
              onMouseDown={(event) => {
                event.preventDefault()
                pick(option)
              }}
            >
              <span className="option-label">{option.label}</span>
              {option.detail ? <span className="option-detail">{option.detail}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      <p id={statusId} className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
