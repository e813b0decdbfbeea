// Positions of the geolocation file: x/y in the legal projection of each territory, named per row
// by its EPSG code, converted to WGS 84 longitude/latitude with proj4. INSEE uses Lambert-93 for
// metropolitan France and Corsica, and UTM zones on the RGAF09, RGFG95, RGR92, RGM04 and RGSPM06
// frames overseas (all GRS 80 ellipsoid, aligned with WGS 84 to well under a metre).
import proj4, { type Converter } from 'proj4'
import { SIRET_PATTERN } from '../establishments/identifiers'
import { field, type ColumnIndex } from './layout'

const GRS80 = '+ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs'

export const PROJECTIONS: Readonly<Record<string, { territoire: string; definition: string }>> = {
  '2154': {
    territoire: 'France métropolitaine (RGF93 v1 / Lambert-93)',
    definition: `+proj=lcc +lat_0=46.5 +lon_0=3 +lat_1=49 +lat_2=44 +x_0=700000 +y_0=6600000 ${GRS80}`,
  },
  '5490': {
    territoire: 'Guadeloupe, Martinique, Saint-Barthélemy, Saint-Martin (RGAF09 / UTM 20N)',
    definition: `+proj=utm +zone=20 ${GRS80}`,
  },
  '2972': { territoire: 'Guyane (RGFG95 / UTM 22N)', definition: `+proj=utm +zone=22 ${GRS80}` },
  '2975': { territoire: 'La Réunion (RGR92 / UTM 40S)', definition: `+proj=utm +zone=40 +south ${GRS80}` },
  '4471': { territoire: 'Mayotte (RGM04 / UTM 38S)', definition: `+proj=utm +zone=38 +south ${GRS80}` },
  '4467': {
    territoire: 'Saint-Pierre-et-Miquelon (RGSPM06 / UTM 21N)',
    definition: `+proj=utm +zone=21 ${GRS80}`,
  },
}

/** Projection codes of the overseas departments and collectivities, by department code. */
const OVERSEAS_PROJECTIONS: Readonly<Record<string, string>> = {
  '971': '5490',
  '972': '5490',
  '977': '5490',
  '978': '5490',
  '973': '2972',
  '974': '2975',
  '975': '4467',
  '976': '4471',
}

/**
 * The projection of the x/y INSEE writes for an establishment of this department when the row
 * does not name it (the Lambert columns of StockEtablissement): Lambert-93 in metropolitan France,
 * the territory's UTM zone overseas, as in the geolocation file.
 */
export function projectionOfDepartement(departement: string): string {
  return OVERSEAS_PROJECTIONS[departement] ?? '2154'
}

const converters = new Map<string, Converter>()
function converter(epsg: string): Converter | undefined {
  let found = converters.get(epsg)
  if (!found) {
    const projection = PROJECTIONS[epsg]
    if (!projection) return undefined
    found = proj4(projection.definition, 'WGS84')
    converters.set(epsg, found)
  }
  return found
}

export type GeolocationSkip = 'coordonnées absentes' | 'coordonnées illisibles' | 'projection inconnue'

/** Longitude/latitude rounded to 6 decimals (about 10 cm). */
export type LonLat = [number, number]

const round6 = (v: number) => Math.round(v * 1e6) / 1e6

/** Converts projected x/y of the given EPSG code to WGS 84, or says why it cannot. */
export function toWgs84(x: string, y: string, epsg: string): LonLat | GeolocationSkip {
  if (x === '' || y === '') return 'coordonnées absentes'
  const px = Number(x)
  const py = Number(y)
  if (!Number.isFinite(px) || !Number.isFinite(py)) return 'coordonnées illisibles'
  const convert = converter(epsg.replace(/^EPSG:/i, ''))
  if (!convert) return 'projection inconnue'
  const [lon, lat] = convert.forward([px, py])
  if (
    lon === undefined ||
    lat === undefined ||
    !Number.isFinite(lon) ||
    !Number.isFinite(lat) ||
    Math.abs(lon) > 180 ||
    Math.abs(lat) > 90
  )
    return 'coordonnées illisibles'
  return [round6(lon), round6(lat)]
}

/** From WGS 84 to the projection of an EPSG code (fixtures and benchmarks write real x/y). */
export function fromWgs84(lonLat: LonLat, epsg: string): [number, number] {
  const convert = converter(epsg)
  if (!convert) throw new Error(`Unknown projection EPSG:${epsg}`)
  const [x, y] = convert.inverse(lonLat)
  return [Math.round(x! * 10) / 10, Math.round(y! * 10) / 10]
}

export interface GeolocationRow {
  siret: string
  lon: number
  lat: number
}

export function mapGeolocationRow(
  row: readonly string[],
  at: ColumnIndex<'geolocalisation'>,
): GeolocationRow | GeolocationSkip | 'identifiant invalide' {
  const siret = field(row, at.siret)
  if (!SIRET_PATTERN.test(siret)) return 'identifiant invalide'
  const position = toWgs84(field(row, at.x), field(row, at.y), field(row, at.epsg))
  if (typeof position === 'string') return position
  return { siret, lon: position[0], lat: position[1] }
}
