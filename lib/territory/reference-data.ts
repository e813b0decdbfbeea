// The reference territory in memory, assembled from its open sources: current communes,
// departments, regions and EPCI (@etalab/decoupage-administratif), NAF codes (@socialgouv/codes-naf),
// and 2018 points and outlines (db/reference). Used to load the database and by the generator.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import zlib from 'node:zlib'
import { z } from 'zod'
import type { AreaGeometry, Position } from './geometry'
import { zoneId, type ZoneType } from './zone-id'

const require = createRequire(import.meta.url)
const REFERENCE_DIR = path.resolve('db/reference')

const rawCommuneSchema = z.object({
  code: z.string(),
  nom: z.string(),
  type: z.enum(['commune-actuelle', 'commune-deleguee', 'commune-associee', 'arrondissement-municipal']),
  departement: z.string().optional(),
  region: z.string().optional(),
  commune: z.string().optional(),
  population: z.number().optional(),
  codesPostaux: z.array(z.string()).optional(),
  anciensCodes: z.array(z.string()).optional(),
})
const rawEpciSchema = z.object({
  code: z.string(),
  nom: z.string(),
  type: z.string(),
  membres: z.array(z.object({ code: z.string() })),
})
const rawDepartementSchema = z.object({
  code: z.string(),
  nom: z.string(),
  region: z.string(),
  chefLieu: z.string(),
})
const rawRegionSchema = z.object({ code: z.string(), nom: z.string() })
const rawNafSchema = z.object({ id: z.string(), label: z.string() })

/** How a commune's point and outline were found (codes newer than the 2018 geography). */
export type PositionSource = 'commune' | 'ancien-code' | 'parent' | 'code-postal' | 'departement' | 'none'

export interface CommuneRef {
  code: string
  nom: string
  type: 'commune' | 'arrondissement'
  parentCode: string | null
  departement: string
  region: string
  epci: string | null
  population: number
  codesPostaux: string[]
  /** Null for overseas collectivities outside the 2018 geography (975, 977, 978, …). */
  point: Position | null
  positionSource: PositionSource
  /** 2018 code whose outline stands for this commune; null when only a department point is known. */
  outlineCode: string | null
}

export interface ZoneRef {
  id: string
  type: ZoneType
  code: string
  nom: string
  communes: string[]
}

export interface ReferenceData {
  communes: CommuneRef[]
  departements: Array<{ code: string; nom: string; region: string }>
  regions: Array<{ code: string; nom: string }>
  epcis: Array<{ code: string; nom: string; type: string }>
  zones: ZoneRef[]
  naf: Array<{ code: string; libelle: string }>
  /** Changes whenever a source changes: reloading the database is needed then. */
  version: string
}

function readPackageJson<T>(specifier: string, schema: z.ZodType<T>): T {
  return schema.parse(JSON.parse(fs.readFileSync(require.resolve(specifier), 'utf8')))
}

function packageVersion(name: string): string {
  return z
    .object({ version: z.string() })
    .parse(JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8'))).version
}

function readCommunePoints(file = path.join(REFERENCE_DIR, 'communes-points.csv')): Map<string, Position> {
  const points = new Map<string, Position>()
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n').slice(1)
  for (const line of lines) {
    // code,nom,lon,lat — names may contain commas, so read the numbers from the end.
    const parts = line.split(',')
    const lat = Number(parts.pop())
    const lon = Number(parts.pop())
    const code = parts[0]
    if (code && Number.isFinite(lon) && Number.isFinite(lat)) points.set(code, [lon, lat])
  }
  return points
}

const outlineCollectionSchema = z.object({
  features: z.array(
    z.object({
      properties: z.object({ code: z.string() }),
      geometry: z.object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.any()) }),
    }),
  ),
})

function readOutlines(file: string): Map<string, AreaGeometry> {
  const raw = fs.readFileSync(file)
  const text = file.endsWith('.gz') ? zlib.gunzipSync(raw).toString('utf8') : raw.toString('utf8')
  const parsed = outlineCollectionSchema.parse(JSON.parse(text))
  return new Map(parsed.features.map((f) => [f.properties.code, f.geometry as AreaGeometry]))
}

let cachedOutlines: Map<string, AreaGeometry> | undefined
/** 2018 commune outlines by 2018 code (9 MB of JSON: parsed once per process). */
export function communeOutlines(): Map<string, AreaGeometry> {
  cachedOutlines ??= readOutlines(path.join(REFERENCE_DIR, 'communes.geojson.gz'))
  return cachedOutlines
}

