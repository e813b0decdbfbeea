// The establishment search (spec §4.3): a page of establishments with the exact number of matches,
// the located establishments of a search for maps, and one establishment by SIRET. The SQL follows
// the shapes measured fastest (DESIGN §9): geographic criteria drive a per-commune plan (LATERAL
// top-N on the (code_commune, siret) index), names go through the trigram index on the stored
// normalised name, and a text search is ranked (exact name, then prefix, then similarity).
//
// A page and its total are one statement (one round trip, one connection): every row carries the
// total, and an empty page is one row of NULLs with the total. The statements are built by pure
// functions, which the benchmark runs as they are against the API.
import { RECORDED_ESTABLISHMENTS_SQL } from '../data-info/data-info'
import { query, type Queryable } from '../db/pool'
import { SqlParams } from '../db/sql-params'
import { MAX_FEATURES } from '../http/list-limits'
import type { BBox } from '../territory/geometry'
import { SIRET_PATTERN } from './identifiers'
import {
  ESTABLISHMENT_DETAIL_SELECT,
  ESTABLISHMENT_JOINS,
  ESTABLISHMENT_SELECT,
  rowToEstablishment,
  rowToEstablishmentDetail,
  type Establishment,
  type EstablishmentDetail,
  type EstablishmentDetailRow,
  type EstablishmentRow,
} from './read-model'
import type { SearchCriteria } from './search-criteria'
import { classifyTexts, establishmentFilter } from './search-filter'
import type { PointRef } from './serialise'
import { cellLevelFor, cellPiecesQuery } from './cluster-cells'
import { clusterGrid } from './clusters-grid'

export interface SearchPage {
  /** Number of establishments matching the search over all pages (not capped at RESULT_CAP). */
  total: number
  page: number
  etablissements: Establishment[]
}

/** A statement and its bound values, as `pg` takes them. */
export interface Statement {
  text: string
  values: unknown[]
}

interface Plan {
  params: SqlParams
  /** `etablissement e WHERE …`: the rows matching the criteria (and the extra conditions). */
  from: string
  /** Geographic communes query, when the plan goes commune by commune. */
  communes: string | null
  where: string
  /** Rank expressions over alias e, for searches by name. */
  rank: { classExpr: string; similarityExpr: string } | null
  /** Whether nothing restricts the search (its total is the recorded number of establishments). */
  everything: boolean
}

const NAME_COLUMNS = ['e.entreprise_norm', 'e.enseigne_norm', "coalesce(e.denomination_norm, '')"]

function plan(
  criteria: SearchCriteria,
  extra: { bbox?: BBox | undefined; located?: boolean; unranked?: boolean } = {},
): Plan {
  const params = new SqlParams()
  const texts = classifyTexts(criteria)
  const filter = establishmentFilter(criteria, params, texts)
  const conditions = filter.where === 'TRUE' ? [] : [filter.where]
  if (extra.located || extra.bbox) conditions.push('e.lon IS NOT NULL')
  if (extra.bbox) {
    const [west, south, east, north] = extra.bbox
    conditions.push(
      `e.lon >= ${params.add(west, '::float8')} AND e.lon <= ${params.add(east, '::float8')}`,
      `e.lat >= ${params.add(south, '::float8')} AND e.lat <= ${params.add(north, '::float8')}`,
    )
  }

  // Ranking applies when a text is words (a SIRET or SIREN text is an identifier lookup).
  let rank: Plan['rank'] = null
  if (!extra.unranked && texts.some((t) => t.kind === 'words' && t.words.length > 0)) {
    const classes: string[] = []
    const similarities: string[] = []
    for (const text of texts) {
      if (text.kind !== 'words') {
        const match = `e.${text.kind} = ${params.add(text.value)}`
        classes.push(`CASE WHEN ${match} THEN 0 ELSE 3 END`)
        similarities.push(`CASE WHEN ${match} THEN 1 ELSE 0 END`)
        continue
      }
      if (text.words.length === 0) continue
      const name = params.add(text.normalised)
      const prefix = params.add(`${text.normalised}%`)
      classes.push(
        `CASE WHEN ${NAME_COLUMNS.map((c) => `${c} = ${name}`).join(' OR ')} THEN 0` +
          ` WHEN ${NAME_COLUMNS.map((c) => `${c} LIKE ${prefix}`).join(' OR ')} THEN 1 ELSE 2 END`,
      )
      similarities.push(`greatest(${NAME_COLUMNS.map((c) => `similarity(${c}, ${name})`).join(', ')})`)
    }
    rank = {
      classExpr: classes.length === 1 ? classes[0]! : `least(${classes.join(', ')})`,
      similarityExpr: similarities.length === 1 ? similarities[0]! : `greatest(${similarities.join(', ')})`,
    }
  }

  const where = conditions.length ? conditions.join(' AND ') : 'TRUE'
  const from = filter.communes
    ? `etablissement e WHERE e.code_commune IN (${filter.communes}) AND ${where}`
    : `etablissement e WHERE ${where}`
  return {
    params,
    from,
    communes: filter.communes,
    where,
    rank,
    everything: where === 'TRUE' && !filter.communes,
  }
}

