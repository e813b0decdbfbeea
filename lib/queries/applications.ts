// react-query options and calls of the applications admin (BFF /bff/applications/**).
import { queryOptions } from '@tanstack/react-query'
import type { ClientApplicationWire } from '../auth/clients'
import { bffFetch } from './bff-client'

export type AdminApplication = ClientApplicationWire

/** What create and rotate-secret answer: the application and its secret, shown once. */
export interface ApplicationWithSecret {
  application: AdminApplication
  client_secret: string
}

export interface ApplicationInput {
  client_name: string
  scopes: string[]
  redirect_uris: string[]
  /** Edition only: the application's own quotas, null for the service's defaults. */
  quota_per_minute?: number | string | null
  quota_per_day?: number | string | null
}

/** The service's default quotas (QUOTA_PER_MINUTE, QUOTA_PER_DAY), shown beside an application's own. */
export interface QuotaDefaults {
  perMinute: number
  perDay: number
}

/**
 * A quota typed in a field: empty is the default (null), « 1 200 » is 1200; anything else is sent
 * as typed, so the API names what is wrong with it next to the field.
 */
export function parseQuotaField(text: string): number | string | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '')
  if (compact === '') return null
  return /^\d+$/.test(compact) ? Number(compact) : text
}

export const applicationsKey = ['applications'] as const

export const applicationsQuery = queryOptions({
  queryKey: applicationsKey,
  queryFn: async ({ signal }) =>
    (await bffFetch<{ applications: AdminApplication[] }>('/bff/applications', { signal })).applications,
  staleTime: 10_000,
})

export const createApplication = (input: ApplicationInput) =>
  bffFetch<ApplicationWithSecret>('/bff/applications', { method: 'POST', body: input })

export const updateApplication = (id: string, changes: Partial<ApplicationInput>) =>
  bffFetch<{ application: AdminApplication }>(`/bff/applications/${id}`, { method: 'PATCH', body: changes })

export const rotateApplicationSecret = (id: string) =>
  bffFetch<ApplicationWithSecret>(`/bff/applications/${id}/rotate-secret`, { method: 'POST' })

export const revokeApplication = (id: string) =>
  bffFetch<{ application: AdminApplication }>(`/bff/applications/${id}/revoke`, { method: 'POST' })

/** Redirect URIs typed one per line (blank lines ignored). */
export const parseRedirectUris = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)

export interface UsageEntry {
  day: string
  operation: string
  status_class: number
  requests: number
}

/** An application's requests to the API over its last `days` days. */
export const applicationUsageQuery = (id: string, days: number) =>
  queryOptions({
    queryKey: [...applicationsKey, id, 'usage', days],
    queryFn: async ({ signal }) =>
      (
        await bffFetch<{ days: number; usage: UsageEntry[] }>(`/bff/applications/${id}/usage?days=${days}`, {
          signal,
        })
      ).usage,
    staleTime: 10_000,
  })

export const applicationUsageCsvHref = (id: string, days: number) =>
  `/bff/applications/${id}/usage?days=${days}&format=csv`
