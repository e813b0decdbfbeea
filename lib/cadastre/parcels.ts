// Parcels (GET /ca/parcelles and /ca/parcelles/:id): the search — a free text or an object of keys
// whose values may be lists (any of), combined with AND — its SQL, the wire records and GeoJSON.
// GeoJSON is written from the stored outline text as it is (no parsing per parcel): PostgreSQL writes
// each Feature's text (outline and properties) and the answer joins them.
import { z } from 'zod'
import { query, type Queryable } from '../db/pool'
import { pageRows, pageStatement } from '../db/page-statement'
import { SqlParams } from '../db/sql-params'
import { notFound } from '../http/api-error'
import { MAX_FEATURES } from '../http/list-limits'
import type { ListRequest, ListSource } from '../http/list-response'
import { oneOrMany, searchParameterSchema } from '../http/schemas'
import { communeCodeSchema, searchTextSchema, zoneIdSchema } from '../territory/code-schemas'
import { accountsNamed, anyOf, classifyCadastreText, wordsCondition } from './free-text'
import { ACCOUNT_ID_PATTERN, SECTION_ID_PATTERN } from './identifiers'
import {
  ACCOUNT_URL_PREFIX,
  PARCEL_URL_PREFIX,
  PREMISES_URL_PREFIX,
  refSchema,
  refs,
  SUF_URL_PREFIX,
} from './refs'

const sectionSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(
    (v) => SECTION_ID_PATTERN.test(v) || /^(0[A-Z]|[A-Z]{2})$/.test(v),
    'Une section s’écrit en 2 caractères (ex. AB, 0A) ou en 10 (commune, préfixe et section, ex. 35238000AB).',
  )
const areaSchema = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z.number({ error: `${name} est un nombre de m².` }).min(0, `${name} est positif.`),
  )
/** An owner: an account id (11 characters) or words of the owner's name. */
const ownerSchema = searchTextSchema

const parcelCriteriaShape = {
  codcom: oneOrMany(communeCodeSchema, 1000).optional().describe('Code commune INSEE'),
  section: oneOrMany(sectionSchema, 1000)
    .optional()
    .describe('Section : code (2 caractères) ou identifiant (10 caractères)'),
  zone_id: oneOrMany(zoneIdSchema, 100)
    .optional()
    .describe('Identifiant (UUID) d’une zone : EPCI, département ou région'),
  proprietaire: oneOrMany(ownerSchema, 100)
    .optional()
    .describe('Compte communal (identifiant de 11 caractères) ou texte à trouver dans le nom du titulaire'),
  contenance_min: areaSchema('contenance_min').optional().describe('Contenance minimale (m²)'),
  contenance_max: areaSchema('contenance_max').optional().describe('Contenance maximale (m²)'),
  q: oneOrMany(searchTextSchema, 20)
    .optional()
    .describe(
      'Texte libre : identifiant de parcelle, de section ou de compte, ou mots de l’adresse ou du nom du titulaire',
    ),
}

export const parcelSearchSchema = searchParameterSchema(parcelCriteriaShape, {
  description: 'identifiant de parcelle, de section ou de compte, adresse ou nom du titulaire',
  check: (criteria, ctx) => {
    const { contenance_min: min, contenance_max: max } = criteria
    if (min !== undefined && max !== undefined && min > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['contenance_min'],
        message: `contenance_min (${min} m²) dépasse contenance_max (${max} m²).`,
      })
    }
  },
})
export type ParcelSearch = z.output<typeof parcelSearchSchema>

/** Conditions on `parcelle p` for a search (AND of its keys), values bound in `params`. */
export function parcelFilter(search: ParcelSearch | undefined, params: SqlParams): string {
  if (search === undefined) return 'TRUE'
  const bind = (value: unknown, cast = '') => params.add(value, cast)
  const texts = typeof search === 'string' ? (search.trim() ? [search] : []) : (search.q ?? [])
  const conditions: string[] = []
  if (typeof search !== 'string') {
    if (search.codcom) conditions.push(`p.codcom = ANY(${bind(search.codcom, '::text[]')})`)
    if (search.section) {
      const ids = search.section.filter((s) => s.length === 10)
      const codes = search.section.filter((s) => s.length === 2)
      const either: string[] = []
      if (ids.length) either.push(`p.section = ANY(${bind(ids, '::text[]')})`)
      if (codes.length) either.push(`substr(p.section, 9, 2) = ANY(${bind(codes, '::text[]')})`)
      conditions.push(anyOf(either))
    }
    if (search.zone_id) {
      conditions.push(
        `p.codcom IN (SELECT zc.code_commune FROM zone_commune zc WHERE zc.zone_id = ANY(${bind(search.zone_id, '::uuid[]')}))`,
      )
    }
    if (search.proprietaire) {
      const ids = search.proprietaire.map((v) => v.toUpperCase()).filter((v) => ACCOUNT_ID_PATTERN.test(v))
      const names = search.proprietaire.filter((v) => !ACCOUNT_ID_PATTERN.test(v.toUpperCase()))
      const either: string[] = []
      if (ids.length) either.push(`p.compte = ANY(${bind(ids, '::text[]')})`)
      for (const name of names) {
        either.push(`p.compte IN (${accountsNamed(classifyWords(name), (w) => bind(w))})`)
      }
      conditions.push(anyOf(either))
    }
    if (search.contenance_min !== undefined)
      conditions.push(`p.contenance >= ${bind(search.contenance_min, '::float8')}`)
    if (search.contenance_max !== undefined)
      conditions.push(`p.contenance <= ${bind(search.contenance_max, '::float8')}`)
  }
  if (texts.length) {
    conditions.push(
      anyOf(
        texts.map((text) => {
          const t = classifyCadastreText(text)
          switch (t.kind) {
            case 'parcelle':
              return `p.id = ${bind(t.value)}`
            case 'section':
              return `p.section = ${bind(t.value)}`
            case 'compte':
              return `p.compte = ${bind(t.value)}`
            case 'local':
              return `p.id IN (SELECT l.parcelle FROM local l WHERE l.id = ${bind(t.value)})`
            case 'siren':
              return `p.compte IN (SELECT c.id FROM compte_communal c WHERE c.siren = ${bind(t.value)})`
            case 'words':
              return `(${wordsCondition('p.adresse', t.words, (w) => bind(w))} OR p.compte IN (${accountsNamed(t.words, (w) => bind(w))}))`
          }
        }),
      ),
    )
  }
  return conditions.length ? conditions.join(' AND ') : 'TRUE'
}

