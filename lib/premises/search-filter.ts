// SQL for the criteria of a search of local premises: conditions on `local l` with bound values, and
// the uncapped query of every match that datasets capture with INSERT … SELECT.
import { SqlParams } from '../db/sql-params'
import { anyOf, classifyCadastreText, wordsCondition } from '../cadastre/free-text'
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
  // The trigram index on tda_normalise(proprietaire) serves these patterns.
  const ownerWords = (words: string[]) => wordsCondition('l.proprietaire', words, (w) => param(w))
  const owners: string[] = (criteria.proprietaires ?? []).map((text) => ownerWords(searchWords(text)))
  if (criteria.comptes) owners.push(`l.compte = ANY(${param(criteria.comptes, '::text[]')})`)
  if (owners.length) conditions.push(anyOf(owners))
  if (criteria.parcelles) conditions.push(`l.parcelle = ANY(${param(criteria.parcelles, '::text[]')})`)
  if (criteria.invariants) conditions.push(`l.invariant = ANY(${param(criteria.invariants, '::text[]')})`)
  if (criteria.texts) {
    conditions.push(
      anyOf(
        criteria.texts.map((text) => {
          if (/^\d{10}$/.test(text.trim())) return `l.invariant = ${param(text.trim())}`
          const t = classifyCadastreText(text)
          if (t.kind === 'local') return `l.id = ${param(t.value)}`
          if (t.kind === 'parcelle') return `l.parcelle = ${param(t.value)}`
          if (t.kind === 'compte') return `l.compte = ${param(t.value)}`
          if (t.kind === 'section') return `l.parcelle LIKE ${param(`${t.value}%`)}`
          if (t.kind === 'siren')
            return `l.compte IN (SELECT c.id FROM compte_communal c WHERE c.siren = ${param(t.value)})`
          return t.kind === 'words'
            ? `(${ownerWords(t.words)} OR ${wordsCondition('l.adresse', t.words, (w) => param(w))})`
            : 'FALSE'
        }),
      ),
    )
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
