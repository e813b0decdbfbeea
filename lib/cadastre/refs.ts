// References between records of the cadastre and the premises: `{id, url}` lists.
import { z } from 'zod'

export const PARCEL_URL_PREFIX = '/v0/ca/parcelles/'
export const ACCOUNT_URL_PREFIX = '/v0/ca/props/'
export const PREMISES_URL_PREFIX = '/v0/ca/locaux/'

export const refSchema = (prefix: string) =>
  z.object({ id: z.string(), url: z.string().startsWith(prefix) }).strict()

export const refs = (prefix: string, ids: readonly string[]) =>
  ids.map((id) => ({ id, url: `${prefix}${id}` }))
export const PEV_URL_PREFIX = '/v0/ca/pev/'
export const SUF_URL_PREFIX = '/v0/ca/suf/'
export const TF_URL_PREFIX = '/v0/tf/'
export const TH_URL_PREFIX = '/v0/th/'
