// The establishment search (spec §4.3): a page of establishments with the exact number of matches,
// the located establishments of a search for maps, and one establishment by SIRET. The SQL follows
// the shapes measured fastest (DESIGN §9): geographic criteria drive a per-commune plan (LATERAL
// top-N on the (code_commune, siret) index), names go through the trigram index on the stored
// normalised name, and a text search is ranked (exact name, then prefix, then similarity).
import { query, type Queryable } from '../db/pool'
import { MAX_FEATURES } from '../http/list-limits'
import { DATA_INFO_KEY } from '../status/get-status'
import type { BBox } from '../territory/geometry'
import {
  ESTABLISHMENT_JOINS,
  ESTABLISHMENT_SELECT,
  rowToEstablishment,
  type Establishment,
  type EstablishmentRow,
} from './read-model'
import { classifyFreeText, type SearchCriteria } from './search-criteria'
import { establishmentFilter, textWords } from './search-filter'
import type { PointRef } from './serialise'

export interface SearchPage {
  /** Number of establishments matching the search over all pages (not capped at RESULT_CAP). */
  total: number
  page: number
  etablissements: Establishment[]
}

interface Plan {
  /** FROM … WHERE … selecting `e` rows matching the criteria (and the extra conditions). */
  from: string
  /** Geographic communes query, when the plan goes commune by commune. */
  communes: string | null
  where: string
  values: unknown[]
  /** How many of `values` the conditions use (the rank expressions use the others). */
  conditionValues: number
  /** ORDER BY of the results over alias e (rank expressions or siret). */
  rank: { classExpr: string; similarityExpr: string } | null
}

const NAME_COLUMNS = ['e.entreprise_norm', 'e.enseigne_norm', "coalesce(e.denomination_norm, '')"]

