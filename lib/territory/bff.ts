// The explorer's autocomplete BFF routes (app/bff/territoire/**, any signed-in user): one contract
// for the three lookups — `q` (name or code) and an optional `limit`.
import { z } from 'zod'
import type { BffContract } from '../http/bff-route'
import { communesOfPostcode, LOOKUP_MAX_LIMIT, lookupCommunes, lookupNaf, lookupZones } from './lookup'

const lookupQuery = (defaultLimit: number) =>
  z.strictObject({
    q: z
      .string({ error: 'q (nom ou code recherché) est obligatoire.' })
      .trim()
      .min(1, 'q (nom ou code recherché) est obligatoire.')
      .max(100, 'q dépasse 100 caractères.'),
    limit: z.coerce
      .number({ error: 'limit est un entier.' })
      .int('limit est un entier.')
      .min(1, 'limit vaut au moins 1.')
      .max(LOOKUP_MAX_LIMIT, `limit vaut au plus ${LOOKUP_MAX_LIMIT}.`)
      .default(defaultLimit),
  })

export const communeLookupContract = { role: 'staff', query: lookupQuery(10) } satisfies BffContract
export const zoneLookupContract = { role: 'staff', query: lookupQuery(10) } satisfies BffContract
export const nafLookupContract = { role: 'staff', query: lookupQuery(20) } satisfies BffContract

type LookupInput = z.output<ReturnType<typeof lookupQuery>>

/**
 * The communes matching `q`; when `q` is a postal code, also `code_postal`: every commune that has
 * it (the explorer offers to search them all), else null.
 */
export async function communeLookupHandler({ q, limit }: LookupInput) {
  const [communes, ofPostcode] = await Promise.all([lookupCommunes(q, limit), communesOfPostcode(q)])
  return {
    communes,
    code_postal: ofPostcode.length > 0 ? { code: q.replace(/\s/g, ''), communes: ofPostcode } : null,
  }
}

export async function zoneLookupHandler({ q, limit }: LookupInput) {
  return { zones: await lookupZones(q, limit) }
}

export async function nafLookupHandler({ q, limit }: LookupInput) {
  return { naf: await lookupNaf(q, limit) }
}