function classifyWords(text: string): string[] {
  const t = classifyCadastreText(text)
  return t.kind === 'words' ? t.words : [t.value]
}

// Wire ---------------------------------------------------------------------------------------------

export const parcelWireSchema = z
  .object({
    id: z.string().describe('Identifiant national (14 caractères)'),
    codcom: z.string().describe('Code commune INSEE'),
    commune: z.string(),
    prefixe: z.string().describe('Préfixe de section (000 hors communes associées)'),
    section: z.string().describe('Code de la section (2 caractères)'),
    numero: z.string().describe('Numéro de la parcelle dans la section (4 chiffres)'),
    contenance: z.int().describe('Contenance (m²)'),
    adresse: z.string(),
    url: z.string().startsWith(PARCEL_URL_PREFIX),
  })
  .strict()
export type ParcelWire = z.infer<typeof parcelWireSchema>

export const parcelDetailWireSchema = parcelWireSchema
  .extend({
    proprietaires: z
      .array(refSchema(ACCOUNT_URL_PREFIX))
      .describe('Comptes communaux de la parcelle et de ses locaux'),
    locaux: z.array(refSchema(PREMISES_URL_PREFIX)).describe('Locaux situés sur la parcelle'),
    suf: z
      .array(refSchema(SUF_URL_PREFIX))
      .describe('Subdivisions fiscales de la parcelle (leurs contenances font celle de la parcelle)'),
  })
  .strict()

const polygonGeometrySchema = z.object({
  type: z.enum(['Polygon', 'MultiPolygon']),
  coordinates: z.array(z.array(z.any())),
})
export const parcelFeatureSchema = z
  .object({ type: z.literal('Feature'), geometry: polygonGeometrySchema, properties: parcelWireSchema })
  .strict()
/** The Feature of GET /v0/ca/parcelles/:id: its properties are the full record. */
export const parcelDetailFeatureSchema = z
  .object({ type: z.literal('Feature'), geometry: polygonGeometrySchema, properties: parcelDetailWireSchema })
  .strict()
export const parcelFeatureCollectionSchema = z
  .object({ type: z.literal('FeatureCollection'), features: z.array(parcelFeatureSchema) })
  .strict()

const PARCEL_COLUMNS = 'p.id, p.codcom, p.commune, p.section, p.numero, p.contenance, p.adresse'

interface ParcelRow {
  id: string
  codcom: string
  commune: string
  section: string
  numero: string
  contenance: number
  adresse: string
}

export function serialiseParcel(row: ParcelRow): ParcelWire {
  return {
    id: row.id,
    codcom: row.codcom,
    commune: row.commune,
    prefixe: row.section.slice(5, 8),
    section: row.section.slice(8, 10),
    numero: row.numero,
    contenance: row.contenance,
    adresse: row.adresse,
    url: `${PARCEL_URL_PREFIX}${row.id}`,
  }
}

/** A Feature as JSON text around a stored geometry text (no parsing, no re-serialising of coordinates). */
export function featureText(geometry: string, properties: unknown): string {
  return `{"type":"Feature","geometry":${geometry},"properties":${JSON.stringify(properties)}}`
}

export const featureCollectionText = (features: readonly string[]) =>
  `{"type":"FeatureCollection","features":[${features.join(',')}]}`

/**
 * The SQL text of a Feature around a stored outline `geometry` (a column holding GeoJSON text) and
 * `properties`, a list of name and SQL expression, each value written by to_json (strings escaped,
 * numbers as they are, NULL as null) in the order given, compact as JSON.stringify writes them:
 * PostgreSQL writes the whole Feature, the answer only joins them.
 */