function buildReferenceData(): ReferenceData {
  const rawCommunes = readPackageJson(
    '@etalab/decoupage-administratif/data/communes.json',
    z.array(rawCommuneSchema),
  )
  const rawEpcis = readPackageJson('@etalab/decoupage-administratif/data/epci.json', z.array(rawEpciSchema))
  const rawDepartements = readPackageJson(
    '@etalab/decoupage-administratif/data/departements.json',
    z.array(rawDepartementSchema),
  )
  const rawRegions = readPackageJson(
    '@etalab/decoupage-administratif/data/regions.json',
    z.array(rawRegionSchema),
  )
  const rawNaf = readPackageJson('@socialgouv/codes-naf/index.json', z.array(rawNafSchema))
  const points = readCommunePoints()

  const epciOf = new Map<string, string>()
  for (const epci of rawEpcis) for (const m of epci.membres) epciOf.set(m.code, epci.code)

  const current = rawCommunes.filter(
    (c) =>
      (c.type === 'commune-actuelle' || c.type === 'arrondissement-municipal') && c.departement && c.region,
  )
  const byPostalCode = new Map<string, string>()
  for (const c of current) {
    if (!points.has(c.code)) continue
    for (const cp of c.codesPostaux ?? []) if (!byPostalCode.has(cp)) byPostalCode.set(cp, c.code)
  }
  const chefLieu = new Map(rawDepartements.map((d) => [d.code, d.chefLieu]))

  const locate = (c: z.infer<typeof rawCommuneSchema>): { source: PositionSource; code: string | null } => {
    if (points.has(c.code)) return { source: 'commune', code: c.code }
    const former = (c.anciensCodes ?? []).find((a) => points.has(a))
    if (former) return { source: 'ancien-code', code: former }
    if (c.commune && points.has(c.commune)) return { source: 'parent', code: c.commune }
    const neighbour = (c.codesPostaux ?? []).map((cp) => byPostalCode.get(cp)).find((x) => x !== undefined)
    if (neighbour) return { source: 'code-postal', code: neighbour }
    return { source: 'departement', code: null }
  }

  const communes: CommuneRef[] = []
  for (const c of current) {
    const found = locate(c)
    let point = found.code ? points.get(found.code) : undefined
    let source = found.source
    if (!point) {
      const town = chefLieu.get(c.departement!)
      point = town ? points.get(town) : undefined
      if (!point) source = 'none'
    }
    const isArrondissement = c.type === 'arrondissement-municipal'
    communes.push({
      code: c.code,
      nom: c.nom,
      type: isArrondissement ? 'arrondissement' : 'commune',
      parentCode: isArrondissement ? (c.commune ?? null) : null,
      departement: c.departement!,
      region: c.region!,
      epci: epciOf.get(isArrondissement ? (c.commune ?? '') : c.code) ?? null,
      population: c.population ?? 0,
      codesPostaux: c.codesPostaux ?? [],
      point: point ?? null,
      positionSource: source,
      outlineCode: found.code,
    })
  }

  const zones: ZoneRef[] = []
  const addZone = (type: ZoneType, code: string, nom: string, members: string[]) =>
    zones.push({ id: zoneId(type, code), type, code, nom, communes: members })
  const codesWhere = (predicate: (c: CommuneRef) => boolean) => communes.filter(predicate).map((c) => c.code)
  for (const r of rawRegions)
    addZone(
      'region',
      r.code,
      r.nom,
      codesWhere((c) => c.region === r.code),
    )
  for (const d of rawDepartements)
    addZone(
      'departement',
      d.code,
      d.nom,
      codesWhere((c) => c.departement === d.code),
    )
  for (const e of rawEpcis)
    addZone(
      'epci',
      e.code,
      e.nom,
      codesWhere((c) => c.epci === e.code),
    )

  const naf = rawNaf
    .filter((n) => /^\d\d\.\d\d[A-Z]$/.test(n.id))
    .map((n) => ({ code: n.id, libelle: n.label }))

  const version = [
    `decoupage-administratif@${packageVersion('@etalab/decoupage-administratif')}`,
    `codes-naf@${packageVersion('@socialgouv/codes-naf')}`,
    `geo-2018@${fs.statSync(path.join(REFERENCE_DIR, 'communes-points.csv')).size}`,
    'schema@1',
  ].join(';')

  return {
    communes,
    departements: rawDepartements.map((d) => ({ code: d.code, nom: d.nom, region: d.region })),
    regions: rawRegions.map((r) => ({ code: r.code, nom: r.nom })),
    epcis: rawEpcis.map((e) => ({ code: e.code, nom: e.nom, type: e.type })),
    zones,
    naf,
    version,
  }
}

let cached: ReferenceData | undefined
export function referenceData(): ReferenceData {
  cached ??= buildReferenceData()
  return cached
}
