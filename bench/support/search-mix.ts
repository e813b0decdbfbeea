// The establishment searches the benchmarks send, picked from the data, and for each the very
// statement the API runs for it: the request is parsed by the API's own schema and resolved as the
// API resolves it, then the library's statement builders write the SQL (nothing written by hand).
import type pg from 'pg'
import { toCriteria } from '@/lib/establishments/search-criteria'
import { searchRequestSchema, type SearchRequestInput } from '@/lib/establishments/search-contract'
import { searchPageStatement, searchPointsStatement, type Statement } from '@/lib/establishments/search'
import { resolveListRequest } from '@/lib/http/list-request'
import { queryToObject } from '@/lib/http/query'

export interface SearchCase {
  name: string
  /** Query string of GET /v0/eco/sirets. */
  query: string
  /** An index lookup (SIREN, commune, zone): the case the cost target is about. */
  lookup: boolean
}

/** The statement the API runs for `query` (a JSON page, or the GeoJSON points). */
export function statementOf(query: string, format: 'json' | 'geojson' = 'json'): Statement {
  const parsed = searchRequestSchema.parse(queryToObject(new URLSearchParams(query)))
  const list = resolveListRequest<SearchRequestInput>({ query: parsed, format, datasetModel: 'siret' })
  const criteria = toCriteria(list.search)
  return format === 'json'
    ? searchPageStatement(criteria, { page: list.page, size: list.size, bbox: list.bbox })
    : searchPointsStatement(criteria, { bbox: list.bbox })
}

const search = (value: unknown, extra = '') => `search=${encodeURIComponent(JSON.stringify(value))}${extra}`

/**
 * The mix, picked from the data: the biggest and the median commune, the median EPCI, a common and
 * a rare name, a SIREN, a deep page of a department. `only` keeps the index lookups.
 */
export async function pickCases(db: pg.Pool, only?: 'lookups'): Promise<SearchCase[]> {
  const communes = (
    await db.query<{ code: string; n: number }>(
      'SELECT code_commune AS code, count(*)::int AS n FROM etablissement GROUP BY 1 ORDER BY 2 DESC, 1',
    )
  ).rows
  const big = communes[0]!
  const median = communes[Math.floor(communes.length / 2)]!
  const zones = (
    await db.query<{ id: string; nom: string; n: number }>(
      `SELECT z.id, z.nom, count(*)::int AS n FROM zone z JOIN zone_commune zc ON zc.zone_id = z.id
         JOIN etablissement e ON e.code_commune = zc.code_commune WHERE z.type = 'epci' GROUP BY 1, 2 ORDER BY 3, 1`,
    )
  ).rows
  const zone = zones[Math.floor(zones.length / 2)]!
  const departement = (
    await db.query<{ id: string }>(
      `SELECT z.id FROM zone z JOIN commune c ON c.departement_code = z.code
        WHERE z.type = 'departement' AND c.code = $1`,
      [big.code],
    )
  ).rows[0]!
  const { rows: counted } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM etablissement')
  const sample = (
    await db.query<{ siren: string; entreprise: string }>(
      'SELECT siren, entreprise FROM etablissement ORDER BY siret OFFSET $1 LIMIT 1',
      [Math.floor(counted[0]!.n / 2)],
    )
  ).rows[0]!
  console.error(
    `mix: biggest commune ${big.code} (${big.n}), median commune ${median.code} (${median.n}), ` +
      `median EPCI ${zone.nom} (${zone.n}), rare text « ${sample.entreprise} », SIREN ${sample.siren}`,
  )
  const cases: SearchCase[] = [
    { name: `SIREN`, query: search(sample.siren), lookup: true },
    { name: `median commune (${median.n} rows)`, query: search({ code_commune: median.code }), lookup: true },
    { name: `median EPCI zone (${zone.n} rows)`, query: search({ zone_id: zone.id }), lookup: true },
    { name: `biggest commune (${big.n} rows)`, query: search({ code_commune: big.code }), lookup: false },
    { name: 'free text, common (« boulangerie »)', query: search('boulangerie'), lookup: false },
    { name: 'free text, rare (a company name)', query: search(sample.entreprise), lookup: false },
    {
      name: 'page 150 of a department zone',
      query: search({ zone_id: departement.id }, '&page=150'),
      lookup: false,
    },
  ]
  return only === 'lookups' ? cases.filter((c) => c.lookup) : cases
}
