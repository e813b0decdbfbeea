'use client'

import { useState } from 'react'
import type { AdminApplication, QuotaDefaults } from '@/lib/queries/applications'
import { Badge } from '../ui/status-badge'
import type { ScopeOption } from './application-form'
import { ApplicationUsage } from './application-usage'
import styles from './applications.module.css'

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
})
const integer = new Intl.NumberFormat('fr-FR')
const when = (iso: string | null, never: string) => (iso ? dateTime.format(new Date(iso)) : never)

const GRANT_LABELS: Record<string, string> = {
  client_credentials: 'client credentials',
  authorization_code: 'authorization code (PKCE)',
  refresh_token: 'refresh token',
}

/** One client application: what it may do, when it was last used, and the actions on it. */
export function ApplicationCard({
  application,
  scopes,
  quotaDefaults,
  onEdit,
  onRotate,
  onRevoke,
}: {
  application: AdminApplication
  scopes: readonly ScopeOption[]
  quotaDefaults: QuotaDefaults
  onEdit: () => void
  onRotate: () => void
  onRevoke: () => void
}) {
  // Loaded when opened: a page of applications does not ask for every application's usage.
  const [usageOpen, setUsageOpen] = useState(false)
  const label = (scope: string) => scopes.find((s) => s.scope === scope)?.label ?? scope
  const headingId = `application-${application.id}`
  return (
    <article
      className={application.revoked ? `${styles.card} ${styles.revoked}` : styles.card}
      aria-labelledby={headingId}
      data-testid="application-card"
    >
      <header className={styles.cardHeader}>
        <h2 id={headingId}>{application.client_name}</h2>
        {application.revoked ? (
          <Badge tone="danger">{`Révoquée le ${when(application.revoked_at, '')}`}</Badge>
        ) : (
          <Badge tone="ok">Active</Badge>
        )}
        {application.revoked ? null : (
          <div className={styles.cardActions}>
            <button
              type="button"
              className="button button--secondary"
              onClick={onEdit}
              aria-label={`Modifier ${application.client_name}`}
            >
              Modifier
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={onRotate}
              aria-label={`Nouveau secret pour ${application.client_name}`}
            >
              Nouveau secret
            </button>
            <button
              type="button"
              className={`button button--secondary ${styles.dangerOutline}`}
              onClick={onRevoke}
              aria-label={`Révoquer ${application.client_name}`}
            >
              Révoquer
            </button>
          </div>
        )}
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>Identifiant client</dt>
          <dd>
            <code>{application.client_id}</code>
          </dd>
        </div>
        <div>
          <dt>Portées</dt>
          <dd>
            {application.scopes.length === 0 ? (
              'aucune'
            ) : (
              <ul className={styles.inline}>
                {application.scopes.map((scope) => (
                  <li key={scope}>
                    <code title={label(scope)}>{scope}</code>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>Flux autorisés</dt>
          <dd>{application.grant_types.map((g) => GRANT_LABELS[g] ?? g).join(', ')}</dd>
        </div>
        {application.redirect_uris.length > 0 ? (
          <div className={styles.wide}>
            <dt>Adresses de redirection</dt>
            <dd>
              <ul className={styles.plain}>
                {application.redirect_uris.map((uri) => (
                  <li key={uri}>
                    <code>{uri}</code>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Quotas</dt>
          <dd>
            {integer.format(application.quota_per_minute ?? quotaDefaults.perMinute)} par minute,{' '}
            {integer.format(application.quota_per_day ?? quotaDefaults.perDay)} par jour
            {application.quota_per_minute === null && application.quota_per_day === null
              ? ' (par défaut)'
              : ''}
          </dd>
        </div>
        <div>
          <dt>Dernière utilisation</dt>
          <dd>{when(application.last_used_at, 'jamais')}</dd>
        </div>
        <div>
          <dt>Créée le</dt>
          <dd>{when(application.created_at, '')}</dd>
        </div>
        {application.secret_rotated_at ? (
          <div>
            <dt>Secret renouvelé le</dt>
            <dd>{when(application.secret_rotated_at, '')}</dd>
          </div>
        ) : null}
      </dl>
      <details className={styles.usageDetails} onToggle={(event) => setUsageOpen(event.currentTarget.open)}>
        <summary>Utilisation de l’API (30 jours)</summary>
        {usageOpen ? <ApplicationUsage id={application.id} name={application.client_name} /> : null}
      </details>
    </article>
  )
}
