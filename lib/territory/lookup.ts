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

export async function lookupCommunes(raw: string, limit = 10, db?: Queryable): Promise<CommuneSuggestion[]> {
  const q = parseLookupQuery(raw)
  if (!q.code && !q.text) return []
  const { rows } = await query<CommuneSuggestion & { rank: number }>(
    `WITH q AS (SELECT $1::text AS code, $2::text AS n)
     SELECT code, nom, type, departement, codes_postaux, population, rank FROM (
       SELECT c.code, c.nom, c.type, c.departement_code AS departement, c.codes_postaux, c.population,
         LEAST(
           CASE WHEN q.code <> '' AND c.code = q.code THEN 0
                WHEN q.code <> '' AND q.code = ANY(c.codes_postaux) THEN 0
                WHEN length(q.code) >= 2 AND c.code LIKE q.code || '%' THEN 2
                ELSE 9 END,
           ${NAME_RANK('c.nom_norm')}) AS rank
       FROM commune c, q
       WHERE (q.code <> '' AND (c.code LIKE q.code || '%' OR q.code = ANY(c.codes_postaux)))
          OR (q.n <> '' AND c.nom_norm LIKE '%' || q.n || '%')
     ) found
     WHERE rank < 9
     ORDER BY rank, population DESC, code
     LIMIT $3`,
    [q.code, q.text, Math.min(limit, LOOKUP_MAX_LIMIT)],
    db,
  )
  return rows.map(({ rank: _rank, ...suggestion }) => suggestion)
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

export async function lookupNaf(raw: string, limit = 20, db?: Queryable): Promise<NafSuggestion[]> {
  const q = parseLookupQuery(raw)
  if (!q.code && !q.text) return []
  const { rows } = await query<NafSuggestion & { rank: number }>(
    `WITH q AS (SELECT $1::text AS code, $2::text AS n)
     SELECT code, libelle, rank FROM (
       SELECT n.code, n.libelle,
         LEAST(
           CASE WHEN q.code <> '' AND replace(n.code, '.', '') = q.code THEN 0
                WHEN q.code <> '' AND replace(n.code, '.', '') LIKE q.code || '%' THEN 2
                ELSE 9 END,
           ${NAME_RANK('n.libelle_norm')}) AS rank
       FROM naf n, q
       WHERE (q.code <> '' AND replace(n.code, '.', '') LIKE q.code || '%')
          OR (q.n <> '' AND n.libelle_norm LIKE '%' || q.n || '%')
     ) found
     WHERE rank < 9
     ORDER BY rank, code
     LIMIT $3`,
    [q.code, q.text, Math.min(limit, LOOKUP_MAX_LIMIT)],
    db,
  )
  return rows.map(({ rank: _rank, ...suggestion }) => suggestion)
}