/**
 * The SIRETs of the matching establishments in result order, `limit` of them from `offset`, with
 * `select` columns of alias e (and rank columns for ranked searches, read from `ranked`).
 */
function orderedSirets(p: Plan, limit: string, offset: string, select = 'e.siret', ranked = ''): string {
  if (p.rank) {
    return `SELECT * FROM ${ranked || `(SELECT ${select}, ${p.rank.classExpr} AS rank_class, ${p.rank.similarityExpr} AS rank_similarity FROM ${p.from}) m`}
      ORDER BY rank_class, rank_similarity DESC, siret LIMIT ${limit} OFFSET ${offset}`
  }
  if (p.communes) {
    // Per commune, the first (offset + limit) by SIRET through the (code_commune, siret) index;
    // then the global order over those few candidates. SIRETs are 14 digits (the table's CHECK):
    // byte order is their order in any collation, and much cheaper to sort by.
    return `SELECT x.* FROM (SELECT DISTINCT d.code FROM (${p.communes}) d) c
      CROSS JOIN LATERAL (
        SELECT ${select} FROM etablissement e
         WHERE e.code_commune = c.code AND ${p.where}
         ORDER BY e.siret LIMIT ${offset} + ${limit}) x
      ORDER BY x.siret COLLATE "C" LIMIT ${limit} OFFSET ${offset}`
  }
  return `SELECT ${select} FROM ${p.from} ORDER BY e.siret LIMIT ${limit} OFFSET ${offset}`
}

function countQuery(p: Plan): string {
  if (p.everything) {
    return `SELECT coalesce(${RECORDED_ESTABLISHMENTS_SQL}, (SELECT count(*)::int FROM etablissement)) AS total`
  }
  if (p.communes) {
    return `SELECT coalesce(sum(n.count), 0)::int AS total FROM (SELECT DISTINCT d.code FROM (${p.communes}) d) c
      CROSS JOIN LATERAL (SELECT count(*) AS count FROM etablissement e WHERE e.code_commune = c.code AND ${p.where}) n`
  }
  return `SELECT count(*)::int AS total FROM ${p.from}`
}

/**
 * The statement of one page (1-based) of the establishments matching `criteria` (and located
 * inside `bbox` when given) with the exact number of matches: establishment rows in result order,
 * each with column `total`, or one row of NULLs and the total when the page is empty.
 */
export function searchPageStatement(
  criteria: SearchCriteria,
  options: { page: number; size: number; bbox?: BBox | undefined },
): Statement {
  const p = plan(criteria, { bbox: options.bbox })
  const limit = p.params.add(options.size, '::int')
  const offset = p.params.add((options.page - 1) * options.size, '::int')
  const page = (sirets: string, order: string) => `SELECT ${ESTABLISHMENT_SELECT}, counted.total
      FROM counted LEFT JOIN LATERAL (${sirets}) r ON true
      LEFT JOIN etablissement e ON e.siret = r.siret
      ${ESTABLISHMENT_JOINS}
     ORDER BY ${order}`
  if (p.rank) {
    // The matches are ranked once; the total counts them and the page orders them.
    return {
      text: `WITH m AS MATERIALIZED (
          SELECT e.siret, ${p.rank.classExpr} AS rank_class, ${p.rank.similarityExpr} AS rank_similarity FROM ${p.from}),
        counted AS (SELECT count(*)::int AS total FROM m)
        ${page(orderedSirets(p, limit, offset, '', 'm'), 'r.rank_class, r.rank_similarity DESC, r.siret')}`,
      values: p.params.values,
    }
  }
  return {
    text: `WITH counted AS (${countQuery(p)}) ${page(orderedSirets(p, limit, offset), 'r.siret')}`,
    values: p.params.values,
  }
}

/**
 * The statement of the located establishments of a search (at most MAX_FEATURES: the first ones
 * in result order), optionally inside `bbox` [west, south, east, north], ordered by
 * (lon, lat, siret) so that consecutive equal points share a GeoJSON feature (see featureCollectionJson).
 */
export function searchPointsStatement(
  criteria: SearchCriteria,
  options: { bbox?: BBox | undefined } = {},
): Statement {
  const p = plan(criteria, { located: true, bbox: options.bbox })
  return {
    text: `SELECT r.siret, r.lon, r.lat FROM (${orderedSirets(p, String(MAX_FEATURES), '0', 'e.siret, e.lon, e.lat')}) r
      ORDER BY r.lon, r.lat, r.siret COLLATE "C"`,
    values: p.params.values,
  }
}

/** One cell of a clustered view: its establishments' count, mean position, extent and first SIRET. */
export interface ClusterRow {
  count: number
  lon: number
  lat: number
  siret: string
  west: number
  south: number
  east: number
  north: number
}

/**
 * The statement of the clusters of a search's located establishments inside `bbox` at `zoom`: the
 * establishments grouped by the cells of clusterGrid, one row per non-empty cell (at most
 * MAX_CLUSTERS), whose counts add up to the number of located matches inside the box.
 */
