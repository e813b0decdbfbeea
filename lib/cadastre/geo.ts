// Geography of the cadastre for maps: the sections or parcels meeting a box of WGS 84 degrees
// (GET /geo/sections/:n/:e/:s/:w and /geo/parcelles/:n/:e/:s/:w), and the communes with their
// centre, extent and outline (GET /geo/communes).
// Communes searched by name come the exact name first, then names starting with it, then the
// others, each group in code order.
//
// A box query is one indexed pass: the GiST index on the stored extents (`emprise && box`) gives
// the candidates, with whether each extent lies inside the box (then its outline meets the box
// surely); only the others' outlines are parsed for the exact test. PostgreSQL writes each Feature's
// text around the stored outline, and the answer joins them. A box holding more than MAX_BOX_FEATURES candidates is refused
// (400, zoom in): never a silently truncated answer.
import { z } from 'zod'
import { query, type Queryable } from '../db/pool'
import { pageRows, pageStatement } from '../db/page-statement'
import { SqlParams } from '../db/sql-params'
import { badRequest } from '../http/api-error'
import type { ListRequest, ListSource } from '../http/list-response'
import { MAX_FEATURES } from '../http/list-limits'
import { oneOrMany, searchParameterSchema } from '../http/schemas'
import {
  communeCodeSchema,
  departementCodeSchema,
  regionCodeSchema,
  searchTextSchema,
} from '../territory/code-schemas'
import type { AreaGeometry, BBox } from '../territory/geometry'
import { normaliseName, searchWords } from '../text/normalise'
import { wordsCondition } from './free-text'
import { extentOf, intersectsBox } from './geometry'
import { featureCollectionText, featureSql, featureText, sqlText } from './parcels'
import { PARCEL_URL_PREFIX } from './refs'

/** Features of one box answer at most (spec §8's GeoJSON limit). */
export const MAX_BOX_FEATURES = MAX_FEATURES

const coordinate = (name: string, limit: number) =>
  z
    .string()
    .trim()
    .regex(/^[+-]?(\d+(\.\d*)?|\.\d+)$/, `${name} est un nombre de degrés (ex. 48.11).`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(-limit, `${name} entre -${limit} et ${limit}.`)
        .max(limit, `${name} entre -${limit} et ${limit}.`),
    )

/** The box of the path, north, east, south, west (WGS 84 degrees), as [west, south, east, north]. */
export const boxParamsSchema = z
  .object({
    n: coordinate('n (nord)', 90),
    e: coordinate('e (est)', 180),
    s: coordinate('s (sud)', 90),
    w: coordinate('w (ouest)', 180),
  })
  .refine((b) => b.s <= b.n, { message: 'Le nord (n) est au-dessus du sud (s) : n ≥ s.', path: ['n'] })
  .refine((b) => b.w <= b.e, { message: 'L’est (e) est à droite de l’ouest (w) : e ≥ w.', path: ['e'] })
  .transform((b): BBox => [b.w, b.s, b.e, b.n])

export type BoxLayer = 'parcelles' | 'sections'

interface BoxRow {
  /** Candidates of the box, counted up to the limit + 1. */
  candidates: number
  /** The Feature's text, written by PostgreSQL (NULL in the one row of a refused or empty box). */
  feature: string | null
  /** Whether the outline's extent lies inside the box (then the outline meets it surely). */
  inside: boolean | null
}

/** The Feature of each layer's row `t` in SQL: its outline and properties. */
const LAYERS: Record<BoxLayer, { table: string; feature: string }> = {
  parcelles: {
    table: 'parcelle',
    feature: featureSql('t.geometrie', [
      ['id', 't.id'],
      ['url', `${sqlText(PARCEL_URL_PREFIX)} || t.id`],
      ['codcom', 't.codcom'],
      ['section', 'substr(t.id, 9, 2)'],
      ['contenance', 't.contenance'],
    ]),
  },
  sections: {
    table: 'section_cadastrale',
    // A section is read through the list of its parcels.
    feature: featureSql('t.geometrie', [
      ['id', 't.id'],
      ['url', `${sqlText('/v0/ca/parcelles?search%5Bsection%5D=')} || t.id`],
    ]),
  },
}

/**
 * The statement of the candidates of a box (extents meeting it): their number, counted up to
 * `limit` + 1 from the index alone, and — only when it is at most `limit` — their Features in id
 * order. A box holding too many is one row without Feature (no outline read, none written).
 */
