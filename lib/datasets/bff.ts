// The workshop's BFF routes (app/bff/datasets/**, administrators): contracts and handlers. The
// browser page lists datasets with their generation status and progress, creates them from a search
// (with a preview of what the search captures), changes their title or encoding, refreshes and
// deletes them, previews their first records and gets download links of a chosen validity.
import { z } from 'zod'
import { tfSearchSchema } from '../fiscal/tf'
import { thSearchSchema } from '../fiscal/th'
import { searchSchema } from '../establishments/search-criteria'
import type { FileStore } from '../files/file-store'
import type { BffContract } from '../http/bff-route'
import { jsonResponse } from '../http/respond'
import { accountSearchSchema } from '../cadastre/accounts'
import { parcelSearchSchema } from '../cadastre/parcels'
import { offerSearchSchema } from '../offers/offer-search'
import { premisesSearchSchema } from '../premises/search-criteria'
import { DEFAULT_EXPIRES_SECONDS, MAX_EXPIRES_SECONDS } from './contract'
import {
  createDataset,
  deleteDataset,
  getDatasetOrThrow,
  listDatasets,
  previewSearch,
  refreshDataset,
  updateDataset,
} from './datasets'
import { encodingSchema } from './encoding'
import { wakeDatasetJobs } from './job-runner'
import { getPublishedDatasetOrThrow, issueDownload, recordsPage } from './published'
import { serialiseAdminDataset } from './serialise'

const params = z.object({ id: z.uuid('Identifiant de jeu de données invalide.') })
const title = z
  .string({ error: 'Le titre est obligatoire.' })
  .trim()
  .min(1, 'Le titre est obligatoire.')
  .max(200, 'Le titre dépasse 200 caractères.')
const encoding = encodingSchema.default('UTF-8')
const previewSize = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'size est un entier.' })
    .int('size est un entier.')
    .min(1, 'size vaut au moins 1.')
    .max(max, `size vaut au plus ${max}.`)
    .default(fallback)
const modelError = {
  error:
    'model vaut siret (établissements), local (locaux), offre (offres immobilières publiées), parcelle (parcelles cadastrales), prop (comptes communaux), tf (avis de taxe foncière) ou th (avis de taxe d’habitation).',
}

export const listDatasetsContract = { role: 'admin' } satisfies BffContract

export const createDatasetContract = {
  role: 'admin',
  body: z.discriminatedUnion(
    'model',
    [
      z.strictObject({ title, model: z.literal('siret'), search: searchSchema.optional(), encoding }),
      z.strictObject({ title, model: z.literal('local'), search: premisesSearchSchema.optional(), encoding }),
      z.strictObject({ title, model: z.literal('offre'), search: offerSearchSchema.optional(), encoding }),
      z.strictObject({ title, model: z.literal('tf'), search: tfSearchSchema.optional(), encoding }),
      z.strictObject({ title, model: z.literal('th'), search: thSearchSchema.optional(), encoding }),
      z.strictObject({
        title,
        model: z.literal('parcelle'),
        search: parcelSearchSchema.optional(),
        encoding,
      }),
      z.strictObject({ title, model: z.literal('prop'), search: accountSearchSchema.optional(), encoding }),
    ],
    modelError,
  ),
} satisfies BffContract

export const previewSearchContract = {
  role: 'admin',
  body: z.discriminatedUnion(
    'model',
    [
      z.strictObject({
        model: z.literal('siret'),
        search: searchSchema.optional(),
        size: previewSize(100, 10),
      }),
      z.strictObject({
        model: z.literal('local'),
        search: premisesSearchSchema.optional(),
        size: previewSize(100, 10),
      }),
      z.strictObject({
        model: z.literal('offre'),
        search: offerSearchSchema.optional(),
        size: previewSize(100, 10),
      }),
      z.strictObject({
        model: z.literal('tf'),
        search: tfSearchSchema.optional(),
        size: previewSize(100, 10),
      }),
      z.strictObject({
        model: z.literal('th'),
        search: thSearchSchema.optional(),
        size: previewSize(100, 10),
      }),
      z.strictObject({
        model: z.literal('parcelle'),
        search: parcelSearchSchema.optional(),
        size: previewSize(100, 10),
      }),
      z.strictObject({
        model: z.literal('prop'),
        search: accountSearchSchema.optional(),
        size: previewSize(100, 10),
      }),
    ],
    modelError,
  ),
} satisfies BffContract

export const datasetActionContract = { role: 'admin', params } satisfies BffContract

export const updateDatasetContract = {
  role: 'admin',
  params,
  body: z
    .strictObject({ title: title.optional(), encoding: encodingSchema.optional() })
    .refine((b) => b.title !== undefined || b.encoding !== undefined, 'Aucune modification demandée.'),
} satisfies BffContract

export const downloadLinkContract = {
  role: 'admin',
  params,
  query: z.strictObject({
    expires: z.coerce
      .number({ error: 'expires est un nombre entier de secondes.' })
      .int('expires est un nombre entier de secondes.')
      .min(1, 'expires vaut au moins 1 seconde.')
      .max(MAX_EXPIRES_SECONDS, `expires vaut au plus ${MAX_EXPIRES_SECONDS} secondes (7 jours).`)
      .default(DEFAULT_EXPIRES_SECONDS),
  }),
} satisfies BffContract

export const previewDatasetContract = {
  role: 'admin',
  params,
  query: z.strictObject({ size: previewSize(100, 20) }),
} satisfies BffContract

const NO_STORE = { 'Cache-Control': 'no-store' }

export async function listDatasetsHandler() {
  return { datasets: (await listDatasets()).map(serialiseAdminDataset) }
}

export async function createDatasetHandler(body: z.output<typeof createDatasetContract.body>) {
  const dataset = await createDataset({ ...body, search: body.search ?? {} })
  wakeDatasetJobs()
  return jsonResponse({ dataset: serialiseAdminDataset(dataset) }, { status: 201, headers: NO_STORE })
}

export async function previewSearchHandler(body: z.output<typeof previewSearchContract.body>) {
  const preview = await previewSearch(body.model, body.search, body.size)
  return { total: preview.total, data: preview.records }
}

export async function getDatasetHandler(id: string) {
  return { dataset: serialiseAdminDataset(await getDatasetOrThrow(id)) }
}

export async function updateDatasetHandler(id: string, body: z.output<typeof updateDatasetContract.body>) {
  const dataset = await updateDataset(id, body)
  wakeDatasetJobs()
  return { dataset: serialiseAdminDataset(dataset) }
}

export async function refreshDatasetHandler(id: string) {
  const dataset = await refreshDataset(id)
  wakeDatasetJobs()
  return { dataset: serialiseAdminDataset(dataset) }
}

export async function deleteDatasetHandler(id: string, store: FileStore) {
  await deleteDataset(id, store)
  return new Response(null, { status: 204, headers: NO_STORE })
}

export async function downloadLinkHandler(id: string, expires: number, store: FileStore) {
  const download = await issueDownload(id, expires, store)
  return {
    location: download.location,
    expires_at: download.expiresAt.toISOString(),
    file_name: download.fileName,
    download_name: download.downloadName,
    encoding: download.encoding,
    version: download.version,
    total: download.total,
  }
}

export async function previewDatasetHandler(id: string, size: number) {
  const dataset = await getPublishedDatasetOrThrow(id)
  return {
    version: dataset.version,
    total: dataset.total,
    data: await recordsPage(dataset, 1, size),
  }
}