export function searchClustersStatement(
  criteria: SearchCriteria,
  options: { bbox: BBox; zoom: number },
): Statement {
  const grid = clusterGrid(options.bbox, options.zoom)
  // Without criteria, a large view adds up cells counted ahead of time (cluster-cells.ts).
  const level = hasNoCriteria(criteria) ? cellLevelFor(grid) : null
  if (level !== null) {
    const params = new SqlParams()
    const bind = (value: unknown, cast: string) => params.add(value, cast)
    const pieces = cellPiecesQuery(options.bbox, level, bind)
    if (pieces) {
      const west = bind(grid.west, '::float8')
      const south = bind(grid.south, '::float8')
      const cellLon = bind(grid.cellLon, '::float8')
      const cellLat = bind(grid.cellLat, '::float8')
      return {
        text: `SELECT sum(p.n)::int AS count, sum(p.somme_lon) / sum(p.n) AS lon, sum(p.somme_lat) / sum(p.n) AS lat,
            min(p.siret) AS siret, min(p.ouest) AS west, min(p.sud) AS south, max(p.est) AS east, max(p.nord) AS north
          FROM (${pieces}) p
          GROUP BY floor((p.somme_lon / p.n - ${west}) / ${cellLon}), floor((p.somme_lat / p.n - ${south}) / ${cellLat})`,
        values: params.values,
      }
    }
  }
  // Counts need no ranking (its values would be bound and unused).
  const p = plan(criteria, { located: true, bbox: options.bbox, unranked: true })
  const west = p.params.add(grid.west, '::float8')
  const south = p.params.add(grid.south, '::float8')
  const cellLon = p.params.add(grid.cellLon, '::float8')
  const cellLat = p.params.add(grid.cellLat, '::float8')
  return {
    text: `SELECT count(*)::int AS count, avg(g.lon) AS lon, avg(g.lat) AS lat, min(g.siret) AS siret,
        min(g.lon) AS west, min(g.lat) AS south, max(g.lon) AS east, max(g.lat) AS north
      FROM (SELECT e.siret, e.lon, e.lat,
              floor((e.lon - ${west}) / ${cellLon}) AS x, floor((e.lat - ${south}) / ${cellLat}) AS y
            FROM ${p.from}) g
      GROUP BY g.x, g.y`,
    values: p.params.values,
  }
}

/** Whether a search has no criterion at all (every establishment). */
function hasNoCriteria(criteria: SearchCriteria): boolean {
  return Object.values(criteria).every((values) => values === undefined || values.length === 0)
}

/** The clusters of a search's located establishments in a view (see searchClustersStatement). */
export async function searchClusters(
  criteria: SearchCriteria,
  options: { bbox: BBox; zoom: number },
  db?: Queryable,
): Promise<ClusterRow[]> {
  const statement = searchClustersStatement(criteria, options)
  return (await query<ClusterRow>(statement.text, statement.values, db)).rows
}

/** The statement of one establishment by SIRET. */
export function establishmentStatement(siret: string): Statement {
  return {
    text: `SELECT ${ESTABLISHMENT_DETAIL_SELECT} FROM etablissement e ${ESTABLISHMENT_JOINS} WHERE e.siret = $1`,
    values: [siret],
  }
}

/** One page of a search as read (rows of ESTABLISHMENT_SELECT) and its exact total. */
export async function searchEstablishmentRows(
  criteria: SearchCriteria,
  options: { page: number; size: number; bbox?: BBox | undefined },
  db?: Queryable,
): Promise<{ total: number; rows: EstablishmentRow[] }> {
  const statement = searchPageStatement(criteria, options)
  const { rows } = await query<EstablishmentRow & { total: number }>(statement.text, statement.values, db)
  const total = rows[0]?.total ?? 0
  return { total, rows: rows[0]?.siret === null ? [] : rows }
}

/** One page of a search and its exact total (see searchPageStatement). */
export async function searchEstablishments(
  criteria: SearchCriteria,
  options: { page: number; size: number; bbox?: BBox | undefined },
  db?: Queryable,
): Promise<SearchPage> {
  const { total, rows } = await searchEstablishmentRows(criteria, options, db)
  return { total, page: options.page, etablissements: rows.map(rowToEstablishment) }
}

/** The located establishments of a search, for maps (see searchPointsStatement). */
export async function searchPoints(
  criteria: SearchCriteria,
  options: { bbox?: BBox | undefined } = {},
  db?: Queryable,
): Promise<PointRef[]> {
  const statement = searchPointsStatement(criteria, options)
  return (await query<PointRef>(statement.text, statement.values, db)).rows
}

/** One establishment by SIRET (14 digits) with its contact information, or null. */
export async function getEstablishment(siret: string, db?: Queryable): Promise<EstablishmentDetail | null> {
  if (!SIRET_PATTERN.test(siret)) return null
  const statement = establishmentStatement(siret)
  const { rows } = await query<EstablishmentDetailRow>(statement.text, statement.values, db)
  return rows[0] ? rowToEstablishmentDetail(rows[0]) : null
}