export function boxCandidatesStatement(
  layer: BoxLayer,
  box: BBox,
  limit = MAX_BOX_FEATURES,
): { text: string; values: unknown[] } {
  const [west, south, east, north] = box
  const { table, feature } = LAYERS[layer]
  return {
    text: `WITH b AS (SELECT box(point($1, $2), point($3, $4)) AS box),
      n AS (SELECT count(*)::int AS candidates FROM (SELECT 1 FROM b, ${table} t WHERE t.emprise && b.box LIMIT ${limit + 1}) c)
      SELECT n.candidates, f.feature, f.inside FROM n LEFT JOIN LATERAL (
        SELECT ${feature} AS feature, t.emprise <@ b.box AS inside
        FROM b, ${table} t
        WHERE n.candidates <= ${limit} AND t.emprise && b.box
        ORDER BY t.id
      ) f ON true`,
    values: [west, south, east, north],
  }
}

/** The FeatureCollection (JSON text) of the sections or parcels whose outline meets the box. */
export async function boxFeatures(
  layer: BoxLayer,
  box: BBox,
  options: { limit?: number; db?: Queryable } = {},
): Promise<string> {
  const limit = options.limit ?? MAX_BOX_FEATURES
  const statement = boxCandidatesStatement(layer, box, limit)
  const { rows } = await query<BoxRow>(statement.text, statement.values, options.db)
  if ((rows[0]?.candidates ?? 0) > limit) {
    throw badRequest(
      `Cette emprise compte plus de ${limit.toLocaleString('fr-FR')} ${layer === 'parcelles' ? 'parcelles' : 'sections'} : ` +
        'resserrez-la (zoomez) pour les obtenir.',
      [
        {
          location: 'params',
          path: 'n',
          message: `Au plus ${limit} objets par emprise.`,
          code: 'too_big',
        },
      ],
      { max_features: limit },
    )
  }
  const features: string[] = []
  for (const row of rows) {
    if (row.feature === null) continue
    // Only the outlines crossing the box's edge are read, for the exact test.
    if (row.inside || intersectsBox((JSON.parse(row.feature) as { geometry: AreaGeometry }).geometry, box)) {
      features.push(row.feature)
    }
  }
  return featureCollectionText(features)
}

// Communes ---------------------------------------------------------------------------------------

const communeCriteriaShape = {
  code: oneOrMany(communeCodeSchema, 1000).optional().describe('Code commune INSEE'),
  departement: oneOrMany(departementCodeSchema, 110).optional().describe('Code département'),
  region: oneOrMany(regionCodeSchema, 30).optional().describe('Code région'),
  q: oneOrMany(searchTextSchema, 20).optional().describe('Mots du nom de la commune, ou son code'),
}

export const communeSearchSchema = searchParameterSchema(communeCriteriaShape, {
  description: 'nom ou code de la commune',
})
export type CommuneSearch = z.output<typeof communeSearchSchema>

const COMMUNE_CODE = /^(\d{5}|2[AB]\d{3})$/

/** The texts of a commune search: the `search` string, or the values of `q`. */
function communeTexts(search: CommuneSearch | undefined): string[] {
  if (search === undefined) return []
  return typeof search === 'string' ? (search.trim() ? [search] : []) : (search.q ?? [])
}