export function featureSql(geometry: string, properties: ReadonlyArray<readonly [string, string]>): string {
  const members = properties
    .map(
      ([name, expression], i) =>
        `'${i === 0 ? '' : ','}"${name}":' || coalesce(to_json(${expression})::text, 'null')`,
    )
    .join(' || ')
  return `'{"type":"Feature","geometry":' || ${geometry} || ',"properties":{' || ${members} || '}}'`
}

/** A constant as an SQL string literal. */
export const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`

/** The properties of a parcel's Feature in SQL: the JSON record (serialiseParcel), same names. */
const PARCEL_FEATURE = featureSql('p.geometrie', [
  ['id', 'p.id'],
  ['codcom', 'p.codcom'],
  ['commune', 'p.commune'],
  ['prefixe', 'substr(p.section, 6, 3)'],
  ['section', 'substr(p.section, 9, 2)'],
  ['numero', 'p.numero'],
  ['contenance', 'p.contenance'],
  ['adresse', 'p.adresse'],
  ['url', `${sqlText(PARCEL_URL_PREFIX)} || p.id`],
])

/**
 * Parcels in the order of their ids. An id starts with its commune's code, so ordering by
 * (codcom, id) is the same order, and lets the (codcom, id) index give a commune's parcels in order
 * (ordered by id alone, PostgreSQL walks the primary key past every parcel of the communes before).
 */
const PARCEL_ORDER = 'p.codcom, p.id'

// Reads --------------------------------------------------------------------------------------------

type ParcelListRequest = ListRequest<{ search?: ParcelSearch | undefined }>

/** The statement of a JSON page of parcels and its exact total (what GET /ca/parcelles runs). */
export function parcelPageStatement(request: Pick<ParcelListRequest, 'search' | 'page' | 'size'>) {
  const params = new SqlParams()
  const where = parcelFilter(request.search, params)
  return pageStatement({
    select: PARCEL_COLUMNS,
    from: 'parcelle p',
    where,
    orderBy: PARCEL_ORDER,
    outerOrder: 'r.id',
    params,
    page: request.page,
    size: request.size,
  })
}

/** The statement of the GeoJSON of a search: the Features of at most MAX_FEATURES parcels. */
export function parcelFeaturesStatement(search: ParcelSearch | undefined) {
  const params = new SqlParams()
  const where = parcelFilter(search, params)
  return {
    text: `SELECT ${PARCEL_FEATURE} AS feature FROM parcelle p WHERE ${where} ORDER BY ${PARCEL_ORDER} LIMIT ${MAX_FEATURES}`,
    values: params.values,
  }
}

export const parcelListing: ListSource<ParcelListRequest> = {
  itemsKey: 'parcelles',
  datasetModel: 'parcelle',
  async page(request) {
    const { total, rows } = await pageRows<ParcelRow>(parcelPageStatement(request))
    return { total, items: rows.map(serialiseParcel) }
  },
  async geojson(request) {
    const statement = parcelFeaturesStatement(request.search)
    const { rows } = await query<{ feature: string }>(statement.text, statement.values)
    return featureCollectionText(rows.map((r) => r.feature))
  },
}

/** The statement of a parcel's record: its columns, outline, account, premises and their accounts, fiscal subdivisions. */
export function parcelRecordStatement(id: string) {
  return {
    text: `SELECT ${PARCEL_COLUMNS}, p.geometrie, p.compte,
        coalesce((SELECT array_agg(l.id ORDER BY l.id) FROM local l WHERE l.parcelle = p.id), '{}') AS locaux,
        coalesce((SELECT array_agg(DISTINCT l.compte) FROM local l WHERE l.parcelle = p.id AND l.compte IS NOT NULL), '{}') AS comptes,
        coalesce((SELECT array_agg(s.id ORDER BY s.id) FROM suf s WHERE s.parcelle = p.id), '{}') AS suf
       FROM parcelle p WHERE p.id = $1`,
    values: [id],
  }
}

/** The record of GET /v0/ca/parcelles/:id (JSON), or its Feature (GeoJSON); 404 when unknown. */
export async function parcelRecord(id: string, format: 'json' | 'geojson', db?: Queryable): Promise<unknown> {
  const statement = parcelRecordStatement(id)
  const { rows } = await query<
    ParcelRow & { geometrie: string; compte: string; locaux: string[]; comptes: string[]; suf: string[] }
  >(statement.text, statement.values, db)
  const row = rows[0]
  if (!row) throw notFound(`Aucune parcelle « ${id} ».`)
  const accounts = [...new Set([row.compte, ...row.comptes])]
  const record = {
    ...serialiseParcel(row),
    proprietaires: refs(ACCOUNT_URL_PREFIX, accounts),
    locaux: refs(PREMISES_URL_PREFIX, row.locaux),
    suf: refs(SUF_URL_PREFIX, row.suf),
  }
  return format === 'geojson' ? featureText(row.geometrie, record) : record
}
