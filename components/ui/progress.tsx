import styles from './ui.module.css'

const number = new Intl.NumberFormat('fr-FR')

/** Progress of a job over `total` items, as a native progress bar with its figures in words. */
export function Progress({ done, total, label }: { done: number; total: number; label: string }) {
  const percent = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0
  return (
    <div className={styles.progress}>
      <progress value={Math.min(done, total)} max={Math.max(total, 1)} aria-label={label} />
      <span>
        {number.format(Math.min(done, total))} / {number.format(total)} enregistrements ({percent} %)
      </span>
    </div>
  )
}
