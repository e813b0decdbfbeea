// A page of a list and its exact total in one statement (one round trip, one connection), the
// shape every search of the API uses: each row carries the column `total`, and an empty page is one
// row of NULLs with the total (see pageRows).
import { query, type Queryable } from './pool'
import { SqlParams } from './sql-params'

export interface PageQuery {
  /** Columns of the page's rows (over the alias used in `from`). */
  select: string
  /** `table alias`, optionally with joins. */
  from: string
  /** Conditions ('TRUE' when none), placeholders bound in `params`. */
  where: string
  /** Order of the rows inside the page query; `outerOrder` orders them by the selected columns. */
  orderBy: string
  outerOrder: string
  params: SqlParams
  page: number
  size: number
}

export function pageStatement(q: PageQuery): { text: string; values: unknown[] } {
  const limit = q.params.add(q.size, '::int')
  const offset = q.params.add((q.page - 1) * q.size, '::int')
  return {
    text: `WITH counted AS (SELECT count(*)::int AS total FROM ${q.from} WHERE ${q.where})
      SELECT r.*, counted.total FROM counted LEFT JOIN LATERAL (
        SELECT ${q.select} FROM ${q.from} WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT ${limit} OFFSET ${offset}
      ) r ON true
      ORDER BY ${q.outerOrder}`,
    values: q.params.values,
  }
}

/** Runs a page statement: its rows (without the NULL row of an empty page) and the total. */
export async function pageRows<R extends { id: string | null }>(
  statement: { text: string; values: unknown[] },
  db?: Queryable,
): Promise<{ total: number; rows: R[] }> {
  const { rows } = await query<R & { total: number }>(statement.text, statement.values, db)
  const total = rows[0]?.total ?? 0
  return { total, rows: rows[0]?.id === null ? [] : rows }
}

/**
 * One page of the rows of `from` matching the conditions `where` writes (binding its values), in
 * the order of `orderBy` (a column selected as `id`), with the exact total.
 */
export async function searchPage<R extends { id: string | null }>(
  q: {
    select: string
    from: string
    orderBy: string
    where: (params: SqlParams) => string
    page: number
    size: number
  },
  db?: Queryable,
): Promise<{ total: number; rows: R[] }> {
  const params = new SqlParams()
  const where = q.where(params)
  return pageRows<R>(pageStatement({ ...q, where, outerOrder: 'r.id', params }), db)
}
