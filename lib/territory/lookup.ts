// Autocomplete over the reference territory: communes, zones (EPCI, departments, regions) and NAF
// activities found by name or by code, accent- and case-insensitive, best matches first. The
// explorer's pickers call these through their BFF routes (lib/territory/bff.ts).
//
// Ranking, from best to worst: the exact code (or postal code, or zone id), the exact name, a code
// starting with the query, a name starting with it, a word of the name starting with it, the query
// anywhere in the name. Ties: the most populated commune; regions, then departments, then EPCI;
// then the name.
import { query, type Queryable } from '../db/pool'
import { normaliseName } from '../text/normalise'
import { indexNaf, matchNaf, type NafIndex } from './naf-match'

export const LOOKUP_MAX_LIMIT = 50

/** What a lookup query can be matched on: a code-like token and words of a name. */
export interface LookupQuery {
  /** The query as a code, upper-cased without spaces (INSEE, postal, NAF, EPCI SIREN…); '' when it cannot be one. */
  code: string
  /** The query as a UUID (zone ids), or null. */
  id: string | null
  /** The query as a name, normalised (lib/text/normalise); '' when it has no letter or digit. */
  text: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function parseLookupQuery(raw: string): LookupQuery {
  const trimmed = raw.trim()
  const compact = trimmed.replace(/[\s.]/g, '').toUpperCase()
  return {
    code: /^[0-9A-Z]{1,14}$/.test(compact) && /\d/.test(compact) ? compact : '',
    id: UUID.test(trimmed) ? trimmed.toLowerCase() : null,
    text: normaliseName(trimmed),
  }
}

/** Abbreviations of place names, as people type them (« St Malo », « Ste-Maxime », « Mt St Michel »). */
const PLACE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  ST: 'SAINT',
  STE: 'SAINTE',
  STS: 'SAINTS',
  STES: 'SAINTES',
  MT: 'MONT',
  NDAME: 'NOTRE DAME',
}

/** A normalised place name with its abbreviated words written out (ST MALO → SAINT MALO). */
export function expandPlaceAbbreviations(normalised: string): string {
  if (normalised === '') return ''
  return normalised
    .split(' ')
    .map((word) => PLACE_ABBREVIATIONS[word] ?? word)
    .join(' ')
}

export interface CommuneSuggestion {
  code: string
  nom: string
  type: 'commune' | 'arrondissement'
  departement: string
  codes_postaux: string[]
  population: number
}

export interface ZoneSuggestion {
  id: string
  type: 'epci' | 'departement' | 'region'
  code: string
  nom: string
}

export interface NafSuggestion {
  code: string
  libelle: string
}

// $1 code ('' for none), $2 normalised text ('' for none), $3 limit.
const NAME_RANK = (column: string) => `CASE
      WHEN q.n = '' THEN 9
      WHEN ${column} = q.n THEN 1
      WHEN ${column} LIKE q.n || '%' THEN 3
      WHEN ${column} LIKE '% ' || q.n || '%' THEN 4
      WHEN ${column} LIKE '%' || q.n || '%' THEN 5
      ELSE 9 END`

// A commune whose arrondissement has the postal code is represented by the arrondissement.
const HAS_POSTCODE = (alias: string) => `q.code = ANY(${alias}.codes_postaux) AND NOT EXISTS (
    SELECT 1 FROM commune a WHERE a.parent_code = ${alias}.code AND q.code = ANY(a.codes_postaux))`

/**
 * Communes by INSEE code, postal code or name. Names are matched without accents, case or
 * punctuation, with abbreviations written out (« St Malo », « ste-maxime »), and also when every
 * word of the query appears in the name, in any order. A postal code finds the communes that have
 * it (an arrondissement rather than its city).
 */