export function communeFilter(search: CommuneSearch | undefined, params: SqlParams): string {
  if (search === undefined) return 'TRUE'
  const bind = (value: unknown, cast = '') => params.add(value, cast)
  const texts = communeTexts(search)
  const conditions: string[] = []
  if (typeof search !== 'string') {
    if (search.code) conditions.push(`c.code = ANY(${bind(search.code, '::text[]')})`)
    if (search.departement)
      conditions.push(`c.departement_code = ANY(${bind(search.departement, '::text[]')})`)
    if (search.region) conditions.push(`c.region_code = ANY(${bind(search.region, '::text[]')})`)
  }
  if (texts.length) {
    const alternatives = texts.map((text) => {
      const code = text.trim().toUpperCase()
      if (COMMUNE_CODE.test(code)) return `c.code = ${bind(code)}`
      // The trigram index on the stored normalised name serves these patterns.
      return wordsCondition('c.nom', searchWords(text), (w) => bind(w)).replaceAll(
        'tda_normalise(c.nom)',
        'c.nom_norm',
      )
    })
    conditions.push(alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`)
  }
  return conditions.length ? conditions.join(' AND ') : 'TRUE'
}

/**
 * The rank of a commune for the names searched: 0 when its name is one of them (accents, case and
 * punctuation aside), 1 when it starts with one, 2 otherwise — so that « rennes » lists Rennes
 * before Brennes. null when no name is searched (codes only, or no text): code order alone.
 */
export function communeRank(search: CommuneSearch | undefined, params: SqlParams): string | null {
  const names = communeTexts(search)
    .filter((text) => !COMMUNE_CODE.test(text.trim().toUpperCase()))
    .map(normaliseName)
    .filter((name) => name !== '')
  if (names.length === 0) return null
  const exact = params.add(names, '::text[]')
  // Normalised names hold letters, digits and spaces only: nothing to escape in the patterns.
  const prefixes = params.add(
    names.map((name) => `${name}%`),
    '::text[]',
  )
  return `CASE WHEN c.nom_norm = ANY(${exact}) THEN 0 WHEN c.nom_norm LIKE ANY(${prefixes}) THEN 1 ELSE 2 END`
}

export const communeWireSchema = z
  .object({
    code: z.string().describe('Code commune INSEE'),
    nom: z.string(),
    departement: z.string().describe('Code département'),
    region: z.string().describe('Code région'),
    centre: z
      .tuple([z.number(), z.number()])
      .nullable()
      .describe('Point dans la commune [longitude, latitude] (WGS 84)'),
    bbox: z
      .tuple([z.number(), z.number(), z.number(), z.number()])
      .nullable()
      .describe('Emprise du contour [ouest, sud, est, nord]'),
  })
  .strict()
export type CommuneWire = z.infer<typeof communeWireSchema>

const communeFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    geometry: z
      .object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.any()) })
      .nullable(),
    properties: communeWireSchema,
  })
  .strict()
export const communeFeatureCollectionSchema = z
  .object({ type: z.literal('FeatureCollection'), features: z.array(communeFeatureSchema) })
  .strict()

interface CommuneRow {
  id: string
  nom: string
  departement_code: string
  region_code: string
  lon: number | null
  lat: number | null
  geometry: string | null
}

const COMMUNE_COLUMNS = `c.code AS id, c.nom, c.departement_code, c.region_code, c.lon, c.lat, o.geometry::text AS geometry`
const COMMUNE_FROM = 'commune c LEFT JOIN commune_outline o ON o.code = c.code'

function serialiseCommune(row: CommuneRow): CommuneWire {
  return {
    code: row.id,
    nom: row.nom,
    departement: row.departement_code,
    region: row.region_code,
    centre: row.lon !== null && row.lat !== null ? [row.lon, row.lat] : null,
    bbox: row.geometry ? extentOf(JSON.parse(row.geometry) as AreaGeometry) : null,
  }
}

type CommuneListRequest = ListRequest<{ search?: CommuneSearch | undefined }>

export const communeListing: ListSource<CommuneListRequest> = {
  itemsKey: 'communes',
  async page(request) {
    const params = new SqlParams()
    const where = communeFilter(request.search, params)
    const rank = communeRank(request.search, params)
    const { total, rows } = await pageRows<CommuneRow>(
      pageStatement({
        select: rank ? `${COMMUNE_COLUMNS}, ${rank} AS rank` : COMMUNE_COLUMNS,
        from: COMMUNE_FROM,
        where,
        orderBy: rank ? 'rank, c.code' : 'c.code',
        outerOrder: rank ? 'r.rank, r.id' : 'r.id',
        params,
        page: request.page,
        size: request.size,
      }),
    )
    return { total, items: rows.map(serialiseCommune) }
  },
  async geojson(request) {
    const params = new SqlParams()
    const where = communeFilter(request.search, params)
    const rank = communeRank(request.search, params)
    const { rows } = await query<CommuneRow>(
      `SELECT ${COMMUNE_COLUMNS} FROM ${COMMUNE_FROM} WHERE ${where} ORDER BY ${rank ? `${rank}, ` : ''}c.code LIMIT ${MAX_FEATURES}`,
      params.values,
    )
    return featureCollectionText(rows.map((r) => featureText(r.geometry ?? 'null', serialiseCommune(r))))
  },
}
