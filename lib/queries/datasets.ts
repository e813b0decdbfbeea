// react-query options and calls of the dataset workshop (BFF /bff/datasets/**). While a dataset's
// file is being generated, its queries poll so that the page shows the progress live.
import { queryOptions } from '@tanstack/react-query'
import type { AdminDatasetWire } from '../datasets/serialise'
import { BffError, bffFetch } from './bff-client'

export type WorkshopDataset = AdminDatasetWire
export type DatasetEncodingLabel = WorkshopDataset['encoding']

/** Poll interval while a generation runs. */
const PROGRESS_POLL_MS = 1000

export const isGenerating = (dataset: Pick<WorkshopDataset, 'status'>) =>
  dataset.status === 'pending' || dataset.status === 'generating'

export const datasetsKey = ['datasets'] as const
export const datasetKey = (id: string) => ['datasets', id] as const

export const datasetsQuery = queryOptions({
  queryKey: datasetsKey,
  queryFn: async ({ signal }) =>
    (await bffFetch<{ datasets: WorkshopDataset[] }>('/bff/datasets', { signal })).datasets,
  refetchInterval: (query) => (query.state.data?.some(isGenerating) ? PROGRESS_POLL_MS : false),
  staleTime: 5_000,
})

export const datasetQuery = (id: string) =>
  queryOptions({
    queryKey: datasetKey(id),
    queryFn: async ({ signal }) =>
      (await bffFetch<{ dataset: WorkshopDataset }>(`/bff/datasets/${id}`, { signal })).dataset,
    refetchInterval: (query) =>
      query.state.data && isGenerating(query.state.data) ? PROGRESS_POLL_MS : false,
    staleTime: 5_000,
    // A deleted dataset (404) is not retried.
    retry: (failures, error) => failures < 2 && !(error instanceof BffError && error.status === 404),
  })

export interface DatasetPreview {
  version: number
  total: number
  data: unknown[]
}

export const PREVIEW_SIZE = 10

/** The first records of the version served (keyed by version: a new version gets a new preview). */
export const datasetPreviewQuery = (id: string, version: number) =>
  queryOptions({
    queryKey: ['datasets', id, 'preview', version],
    queryFn: ({ signal }) =>
      bffFetch<DatasetPreview>(`/bff/datasets/${id}/preview?size=${PREVIEW_SIZE}`, { signal }),
    staleTime: Infinity,
  })

export interface DownloadLink {
  location: string
  expires_at: string
  file_name: string
  /** The name the file is saved under: the dataset's title. */
  download_name: string
  encoding: DatasetEncodingLabel
  version: number
  total: number
}

export const fetchDownloadLink = (id: string, expiresSeconds: number) =>
  bffFetch<DownloadLink>(`/bff/datasets/${id}/download-link?expires=${expiresSeconds}`)

export const updateDataset = (id: string, changes: { title?: string; encoding?: DatasetEncodingLabel }) =>
  bffFetch<{ dataset: WorkshopDataset }>(`/bff/datasets/${id}`, { method: 'PATCH', body: changes })

export const refreshDataset = (id: string) =>
  bffFetch<{ dataset: WorkshopDataset }>(`/bff/datasets/${id}/refresh`, { method: 'POST' })

export const deleteDataset = (id: string) => bffFetch<void>(`/bff/datasets/${id}`, { method: 'DELETE' })

/** Validities offered for a temporary download link (seconds; 7 days is the most the API signs). */
export const LINK_VALIDITIES = [
  { seconds: 15 * 60, label: '15 minutes' },
  { seconds: 60 * 60, label: '1 heure' },
  { seconds: 24 * 60 * 60, label: '24 heures' },
  { seconds: 7 * 24 * 60 * 60, label: '7 jours' },
] as const
