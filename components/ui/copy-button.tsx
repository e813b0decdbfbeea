'use client'

import { useEffect, useState } from 'react'
import styles from './ui.module.css'

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text)
    return
  }
  // Without the asynchronous clipboard (an insecure origin): the legacy command on a hidden field.
  const field = document.createElement('textarea')
  field.value = text
  field.setAttribute('readonly', '')
  field.className = styles.offscreen ?? ''
  document.body.append(field)
  field.select()
  const copied = document.execCommand('copy')
  field.remove()
  if (!copied) throw new Error('copy refused')
}

/** Copies a value to the clipboard and says so (to screen readers too). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')

  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 4000)
    return () => clearTimeout(timer)
  }, [state])

  return (
    <span className={styles.copy}>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          copyText(value).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }}
      >
        {label}
      </button>
      <span role="status" className={styles.copyStatus}>
        {state === 'copied' ? 'Copié' : state === 'failed' ? 'Copie impossible : sélectionnez le texte' : ''}
      </span>
    </span>
  )
}