function plan(criteria: SearchCriteria, extra: { bbox?: BBox; located?: boolean } = {}): Plan {
  const filter = establishmentFilter(criteria)
  const values = [...filter.values]
  const param = (value: unknown, cast = '') => {
    values.push(value)
    return `$${values.length}${cast}`
  }
  const conditions = filter.where === 'TRUE' ? [] : [filter.where]
  if (extra.located || extra.bbox) conditions.push('e.lon IS NOT NULL')
  if (extra.bbox) {
    const [west, south, east, north] = extra.bbox
    conditions.push(
      `e.lon >= ${param(west, '::float8')} AND e.lon <= ${param(east, '::float8')}`,
      `e.lat >= ${param(south, '::float8')} AND e.lat <= ${param(north, '::float8')}`,
    )
  }

  const conditionValues = values.length
  // Ranking applies when a text is words (a SIRET or SIREN text is an identifier lookup).
  let rank: Plan['rank'] = null
  const texts = criteria.texts ?? []
  const classified = texts.map(classifyFreeText)
  if (classified.some((t) => t.kind === 'words' && textWords(t.value).length > 0)) {
    const classes: string[] = []
    const similarities: string[] = []
    for (const text of classified) {
      if (text.kind === 'siret' || text.kind === 'siren') {
        const match = `e.${text.kind} = ${param(text.value)}`
        classes.push(`CASE WHEN ${match} THEN 0 ELSE 3 END`)
        similarities.push(`CASE WHEN ${match} THEN 1 ELSE 0 END`)
        continue
      }
      if (textWords(text.value).length === 0) continue
      const q = `tda_normalise(${param(text.value)})`
      classes.push(
        `CASE WHEN ${NAME_COLUMNS.map((c) => `${c} = ${q}`).join(' OR ')} THEN 0` +
          ` WHEN ${NAME_COLUMNS.map((c) => `${c} LIKE ${q} || '%'`).join(' OR ')} THEN 1 ELSE 2 END`,
      )
      similarities.push(`greatest(${NAME_COLUMNS.map((c) => `similarity(${c}, ${q})`).join(', ')})`)
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
  return { from, communes: filter.communes, where, values, conditionValues, rank }
}

/**
 * The SIRETs of the matching establishments in result order, `limit` of them from `offset`, with
 * `select` columns of alias e (and rank columns for ranked searches).
 */
function orderedSirets(p: Plan, limit: string, offset: string, select = 'e.siret'): string {
  if (p.rank) {
    return `SELECT * FROM (SELECT ${select}, ${p.rank.classExpr} AS rank_class, ${p.rank.similarityExpr} AS rank_similarity
        FROM ${p.from}) m
      ORDER BY m.rank_class, m.rank_similarity DESC, m.siret LIMIT ${limit} OFFSET ${offset}`
  }
  if (p.communes) {
    // Per commune, the first (offset + limit) by SIRET through the (code_commune, siret) index;
    // then the global order over those few candidates.
    return `SELECT x.* FROM (SELECT DISTINCT d.code FROM (${p.communes}) d) c
      CROSS JOIN LATERAL (
        SELECT ${select} FROM etablissement e
         WHERE e.code_commune = c.code AND ${p.where}
         ORDER BY e.siret LIMIT ${offset} + ${limit}) x
      ORDER BY x.siret LIMIT ${limit} OFFSET ${offset}`
  }
  return `SELECT ${select} FROM ${p.from} ORDER BY e.siret LIMIT ${limit} OFFSET ${offset}`
}

function countQuery(p: Plan): string {
  if (p.communes && !p.rank) {
    return `SELECT coalesce(sum(n.count), 0)::int AS total FROM (SELECT DISTINCT d.code FROM (${p.communes}) d) c
      CROSS JOIN LATERAL (SELECT count(*) AS count FROM etablissement e WHERE e.code_commune = c.code AND ${p.where}) n`
  }
  return `SELECT count(*)::int AS total FROM ${p.from}`
}

function isEmpty(criteria: SearchCriteria): boolean {
  return Object.values(criteria).every((v) => v === undefined)
}

/** Number of establishments recorded by the last seed or import (the status resource's figure). */
async function recordedTotal(db?: Queryable): Promise<number | null> {
  const { rows } = await query<{ total: number | null }>(
    `SELECT (value->>'etablissements')::int AS total FROM app_meta WHERE key = $1`,
    [DATA_INFO_KEY],
    db,
  )
  return rows[0]?.total ?? null
}

/**
 * One page (1-based) of the establishments matching `criteria` (and located inside `bbox` when
 * given), with the exact number of matches. The page and size are those the request
 * resolved (lib/http/list-request: within the cap).
 */
export async function searchEstablishments(
  criteria: SearchCriteria,
  options: { page: number; size: number; bbox?: BBox },
  db?: Queryable,
): Promise<SearchPage> {
  const { page, size } = options

  const p = plan(criteria, options.bbox ? { bbox: options.bbox } : {})
  const limit = `$${p.values.length + 1}::int`
  const offset = `$${p.values.length + 2}::int`
  const pageQuery = `SELECT ${ESTABLISHMENT_SELECT}
      FROM (${orderedSirets(p, limit, offset)}) r
      JOIN etablissement e ON e.siret = r.siret
      ${ESTABLISHMENT_JOINS}
     ORDER BY ${p.rank ? 'r.rank_class, r.rank_similarity DESC, ' : ''}r.siret`
  const pageValues = [...p.values, size, (page - 1) * size]

  const [rows, total] = await Promise.all([
    query<EstablishmentRow>(pageQuery, pageValues, db).then((r) => r.rows),
    (async () => {
      if (isEmpty(criteria) && !options.bbox) {
        const recorded = await recordedTotal(db)
        if (recorded !== null) return recorded
      }
      return (await query<{ total: number }>(countQuery(p), p.values.slice(0, p.conditionValues), db))
        .rows[0]!.total
    })(),
  ])
  return { total, page, etablissements: rows.map(rowToEstablishment) }
}

/**
 * The located establishments of a search (at most MAX_FEATURES: the first ones in result order),
 * optionally inside `bbox` [west, south, east, north], ordered by (lon, lat, siret) so that
 * consecutive equal points share a GeoJSON feature (see groupByPoint).
 */
export async function searchPoints(
  criteria: SearchCriteria,
  options: { bbox?: BBox } = {},
  db?: Queryable,
): Promise<PointRef[]> {
  const p = plan(criteria, { located: true, ...(options.bbox ? { bbox: options.bbox } : {}) })
  const { rows } = await query<PointRef>(
    `SELECT r.siret, r.lon, r.lat FROM (${orderedSirets(p, String(MAX_FEATURES), '0', 'e.siret, e.lon, e.lat')}) r
      ORDER BY r.lon, r.lat, r.siret`,
    p.values,
    db,
  )
  return rows
}

/** One establishment by SIRET (14 digits), or null. */
export async function getEstablishment(siret: string, db?: Queryable): Promise<Establishment | null> {
  if (!/^\d{14}$/.test(siret)) return null
  const { rows } = await query<EstablishmentRow>(
    `SELECT ${ESTABLISHMENT_SELECT} FROM etablissement e ${ESTABLISHMENT_JOINS} WHERE e.siret = $1`,
    [siret],
    db,
  )
  return rows[0] ? rowToEstablishment(rows[0]) : null
}
