'use client'

// An autocomplete field following the WAI-ARIA combobox pattern (list popup, aria-activedescendant):
// typing asks the server for suggestions (debounced, cached by react-query); arrow keys move through
// them, a click or Enter on one picks it. What is typed is never sent as it is: Enter, Tab or leaving
// the field picks the best suggestion for the text (asking the server when the list has not arrived
// yet), and when nothing matches the field says so, visibly. Escape closes the list, then clears
// the field.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { retryUnlessClientError } from '@/lib/queries/bff-client'
import { useDebounced } from './use-debounced'

export interface ComboboxOption {
  value: string
  label: string
  detail?: string
  /** Options this one stands for (a postal code's communes), whose labels are then known. */
  members?: ComboboxOption[]
}

interface ComboboxProps {
  id: string
  label: string
  hint?: string
  /** Selected value (a code or an id), '' when none; ignored when `clearOnPick` (several values). */
  value: string
  /** A suggestion was picked: by the pointer, the keyboard, or for the text when leaving the field. */
  onPick: (option: ComboboxOption) => void
  /** The field was emptied (single value). */
  onClear?: () => void
  /** Empty the field after each pick: the picked values are listed elsewhere (several values). */
  clearOnPick?: boolean
  /** Key of the suggestion source, for the cache. */
  source: string
  /** The suggestions for a text, best first. */
  suggest: (text: string, signal: AbortSignal) => Promise<ComboboxOption[]>
  /** What to say when nothing matches a text. */
  noMatch: (text: string) => string
  /** Told of every resolution of a typed text, so that a search waits for it (true: picked). */
  onResolving?: (pending: Promise<boolean>) => void
  error?: string | null
}

const SUGGESTIONS_STALE_MS = 5 * 60_000

export function Combobox(props: ComboboxProps) {
  const {
    id,
    label,
    hint,
    value,
    onPick,
    onClear,
    clearOnPick,
    source,
    suggest,
    noMatch,
    onResolving,
    error,
  } = props
  const listId = useId()
  const hintId = useId()
  const errorId = useId()
  const noMatchId = useId()
  // What is being typed, until a suggestion is picked for it (null: not editing).
  const [draft, setDraft] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  // The text a resolution found nothing for (said visibly until the text changes).
  const [unmatched, setUnmatched] = useState<string | null>(null)
  const resolving = useRef<string | null>(null)
  const queryClient = useQueryClient()
  const pending = draft !== null && draft.trim() !== '' ? draft.trim() : ''
  const typed = useDebounced(pending, 200)

  // A value set from outside (the address, a shared link): its label is looked up once; picked
  // values are put in the cache.
  const resolved = useQuery({
    queryKey: [source, 'label', value],
    queryFn: async ({ signal }) => {
      const options = await suggest(value, signal)
      return options.find((o) => o.value.toUpperCase() === value.toUpperCase()) ?? null
    },
    enabled: !clearOnPick && value !== '' && draft === null,
    staleTime: Infinity,
    retry: retryUnlessClientError,
  })
  const text = draft ?? (clearOnPick || value === '' ? '' : (resolved.data?.label ?? value))

  const searching = typed !== '' && typed === pending
  const suggestions = useQuery({
    queryKey: [source, typed],
    queryFn: ({ signal }) => suggest(typed, signal),
    enabled: searching,
    staleTime: SUGGESTIONS_STALE_MS,
    retry: retryUnlessClientError,
  })
  const options = searching ? (suggestions.data ?? []) : []
  const expanded = open && options.length > 0
  const nothingFound = searching && suggestions.data !== undefined && options.length === 0

  function pick(option: ComboboxOption) {
    // A picked value reads well at once, and again after the search (no second lookup).
    for (const o of [option, ...(option.members ?? [])])
      queryClient.setQueryData([source, 'label', o.value], o)
    resolving.current = null
    setDraft(null)
    setOpen(false)
    setActive(-1)
    setUnmatched(null)
    onPick(option)
  }

  /** Picks the best suggestion for the typed text, asking the server when needed. */
  function resolve(): void {
    const wanted = pending
    if (wanted === '' || resolving.current === wanted) return
    resolving.current = wanted
    const resolution = queryClient
      .fetchQuery({
        queryKey: [source, wanted],
        queryFn: ({ signal }) => suggest(wanted, signal),
        staleTime: SUGGESTIONS_STALE_MS,
      })
      .then(
        (found) => {
          if (resolving.current !== wanted) return false
          resolving.current = null
          const best = found[0]
          if (best) {
            pick(best)
            return true
          }
          setUnmatched(wanted)
          return false
        },
        () => {
          resolving.current = null
          setUnmatched(wanted)
          return false
        },
      )
    onResolving?.(resolution)
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
      // A suggestion chosen in the list: picked, the search waits for the next Enter.
      event.preventDefault()
      pick(options[active])
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      // The best suggestion for the text; Enter then submits the form, which waits for it.
      if (pending !== '' && searching && options[0]) pick(options[0])
      else resolve()
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault()
        setOpen(false)
        setActive(-1)
      } else if (text !== '') {
        event.preventDefault()
        clear()
      }
    }
  }

  function clear() {
    resolving.current = null
    setDraft(clearOnPick ? null : '')
    setUnmatched(null)
    if (!clearOnPick) onClear?.()
  }

  let status = ''
  if (searching && suggestions.isFetching && !suggestions.data) status = 'Recherche…'
  else if (searching && suggestions.isError) status = 'Suggestions indisponibles.'
  else if (expanded) status = `${options.length} suggestion${options.length > 1 ? 's' : ''}.`

  const noMatchText = unmatched !== null ? noMatch(unmatched) : nothingFound ? noMatch(typed) : null
  const describedBy =
    [hint ? hintId : null, noMatchText ? noMatchId : null, error ? errorId : null]
      .filter(Boolean)
      .join(' ') || undefined
  return (
    <div className={`field combobox${error || unmatched !== null ? ' field-invalid' : ''}`}>
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
          aria-invalid={error || unmatched !== null ? true : undefined}
          value={text}
          onChange={(event) => {
            const next = event.target.value
            setDraft(next)
            setOpen(true)
            setActive(-1)
            setUnmatched(null)
            resolving.current = null
            if (next.trim() === '' && !clearOnPick) onClear?.()
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false)
            resolve()
          }}
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
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <p id={noMatchId} className="field-error" role="status" hidden={!noMatchText}>
        {noMatchText}
      </p>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
