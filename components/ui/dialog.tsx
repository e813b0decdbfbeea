'use client'

import { useEffect, useId, useRef, type ReactNode } from 'react'
import styles from './ui.module.css'

interface DialogProps {
  open: boolean
  title: string
  /** Called when the dialog asks to close (Échap, the close button). */
  onClose: () => void
  children: ReactNode
  /** An alert dialog (confirmation, secret shown once) is announced as such. */
  role?: 'dialog' | 'alertdialog'
}

/**
 * A modal dialog on the native <dialog> element: the page behind is inert, focus moves into the
 * dialog (its first focusable element) and returns to the opener on close.
 */
export function Dialog({ open, title, onClose, children, role = 'dialog' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = document.activeElement
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const restore = () => {
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus()
      opener.current = null
    }
    const cancel = (event: Event) => {
      event.preventDefault()
      onClose()
    }
    dialog.addEventListener('close', restore)
    dialog.addEventListener('cancel', cancel)
    return () => {
      dialog.removeEventListener('close', restore)
      dialog.removeEventListener('cancel', cancel)
    }
  }, [onClose])

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} role={role}>
      {open ? (
        <>
          <h2 id={titleId} className={styles.dialogTitle}>
            {title}
          </h2>
          {children}
        </>
      ) : null}
    </dialog>
  )
}

interface ConfirmDialogProps {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  pendingLabel: string
  pending: boolean
  error?: string | null
  danger?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Asks before an action; Annuler comes first and takes the focus, so Entrée never confirms by accident. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} title={title} onClose={onCancel} role="alertdialog">
      <div className={styles.dialogBody}>{children}</div>
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.dialogActions}>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Annuler
        </button>
        <button
          type="button"
          className={danger ? `button ${styles.danger}` : 'button'}
          onClick={onConfirm}
          disabled={pending}
        >
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  )
}
