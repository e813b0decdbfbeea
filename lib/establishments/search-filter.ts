// SQL for the criteria of an establishment search, shared by every consumer of a search (result
// pages, map points, counts, datasets): conditions on `etablissement e`, and separately the set of
// communes the geographic criteria allow, so callers can drive a per-commune plan (DESIGN §9).
import { classifyFreeText, type SearchCriteria } from './search-criteria'

export interface EstablishmentFilter {
  /** Conditions on alias `e`, joined with AND; 'TRUE' when none. */
  where: string
  /**
   * A query whose column `code` lists the communes the geographic criteria allow (code_commune,
   * zone_id, departement, region), or null when no geographic criterion is given.
   */
  communes: string | null
  /** Bound values of both, numbered from the `firstParam` given to `establishmentFilter`. */
  values: unknown[]
}

/** Words of a free text, split as tda_normalise splits them (on anything but letters and digits). */
export function textWords(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
}

export function establishmentFilter(criteria: SearchCriteria, firstParam = 1): EstablishmentFilter {
  const values: unknown[] = []
  const param = (value: unknown, cast = '') => {
    values.push(value)
    return `$${firstParam + values.length - 1}${cast}`
  }
  const conditions: string[] = []

  if (criteria.sirets) conditions.push(`e.siret = ANY(${param(criteria.sirets, '::text[]')})`)
  if (criteria.sirens) conditions.push(`e.siren = ANY(${param(criteria.sirens, '::text[]')})`)
  if (criteria.nafs) conditions.push(`e.code_naf = ANY(${param(criteria.nafs, '::text[]')})`)
  if (criteria.tranches) conditions.push(`e.tranche_effectif = ANY(${param(criteria.tranches, '::text[]')})`)
  if (criteria.texts) {
    const alternatives = criteria.texts.map((text) => {
      const free = classifyFreeText(text)
      if (free.kind === 'siret') return `e.siret = ${param(free.value)}`
      if (free.kind === 'siren') return `e.siren = ${param(free.value)}`
      const words = textWords(free.value)
      if (words.length === 0) return 'TRUE'
      // Each word anywhere in the names; the trigram index serves these LIKE patterns.
      return `(${words.map((w) => `e.nom_recherche LIKE '%' || tda_normalise(${param(w)}) || '%'`).join(' AND ')})`
    })
    conditions.push(alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`)
  }

  let communes: string | null = null
  if (criteria.zones && !criteria.departements && !criteria.regions) {
    // Zones alone: their member communes straight from zone_commune's primary key (no pass over
    // the commune table).
    const geo = [`zc.zone_id = ANY(${param(criteria.zones, '::uuid[]')})`]
    if (criteria.communes) geo.push(`zc.code_commune = ANY(${param(criteria.communes, '::text[]')})`)
    communes = `SELECT zc.code_commune AS code FROM zone_commune zc WHERE ${geo.join(' AND ')}`
  } else if (criteria.zones || criteria.departements || criteria.regions) {
    const geo: string[] = []
    if (criteria.communes) geo.push(`c.code = ANY(${param(criteria.communes, '::text[]')})`)
    if (criteria.zones) {
      geo.push(
        `c.code IN (SELECT zc.code_commune FROM zone_commune zc WHERE zc.zone_id = ANY(${param(criteria.zones, '::uuid[]')}))`,
      )
    }
    if (criteria.departements)
      geo.push(`c.departement_code = ANY(${param(criteria.departements, '::text[]')})`)
    if (criteria.regions) geo.push(`c.region_code = ANY(${param(criteria.regions, '::text[]')})`)
    communes = `SELECT c.code FROM commune c WHERE ${geo.join(' AND ')}`
  } else if (criteria.communes) {
    // Codes are used as given, so establishments of a commune missing from the reference are found.
    communes = `SELECT unnest(${param(criteria.communes, '::text[]')}) AS code`
  }

  return { where: conditions.length ? conditions.join(' AND ') : 'TRUE', communes, values }
}

/**
 * A query selecting `select` for every establishment matching the criteria, in `orderBy` order,
 * without any cap (datasets capture whole results with it).
 */
export function selectMatching(
  criteria: SearchCriteria,
  options: { select: string; orderBy?: string; firstParam?: number },
): { text: string; values: unknown[] } {
  const filter = establishmentFilter(criteria, options.firstParam ?? 1)
  const communeCondition = filter.communes ? `e.code_commune IN (${filter.communes}) AND ` : ''
  return {
    text:
      `SELECT ${options.select} FROM etablissement e WHERE ${communeCondition}${filter.where}` +
      (options.orderBy ? ` ORDER BY ${options.orderBy}` : ''),
    values: filter.values,
  }
}
