// SQL for the criteria of a search of local premises: conditions on `local l` with bound values, and
// the uncapped query of every match that datasets capture with INSERT … SELECT.
import { SqlParams } from '../db/sql-params'
import { communeCodesMatching } from '../territory/commune-codes-sql'
import { searchWords } from '../text/normalise'
import type { PremisesCriteria } from './search-criteria'

/** Conditions on alias `l` (joined with AND; 'TRUE' when none), their values bound in `params`. */
export function premisesFilter(criteria: PremisesCriteria, params: SqlParams): string {
  const param = (value: unknown, cast = '') => params.add(value, cast)
  const conditions: string[] = []
  // Paris, Lyon and Marseille stand for their municipal arrondissements.
  if (criteria.communes)
    conditions.push(`l.codcom IN (${communeCodesMatching(param(criteria.communes, '::text[]'))})`)
  if (criteria.zones) {
    conditions.push(
      `l.codcom IN (SELECT zc.code_commune FROM zone_commune zc WHERE zc.zone_id = ANY(${param(criteria.zones, '::uuid[]')}))`,
    )
  }
  if (criteria.departements) {
    conditions.push(
      `l.codcom IN (SELECT c.code FROM commune c WHERE c.departement_code = ANY(${param(criteria.departements, '::text[]')}))`,
    )
  }
  if (criteria.annees) conditions.push(`l.annee = ANY(${param(criteria.annees, '::int[]')})`)
  if (criteria.proprietaires) {
    const alternatives = criteria.proprietaires.map((text) => {
      const words = searchWords(text)
      if (words.length === 0) return 'TRUE'
      // The trigram index on tda_normalise(proprietaire) serves these patterns.
      return `(${words.map((w) => `tda_normalise(l.proprietaire) LIKE ${param(`%${w}%`)}`).join(' AND ')})`
    })
    conditions.push(alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`)
  }
  return conditions.length ? conditions.join(' AND ') : 'TRUE'
}

/** A query selecting `select` for every local premises matching the criteria, without any cap. */
export function selectMatchingPremises(
  criteria: PremisesCriteria,
  options: { select: string; orderBy?: string; firstParam?: number },
): { text: string; values: unknown[] } {
  const params = new SqlParams((options.firstParam ?? 1) - 1)
  const where = premisesFilter(criteria, params)
  return {
    text:
      `SELECT ${options.select} FROM local l WHERE ${where}` +
      (options.orderBy ? ` ORDER BY ${options.orderBy}` : ''),
    values: params.values,
  }
}
