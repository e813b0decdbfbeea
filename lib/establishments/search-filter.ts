// SQL for the criteria of an establishment search, shared by every consumer of a search (result
// pages, map points, counts, datasets): conditions on `etablissement e`, and separately the set of
// communes the geographic criteria allow, so callers can drive a per-commune plan (DESIGN §9).
import { SqlParams } from '../db/sql-params'
import { communeCodesMatching } from '../territory/commune-codes-sql'
import { classifyFreeText, type FreeText, type SearchCriteria } from './search-criteria'

export interface EstablishmentFilter {
  /** Conditions on alias `e`, joined with AND; 'TRUE' when none. */
  where: string
  /**
   * A query whose column `code` lists the communes the geographic criteria allow (code_commune,
   * zone_id, departement, region), or null when no geographic criterion is given.
   */
  communes: string | null
}

/** The free texts of the criteria, classified (each once: callers pass the result around). */
export function classifyTexts(criteria: SearchCriteria): FreeText[] {
  return (criteria.texts ?? []).map(classifyFreeText)
}

/**
 * The conditions of `criteria`, their values bound in `params`; `texts` are the criteria's free
 * texts as classifyTexts gives them.
 */
export function establishmentFilter(
  criteria: SearchCriteria,
  params: SqlParams,
  texts: readonly FreeText[] = classifyTexts(criteria),
): EstablishmentFilter {
  const conditions: string[] = []

  if (criteria.sirets) conditions.push(`e.siret = ANY(${params.add(criteria.sirets, '::text[]')})`)
  if (criteria.sirens) conditions.push(`e.siren = ANY(${params.add(criteria.sirens, '::text[]')})`)
  if (criteria.nafs) conditions.push(`e.code_naf = ANY(${params.add(criteria.nafs, '::text[]')})`)
  if (criteria.tranches)
    conditions.push(`e.tranche_effectif = ANY(${params.add(criteria.tranches, '::text[]')})`)
  if (texts.length > 0) {
    const alternatives = texts.map((text) => {
      if (text.kind !== 'words') return `e.${text.kind} = ${params.add(text.value)}`
      if (text.words.length === 0) return 'TRUE'
      // Each word anywhere in the names; the trigram index serves these LIKE patterns.
      return `(${text.words.map((w) => `e.nom_recherche LIKE ${params.add(`%${w}%`)}`).join(' AND ')})`
    })
    conditions.push(alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`)
  }

  // Paris, Lyon and Marseille stand for their municipal arrondissements (communeCodesMatching).
  const communeCodes = () => communeCodesMatching(params.add(criteria.communes, '::text[]'))
  let communes: string | null = null
  if (criteria.zones && !criteria.departements && !criteria.regions) {
    // Zones alone: their member communes straight from zone_commune's primary key (no pass over
    // the commune table).
    const geo = [`zc.zone_id = ANY(${params.add(criteria.zones, '::uuid[]')})`]
    if (criteria.communes) geo.push(`zc.code_commune IN (${communeCodes()})`)
    communes = `SELECT zc.code_commune AS code FROM zone_commune zc WHERE ${geo.join(' AND ')}`
  } else if (criteria.zones || criteria.departements || criteria.regions) {
    const geo: string[] = []
    if (criteria.communes) geo.push(`c.code IN (${communeCodes()})`)
    if (criteria.zones) {
      geo.push(
        `c.code IN (SELECT zc.code_commune FROM zone_commune zc WHERE zc.zone_id = ANY(${params.add(criteria.zones, '::uuid[]')}))`,
      )
    }
    if (criteria.departements)
      geo.push(`c.departement_code = ANY(${params.add(criteria.departements, '::text[]')})`)
    if (criteria.regions) geo.push(`c.region_code = ANY(${params.add(criteria.regions, '::text[]')})`)
    communes = `SELECT c.code FROM commune c WHERE ${geo.join(' AND ')}`
  } else if (criteria.communes) {
    // Codes are kept as given, so establishments of a commune missing from the reference are found.
    communes = communeCodes()
  }

  return { where: conditions.length ? conditions.join(' AND ') : 'TRUE', communes }
}

/**
 * A query selecting `select` for every establishment matching the criteria, in `orderBy` order,
 * without any cap (datasets capture whole results with it). Its placeholders start after the
 * `firstParam - 1` values the caller binds itself.
 */
export function selectMatching(
  criteria: SearchCriteria,
  options: { select: string; orderBy?: string; firstParam?: number },
): { text: string; values: unknown[] } {
  const params = new SqlParams((options.firstParam ?? 1) - 1)
  const filter = establishmentFilter(criteria, params)
  const communeCondition = filter.communes ? `e.code_commune IN (${filter.communes}) AND ` : ''
  return {
    text:
      `SELECT ${options.select} FROM etablissement e WHERE ${communeCondition}${filter.where}` +
      (options.orderBy ? ` ORDER BY ${options.orderBy}` : ''),
    values: params.values,
  }
}
