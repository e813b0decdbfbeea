// `bbox` of the search endpoints: a map viewport in WGS 84 degrees, "west,south,east,north" in a
// query string or [west, south, east, north] in a JSON body.
import { z } from 'zod'
import type { BBox } from './geometry'

const longitude = z
  .number({ error: 'Longitude attendue (nombre).' })
  .min(-180, 'Longitude entre -180 et 180.')
  .max(180, 'Longitude entre -180 et 180.')
const latitude = z
  .number({ error: 'Latitude attendue (nombre).' })
  .min(-90, 'Latitude entre -90 et 90.')
  .max(90, 'Latitude entre -90 et 90.')

const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v)

export const bboxSchema = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map(toNumber) : Array.isArray(v) ? v.map(toNumber) : v),
    z
      .tuple([longitude, latitude, longitude, latitude], {
        error: 'bbox s’écrit ouest,sud,est,nord (4 nombres, WGS 84).',
      })
      .refine(([w, s, e, n]) => w <= e && s <= n, 'bbox : ouest ≤ est et sud ≤ nord.')
      .transform((box) => box as BBox),
  )
  .describe('Emprise ouest,sud,est,nord (WGS 84) : seuls les résultats situés dedans')
