import type { Metadata } from 'next'
import { requireUser } from '@/app/_auth/require-user'
import { ApplicationAdmin } from '@/components/applications/application-admin'
import styles from '@/components/applications/applications.module.css'
import { listClientApplications, serialiseClientApplication } from '@/lib/auth/clients'
import { SCOPE_LABELS, SCOPES } from '@/lib/auth/scopes'
import { env } from '@/lib/env'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = { title: 'Applications' }

/** Client applications of the API (administrators). */
export default async function ApplicationsPage() {
  await requireUser('admin', '/applications')
  const applications = (await listClientApplications()).map(serialiseClientApplication)
  return (
    <section>
      <h1>Applications</h1>
      <p className={styles.intro}>
        Les applications clientes appellent l’API avec un jeton OAuth 2.0 obtenu par leur identifiant et leur
        secret (<code>POST /oauth/token</code>). Leurs portées limitent les données qu’elles lisent.
      </p>
      <ApplicationAdmin
        initial={applications}
        scopes={SCOPES.map((scope) => ({ scope, label: SCOPE_LABELS[scope] }))}
        quotaDefaults={{ perMinute: env().QUOTA_PER_MINUTE, perDay: env().QUOTA_PER_DAY }}
      />
    </section>
  )
}
