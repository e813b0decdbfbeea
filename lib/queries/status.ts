// react-query options for the status resource (GET / with Accept: application/json).
import { queryOptions } from '@tanstack/react-query'
import type { Status } from '../status/get-status'

const STATUS_REFRESH_MS = 60_000

async function fetchStatus(signal?: AbortSignal): Promise<Status> {
  const response = await fetch('/', {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  })
  if (!response.ok) throw new Error(`Statut indisponible (HTTP ${response.status})`)
  return (await response.json()) as Status
}

export const statusQuery = queryOptions({
  queryKey: ['status'],
  queryFn: ({ signal }) => fetchStatus(signal),
  refetchInterval: STATUS_REFRESH_MS,
  retry: 1,
})
