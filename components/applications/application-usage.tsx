'use client'

import { useQuery } from '@tanstack/react-query'
import { errorMessage } from '@/lib/queries/bff-client'
import { applicationUsageCsvHref, applicationUsageQuery, type UsageEntry } from '@/lib/queries/applications'
import styles from './applications.module.css'

const DAYS = 30
const integer = new Intl.NumberFormat('fr-FR')
const dayLabel = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/** The last `count` UTC days, oldest first, as YYYY-MM-DD. */
function lastDays(count: number, today = new Date()): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  )
}

interface OperationTotals {
  operation: string
  total: number
  byClass: Record<number, number>
}

function byOperation(usage: readonly UsageEntry[]): OperationTotals[] {
  const totals = new Map<string, OperationTotals>()
  for (const entry of usage) {
    const t = totals.get(entry.operation) ?? { operation: entry.operation, total: 0, byClass: {} }
    t.total += entry.requests
    t.byClass[entry.status_class] = (t.byClass[entry.status_class] ?? 0) + entry.requests
    totals.set(entry.operation, t)
  }
  return [...totals.values()].sort((a, b) => b.total - a.total || a.operation.localeCompare(b.operation))
}

/** Requests per day as bars: successes and refusals (4xx, 5xx) stacked. */
function UsageChart({ usage }: { usage: readonly UsageEntry[] }) {
  const days = lastDays(DAYS)
  const perDay = new Map(days.map((d) => [d, { ok: 0, refused: 0 }]))
  for (const entry of usage) {
    const day = perDay.get(entry.day)
    if (!day) continue
    if (entry.status_class >= 4) day.refused += entry.requests
    else day.ok += entry.requests
  }
  const max = Math.max(1, ...[...perDay.values()].map((d) => d.ok + d.refused))
  const total = [...perDay.values()].reduce((sum, d) => sum + d.ok + d.refused, 0)
  const width = 300
  const height = 60
  const bar = width / DAYS
  return (
    <svg
      className={styles.usageChart}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`${integer.format(total)} requêtes sur ${DAYS} jours, au plus ${integer.format(max)} en un jour`}
    >
      {days.map((day, i) => {
        const { ok, refused } = perDay.get(day)!
        const okHeight = (ok / max) * height
        const refusedHeight = (refused / max) * height
        return (
          <g key={day}>
            <title>{`${dayLabel.format(new Date(`${day}T00:00:00Z`))} : ${integer.format(ok)} réussies, ${integer.format(refused)} refusées`}</title>
            <rect
              x={i * bar + 1}
              y={height - okHeight}
              width={bar - 2}
              height={okHeight}
              className={styles.usageOk}
            />
            <rect
              x={i * bar + 1}
              y={height - okHeight - refusedHeight}
              width={bar - 2}
              height={refusedHeight}
              className={styles.usageRefused}
            />
          </g>
        )
      })}
    </svg>
  )
}

/** An application's use of the API over 30 days: a chart, a table by operation, a CSV export. */
export function ApplicationUsage({ id, name }: { id: string; name: string }) {
  const { data, error, isPending } = useQuery(applicationUsageQuery(id, DAYS))
  if (isPending) return <p className={styles.hint}>Chargement de l’utilisation…</p>
  if (error) return <p role="alert">Utilisation indisponible : {errorMessage(error)}</p>
  const operations = byOperation(data)
  return (
    <div className={styles.usage}>
      {operations.length === 0 ? (
        <p className={styles.hint}>Aucune requête à l’API ces {DAYS} derniers jours.</p>
      ) : (
        <>
          <UsageChart usage={data} />
          <table className={styles.usageTable}>
            <caption>
              Requêtes de « {name} » par opération, {DAYS} derniers jours
            </caption>
            <thead>
              <tr>
                <th scope="col">Opération</th>
                <th scope="col">Total</th>
                <th scope="col">2xx</th>
                <th scope="col">3xx</th>
                <th scope="col">4xx</th>
                <th scope="col">5xx</th>
              </tr>
            </thead>
            <tbody>
              {operations.map((o) => (
                <tr key={o.operation}>
                  <th scope="row">
                    <code>{o.operation}</code>
                  </th>
                  <td>{integer.format(o.total)}</td>
                  {[2, 3, 4, 5].map((c) => (
                    <td key={c}>{integer.format(o.byClass[c] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <a className="button button--secondary" href={applicationUsageCsvHref(id, DAYS)} download>
        Télécharger l’utilisation (CSV)
      </a>
    </div>
  )
}
