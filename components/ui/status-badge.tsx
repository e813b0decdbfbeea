import styles from './ui.module.css'

export type GenerationStatus = 'pending' | 'generating' | 'ready' | 'failed'

const LABELS: Record<GenerationStatus, string> = {
  pending: 'En attente',
  generating: 'Génération en cours',
  ready: 'Prêt',
  failed: 'Échec',
}

/** A generation status as a labelled badge (the text carries the meaning, the colour repeats it). */
export function StatusBadge({ status }: { status: GenerationStatus }) {
  return (
    <span className={`${styles.badge} ${styles[`badge_${status}`] ?? ''}`} data-status={status}>
      {LABELS[status]}
    </span>
  )
}

/** A plain badge (revoked application, scope…). */
export function Badge({
  children,
  tone = 'neutral',
}: {
  children: string
  tone?: 'neutral' | 'danger' | 'ok'
}) {
  return <span className={`${styles.badge} ${styles[`tone_${tone}`] ?? ''}`}>{children}</span>
}
