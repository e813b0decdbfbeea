// The explorer's BFF routes over the establishment search (app/bff/etablissements/**, any signed-in
// user): the public API's parameters (searchRequestSchema), search library and serialisers, so the
// browser gets exactly the JSON page, GeoJSON points and record of GET /v0/eco/sirets(/:id).
import { z } from 'zod'
import type { BffContract } from '../http/bff-route'
import { siretSchema } from './identifiers'
import { clustersRequestSchema, searchRequestSchema } from './search-contract'

export const searchPageBffContract = { role: 'staff', query: searchRequestSchema } satisfies BffContract

export const searchPointsBffContract = { role: 'staff', query: searchRequestSchema } satisfies BffContract

export const searchClustersBffContract = { role: 'staff', query: clustersRequestSchema } satisfies BffContract

export const establishmentBffContract = {
  role: 'staff',
  params: z.object({ siret: siretSchema }),
} satisfies BffContract