export async function lookupCommunes(raw: string, limit = 10, db?: Queryable): Promise<CommuneSuggestion[]> {
  const q = parseLookupQuery(raw)
  if (!q.code && !q.text) return []
  const text = expandPlaceAbbreviations(q.text)
  const { rows } = await query<CommuneSuggestion & { rank: number }>(
    `WITH q AS (SELECT $1::text AS code, $2::text AS n, $4::text[] AS words)
     SELECT code, nom, type, departement, codes_postaux, population, rank FROM (
       SELECT c.code, c.nom, c.type, c.departement_code AS departement, c.codes_postaux, c.population,
         LEAST(
           CASE WHEN q.code <> '' AND c.code = q.code THEN 0
                WHEN q.code <> '' AND ${HAS_POSTCODE('c')} THEN 0
                WHEN length(q.code) >= 2 AND c.code LIKE q.code || '%' THEN 2
                WHEN q.code <> '' AND q.code = ANY(c.codes_postaux) THEN 7
                ELSE 9 END,
           ${NAME_RANK('c.nom_norm')},
           CASE WHEN cardinality(q.words) > 1
                 AND (SELECT bool_and(c.nom_norm LIKE '%' || w || '%') FROM unnest(q.words) w) THEN 6
                ELSE 9 END) AS rank
       FROM commune c, q
       WHERE (q.code <> '' AND (c.code LIKE q.code || '%' OR q.code = ANY(c.codes_postaux)))
          OR (q.n <> '' AND c.nom_norm LIKE '%' || q.n || '%')
          OR (cardinality(q.words) > 1 AND c.nom_norm LIKE '%' || q.words[1] || '%')
     ) found
     WHERE rank < 9
     ORDER BY rank, population DESC, code
     LIMIT $3`,
    [q.code, text, Math.min(limit, LOOKUP_MAX_LIMIT), text === '' ? [] : text.split(' ')],
    db,
  )
  return rows.map(({ rank: _rank, ...suggestion }) => suggestion)
}

/** The most communes sharing one postal code (in France, a few dozen at most). */
export const POSTCODE_MAX_COMMUNES = 100

/**
 * Every commune that has the postal code `raw` (5 digits), an arrondissement rather than its city,
 * the most populated first; [] when `raw` is not a postal code or none has it.
 */
export async function communesOfPostcode(raw: string, db?: Queryable): Promise<CommuneSuggestion[]> {
  const code = raw.replace(/\s/g, '')
  if (!/^\d{5}$/.test(code)) return []
  const { rows } = await query<CommuneSuggestion>(
    `WITH q AS (SELECT $1::text AS code)
     SELECT c.code, c.nom, c.type, c.departement_code AS departement, c.codes_postaux, c.population
       FROM commune c, q WHERE ${HAS_POSTCODE('c')}
      ORDER BY c.population DESC, c.code LIMIT $2`,
    [code, POSTCODE_MAX_COMMUNES],
    db,
  )
  return rows
}

export async function lookupZones(raw: string, limit = 10, db?: Queryable): Promise<ZoneSuggestion[]> {
  const q = parseLookupQuery(raw)
  if (!q.code && !q.text && !q.id) return []
  const { rows } = await query<ZoneSuggestion & { rank: number }>(
    `WITH q AS (SELECT $1::text AS code, $2::text AS n, $4::text AS id)
     SELECT id, type, code, nom, rank FROM (
       SELECT z.id::text AS id, z.type, z.code, z.nom,
         LEAST(
           CASE WHEN q.id IS NOT NULL AND z.id::text = q.id THEN 0
                WHEN q.code <> '' AND z.code = q.code THEN 0
                WHEN length(q.code) >= 2 AND z.code LIKE q.code || '%' THEN 2
                ELSE 9 END,
           ${NAME_RANK('z.nom_norm')}) AS rank
       FROM zone z, q
       WHERE (q.id IS NOT NULL AND z.id::text = q.id)
          OR (q.code <> '' AND z.code LIKE q.code || '%')
          OR (q.n <> '' AND z.nom_norm LIKE '%' || q.n || '%')
     ) found
     WHERE rank < 9
     ORDER BY rank, CASE type WHEN 'region' THEN 0 WHEN 'departement' THEN 1 ELSE 2 END, nom, code
     LIMIT $3`,
    [q.code, q.id ? '' : q.text, Math.min(limit, LOOKUP_MAX_LIMIT), q.id],
    db,
  )
  return rows.map(({ rank: _rank, ...suggestion }) => suggestion)
}

let nafIndex: Promise<NafIndex> | null = null

/** The NAF nomenclature of the reference data, prepared for matching once per process. */
function loadNafIndex(db?: Queryable): Promise<NafIndex> {
  nafIndex ??= query<NafSuggestion>('SELECT code, libelle FROM naf ORDER BY code', [], db).then(
    ({ rows }) => indexNaf(rows),
    (error: unknown) => {
      nafIndex = null
      throw error
    },
  )
  return nafIndex
}

/** NAF activities by code, words of their label (by stem) or common name (lib/territory/naf-match). */
export async function lookupNaf(raw: string, limit = 20, db?: Queryable): Promise<NafSuggestion[]> {
  if (raw.trim() === '') return []
  return matchNaf(await loadNafIndex(db), raw, Math.min(limit, LOOKUP_MAX_LIMIT))
}
